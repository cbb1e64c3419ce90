import HTTPTypes
import Hummingbird
import NIOCore

/// A response built once and sent many times: its headers (security headers, `ETag`,
/// `Content-Length` included) and body are ready, so answering costs no rendering and no
/// header work. `GET`, `HEAD` (the same headers, no body) and `If-None-Match` (304) are
/// answered from it.
package struct CannedResponse: Sendable {
  let status: HTTPResponse.Status
  let body: ByteBuffer
  /// The strong entity tag, quotes included, when the response has one.
  let etag: String?
  /// The status line and header lines as bytes, up to the `Date` line, for writing straight to
  /// the connection (``ConnectionHandler``).
  let wirePrefix: ByteBuffer
  /// What the headers and the 304's wire head are made from: ready, or (a page not in the
  /// cache) its template and length, made only when hummingbird or a 304 needs them.
  private let made: Made

  private enum Made: Sendable {
    case ready(HTTPFields, notModified: ByteBuffer)
    case template(ResponseTemplate, length: String)
  }

  /// The headers (`Content-Length` and `ETag` included), for hummingbird's path.
  var headers: HTTPFields {
    switch made {
    case .ready(let headers, _): return headers
    case .template(let template, let length):
      var headers = template.headers
      headers[template.lengthIndex] = HTTPField(name: .contentLength, value: length)
      headers[template.etagIndex] = HTTPField(name: .eTag, value: etag ?? "")
      return headers
    }
  }

  /// The same as ``wirePrefix`` for the 304.
  var wireNotModifiedPrefix: ByteBuffer {
    switch made {
    case .ready(_, let notModified): return notModified
    case .template(let template, let length):
      return template.wire(template.notModifiedHead, length, etag ?? "")
    }
  }

  /// - Parameters:
  ///   - contentType: The `Content-Type`.
  ///   - cacheControl: The `Cache-Control`.
  ///   - policy: The `Content-Security-Policy`; `frame-ancestors 'none'` is added.
  ///   - tagged: Whether to send an `ETag` (a hash of the body).
  ///   - extra: More headers (`Vary`, `Content-Language`, `Allow`, `Connection`).
  init(
    status: HTTPResponse.Status = .ok,
    contentType: String,
    body bytes: some Collection<UInt8>,
    cacheControl: String,
    policy: String = SecurityHeaders.defaultPolicy,
    tagged: Bool = true,
    extra: [(HTTPField.Name, String)] = [],
    security: SecurityHeaders
  ) {
    self.status = status
    var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
    buffer.writeBytes(bytes)
    body = buffer
    etag = tagged ? ETag.of(bytes) : nil
    var headers = HTTPFields()
    headers.reserveCapacity(12 + extra.count)
    headers[.contentType] = contentType
    headers[.contentLength] = String(bytes.count)
    headers[.cacheControl] = cacheControl
    if let etag { headers[.eTag] = etag }
    for (name, value) in extra { headers.append(HTTPField(name: name, value: value)) }
    security.add(to: &headers, policy: policy)
    let (wirePrefix, notModified) = Self.wire(status, headers)
    self.wirePrefix = wirePrefix
    made = .ready(headers, notModified: notModified)
  }

  /// A response of `template`'s kind with this body: its headers and wire bytes are the
  /// template's with the body's `Content-Length` and `ETag` filled in, byte for byte what
  /// ``init(status:contentType:body:cacheControl:policy:tagged:extra:security:)`` makes for the
  /// same arguments, without building and validating every header again (a page not in the
  /// cache is answered this way). Only the full response's wire head is made now: the header
  /// list and the 304's head when something asks for them.
  init(_ template: ResponseTemplate, body bytes: some Collection<UInt8>) {
    status = template.status
    var buffer = ByteBufferAllocator().buffer(capacity: bytes.count)
    buffer.writeBytes(bytes)
    body = buffer
    let etag = ETag.of(bytes)
    self.etag = etag
    let length = String(bytes.count)
    wirePrefix = template.wire(template.head, length, etag)
    made = .template(template, length: length)
  }

  /// The headers of a 304 Not Modified: the same minus the content type (made when a 304 is
  /// sent through hummingbird; the event loop's path sends ``wireNotModifiedPrefix``).
  var notModifiedHeaders: HTTPFields {
    var notModified = headers
    notModified[.contentType] = nil
    return notModified
  }

  /// What to send for a request, from its method and `If-None-Match`.
  enum Variant {
    case full, headersOnly, notModified
  }

  func variant(method: HTTPRequest.Method, ifNoneMatch: String?) -> Variant {
    if let etag, let ifNoneMatch, ETag.matches(ifNoneMatch, etag) { return .notModified }
    return method == .head ? .headersOnly : .full
  }

  /// The status line and header lines, and the same for the 304 (its status line, the same
  /// lines without the content type, which is the first: ``init`` sets it first), from one pass
  /// over the headers.
  private static func wire(
    _ status: HTTPResponse.Status,
    _ headers: HTTPFields
  ) -> (ByteBuffer, ByteBuffer) {
    var lines: [UInt8] = []
    lines.reserveCapacity(1024)
    var afterContentType = 0
    for field in headers {
      lines.append(contentsOf: field.name.rawName.utf8)
      lines.append(contentsOf: ": ".utf8)
      lines.append(contentsOf: field.value.utf8)
      lines.append(contentsOf: "\r\n".utf8)
      if afterContentType == 0, field.name == .contentType { afterContentType = lines.count }
    }
    func prefixed(_ status: HTTPResponse.Status, _ lines: ArraySlice<UInt8>) -> ByteBuffer {
      let line = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
      var buffer = ByteBufferAllocator().buffer(capacity: line.utf8.count + lines.count)
      buffer.writeString(line)
      buffer.writeBytes(lines)
      return buffer
    }
    return (prefixed(status, lines[...]), prefixed(.notModified, lines[afterContentType...]))
  }

  /// The response for a request: 304 when its `If-None-Match` names the entity tag, the
  /// headers alone for `HEAD`, everything otherwise.
  func response(for request: Request) -> Response {
    switch variant(method: request.method, ifNoneMatch: request.headers[.ifNoneMatch]) {
    case .notModified:
      Response(status: .notModified, headers: notModifiedHeaders, body: ResponseBody())
    case .headersOnly: Response(status: status, headers: headers, body: ResponseBody())
    case .full: Response(status: status, headers: headers, body: ResponseBody(byteBuffer: body))
    }
  }

  /// The size of the body, for cache accounting.
  var size: Int { body.readableBytes }
}

extension CannedResponse: CacheCosted {
  /// The body, the two wire heads and the two header lists (each about a wire head), and the
  /// entry's bookkeeping (the same for a response made from a template, whose header list and
  /// 304 head are made on demand, so that the cache's bound does not move).
  var cacheCost: Int { body.capacity + 4 * wirePrefix.capacity + 256 }
}

/// The headers of responses that differ only in their body (the landing pages of one variant
/// and locale): made once, with holes for `Content-Length` and `ETag`.
struct ResponseTemplate: Sendable {
  let status: HTTPResponse.Status
  /// The headers, with placeholders at ``lengthIndex`` and ``etagIndex``.
  let headers: HTTPFields
  let lengthIndex: Int
  let etagIndex: Int
  /// The status line and the header lines up to the `Content-Length` value; the same for the
  /// 304 (without the content type); the lines between the length and the tag's value; and
  /// those after it.
  let head: [UInt8]
  let notModifiedHead: [UInt8]
  let middle: [UInt8]
  let tail: [UInt8]

  /// The same arguments as ``CannedResponse``'s, for a tagged response.
  init(
    status: HTTPResponse.Status = .ok,
    contentType: String,
    cacheControl: String,
    policy: String,
    extra: [(HTTPField.Name, String)],
    security: SecurityHeaders
  ) {
    // The headers exactly as CannedResponse.init lists them, with placeholder values.
    let sample = CannedResponse(
      status: status,
      contentType: contentType,
      body: [UInt8](),
      cacheControl: cacheControl,
      policy: policy,
      extra: extra,
      security: security
    )
    self.status = status
    headers = sample.headers
    var pieces: [[UInt8]] = [[]]
    var lengthIndex = 0
    var etagIndex = 0
    var afterContentType = 0
    for (index, field) in headers.enumerated() {
      pieces[pieces.count - 1] += Array(field.name.rawName.utf8) + Array(": ".utf8)
      switch field.name {
      case .contentLength:
        lengthIndex = index
        pieces.append([])
      case .eTag:
        etagIndex = index
        pieces.append([])
      default:
        pieces[pieces.count - 1] += Array(field.value.utf8)
      }
      pieces[pieces.count - 1] += Array("\r\n".utf8)
      if afterContentType == 0, field.name == .contentType {
        afterContentType = pieces[0].count
      }
    }
    precondition(
      pieces.count == 3 && afterContentType > 0 && etagIndex > lengthIndex,
      "a response template needs Content-Type, then Content-Length, then ETag"
    )
    self.lengthIndex = lengthIndex
    self.etagIndex = etagIndex
    let notModified = HTTPResponse.Status.notModified
    head = Array("HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n".utf8) + pieces[0]
    notModifiedHead =
      Array("HTTP/1.1 \(notModified.code) \(notModified.reasonPhrase)\r\n".utf8)
      + pieces[0][afterContentType...]
    middle = pieces[1]
    tail = pieces[2]
  }

  /// One wire head: `head`, the length, the middle, the tag, the tail, in one buffer.
  func wire(_ head: [UInt8], _ length: String, _ etag: String) -> ByteBuffer {
    let count = head.count + length.utf8.count + middle.count + etag.utf8.count + tail.count
    var buffer = ByteBufferAllocator().buffer(capacity: count)
    buffer.writeBytes(head)
    buffer.writeString(length)
    buffer.writeBytes(middle)
    buffer.writeString(etag)
    buffer.writeBytes(tail)
    return buffer
  }
}

/// Strong entity tags: a 64-bit hash of the body, as 16 hex digits in quotes. Four lanes of
/// 8-byte words (multiply and shift, as FNV multiplies, but a word at a time and four in
/// flight), then the tail bytes, the length and a final mix: a page not in the cache is hashed
/// in a microsecond or two, where FNV-1a byte by byte took ~4 cycles a byte. Equal bodies give
/// equal tags; the value is linkgen's own (it changed with this hash, so a browser's old tag
/// gets one full answer).
enum ETag {
  static func of(_ bytes: some Collection<UInt8>) -> String {
    let hash: UInt64 =
      bytes.withContiguousStorageIfAvailable { Self.hash(UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes { Self.hash($0) }
    // `"` and 16 lower-case hex digits and `"`, written in place (one allocation).
    return String(unsafeUninitializedCapacity: 18) { out in
      out[0] = UInt8(ascii: "\"")
      for index in 0..<16 {
        let nibble = UInt8(truncatingIfNeeded: hash >> UInt64(60 - 4 * index)) & 0xF
        out[1 + index] = nibble < 10 ? 0x30 + nibble : 0x57 + nibble
      }
      out[17] = UInt8(ascii: "\"")
      return 18
    }
  }

  private static let prime: UInt64 = 0x0000_0100_0000_01B3

  static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0xcbf2_9ce4_8422_2325, 0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f, 0x1656_67b1_9e37_79f9
    )
    func step(_ lane: inout UInt64, _ word: UInt64) {
      lane = (lane ^ word) &* prime
      lane ^= lane >> 29
    }
    var offset = 0
    while offset + 32 <= bytes.count {
      step(&lanes.0, bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      step(&lanes.1, bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
      step(&lanes.2, bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
      step(&lanes.3, bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
      offset += 32
    }
    var hash = lanes.0
    for lane in [lanes.1, lanes.2, lanes.3] { step(&hash, lane) }
    while offset < bytes.count {
      hash = (hash ^ UInt64(bytes[offset])) &* prime
      offset += 1
    }
    step(&hash, UInt64(bytes.count))
    // The final mix of MurmurHash3: every bit of the state reaches every bit of the tag.
    hash ^= hash >> 33
    hash &*= 0xff51_afd7_ed55_8ccd
    hash ^= hash >> 33
    hash &*= 0xc4ce_b9fe_1a85_ec53
    hash ^= hash >> 33
    return hash
  }

  /// Whether an `If-None-Match` value (`*`, or a list of tags, weak or strong) names `etag`;
  /// the comparison is weak, as RFC 9110 §13.1.2 asks.
  static func matches(_ condition: String, _ etag: String) -> Bool {
    for candidate in condition.utf8.split(separator: UInt8(ascii: ",")) {
      var tag = candidate.drop { $0 == 0x20 || $0 == 0x09 }
      while let last = tag.last, last == 0x20 || last == 0x09 { tag = tag.dropLast() }
      if tag.elementsEqual("*".utf8) { return true }
      if tag.starts(with: "W/".utf8) { tag = tag.dropFirst(2) }
      if tag.elementsEqual(etag.utf8) { return true }
    }
    return false
  }
}
