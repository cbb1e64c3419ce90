import HTTPTypes
import Hummingbird
import NIOCore

/// A response built once and sent many times: its headers (security headers, `ETag`,
/// `Content-Length` included) and body are ready, so answering costs no rendering and no
/// header work. `GET`, `HEAD` (the same headers, no body) and `If-None-Match` (304) are
/// answered from it.
package struct CannedResponse: Sendable {
  let status: HTTPResponse.Status
  let headers: HTTPFields
  let body: ByteBuffer
  /// The strong entity tag, quotes included, when the response has one.
  let etag: String?
  /// The headers of a 304 Not Modified: the same minus the content type.
  let notModifiedHeaders: HTTPFields
  /// The status line and header lines as bytes, up to the `Date` line, for writing straight to
  /// the connection (``ConnectionHandler``); and the same for the 304.
  let wirePrefix: ByteBuffer
  let wireNotModifiedPrefix: ByteBuffer

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
    self.headers = headers
    var notModified = headers
    notModified[.contentType] = nil
    notModifiedHeaders = notModified
    wirePrefix = Self.wire(status, headers)
    wireNotModifiedPrefix = Self.wire(.notModified, notModified)
  }

  /// What to send for a request, from its method and `If-None-Match`.
  enum Variant {
    case full, headersOnly, notModified
  }

  func variant(method: HTTPRequest.Method, ifNoneMatch: String?) -> Variant {
    if let etag, let ifNoneMatch, ETag.matches(ifNoneMatch, etag) { return .notModified }
    return method == .head ? .headersOnly : .full
  }

  private static func wire(_ status: HTTPResponse.Status, _ headers: HTTPFields) -> ByteBuffer {
    var text = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
    for field in headers { text += "\(field.name.rawName): \(field.value)\r\n" }
    return ByteBuffer(string: text)
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

/// Strong entity tags: a 64-bit FNV-1a hash of the body, as 16 hex digits in quotes.
enum ETag {
  static func of(_ bytes: some Collection<UInt8>) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
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
