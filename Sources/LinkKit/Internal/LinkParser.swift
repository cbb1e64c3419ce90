/// Reads one URL, byte by byte, against a route table.
///
/// The input is checked in a fixed order so that errors do not depend on the routes: size,
/// characters, scheme, authority, then every path segment and query item is validated
/// (percent-encoding, UTF-8, forbidden characters, dot segments, encoded slashes). Only then
/// are routes tried, in table order; the table guarantees at most one can match.
struct LinkParser {
  let table: RouteTable
  let input: UnsafeBufferPointer<UInt8>
  let source: String

  static let maximumSegments = 32

  private func fail(_ code: LinkError.Code, _ message: String, _ range: Range<Int>) -> LinkError {
    LinkError(code, message, input: source, range: range)
  }

  func parse() -> Result<ParsedLink, LinkError> {
    guard input.count <= RouteTable.maximumURLLength else {
      return .failure(
        LinkError(
          .tooLong,
          "the link is \(input.count) bytes long; the parser reads at most "
            + "\(RouteTable.maximumURLLength)"))
    }
    if let error = checkCharacters() { return .failure(error) }
    let shape: Shape
    switch scan() {
    case .success(let scanned): shape = scanned
    case .failure(let error): return .failure(error)
    }
    return withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: Self.maximumSegments) {
      segments in
      withUnsafeTemporaryAllocation(
        of: QueryItemRanges.self, capacity: RouteTable.maximumQueryItems
      ) { items in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count + 1) { scratch in
          var matcher = RouteMatcher(
            parser: self, shape: shape, segments: segments, segmentCount: 0,
            items: items, itemCount: 0, scratch: scratch)
          if let error = matcher.split() { return .failure(error) }
          return matcher.match()
        }
      }
    }
  }

  // MARK: Characters

  /// Rejects bytes no link carries raw: controls, space, DEL, `\`, and the characters RFC 3986
  /// never allows (`"<>^`{|}`); and, in raw UTF-8, the forbidden scalars (bidi controls…).
  private func checkCharacters() -> LinkError? {
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte < 0x80 {
        if Self.isAllowedASCII(byte) {
          index += 1
          continue
        }
        let name = Self.disallowedASCII(byte) ?? "'\(Character(Unicode.Scalar(byte)))'"
        return fail(.invalidCharacter, "the link contains \(name)", index..<index + 1)
      }
      // Raw non-ASCII: Swift strings hold valid UTF-8, so decode one scalar.
      var iterator = input[index...].makeIterator()
      var decoder = UTF8()
      guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
        return fail(.invalidCharacter, "the link is not valid UTF-8", index..<index + 1)
      }
      let width = UTF8.width(scalar)
      if ForbiddenScalars.contains(scalar) {
        return fail(
          .invalidCharacter,
          "the link contains \(ForbiddenScalars.name(scalar)), a control or invisible character",
          index..<index + width)
      }
      index += width
    }
    return nil
  }

  /// Whether an ASCII byte may appear raw in a link: printable, and not space, `\` or one of
  /// `"<>^`{|}`. One bit per byte, for bytes 0–63 and 64–127 (a test checks the constants
  /// against ``disallowedASCII(_:)``).
  @inline(__always)
  static func isAllowedASCII(_ byte: UInt8) -> Bool {
    byte < 64
      ? (0xAFFF_FFFA_0000_0000 as UInt64) & (1 << UInt64(byte)) != 0
      : (0x47FF_FFFE_AFFF_FFFF as UInt64) & (1 << UInt64(byte &- 64)) != 0
  }

  static func disallowedASCII(_ byte: UInt8) -> String? {
    switch byte {
    case 0x00..<0x20, 0x7F: "the control character \(ForbiddenScalars.name(Unicode.Scalar(byte)))"
    case UInt8(ascii: " "): "a space"
    case UInt8(ascii: "\\"): "a backslash"
    case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "^"),
      UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
      "'\(Character(Unicode.Scalar(byte)))', which links must percent-encode"
    default: nil
    }
  }

  // MARK: Scheme and authority

  struct Shape {
    var kind: LinkKind
    /// The host range for authority forms; `nil` for the opaque form.
    var host: Range<Int>?
    var path: Range<Int>
    var query: Range<Int>?
  }

  private func scan() -> Result<Shape, LinkError> {
    guard let colon = input.firstIndex(of: UInt8(ascii: ":")),
      colon > 0, isSchemeStart(input[0]),
      input[1..<colon].allSatisfy(isSchemeByte)
    else {
      let end = input.firstIndex(where: { "/?#".utf8.contains($0) }) ?? input.count
      return .failure(
        fail(
          .malformedURL,
          "the link does not start with a scheme ('\(table.app.scheme):' or 'https:')",
          0..<Swift.max(1, Swift.min(end, input.count))))
    }
    let scheme = UnsafeBufferPointer(rebasing: input[..<colon])
    let kind: LinkKind
    if equalsIgnoringCase(scheme, table.storage.scheme) {
      kind = .scheme
    } else if equalsIgnoringCase(scheme, Self.https) {
      kind = .universal
    } else {
      return .failure(
        fail(
          .unknownScheme,
          "the scheme '\(String(decoding: scheme, as: UTF8.self))' is neither the app's "
            + "'\(table.app.scheme)' nor 'https'",
          0..<colon))
    }
    let afterColon = colon + 1
    let end = input.count
    let queryStart = input[afterColon...].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
    let hierarchyEnd = queryStart ?? end
    var query: Range<Int>?
    if let queryStart, input[queryStart] == UInt8(ascii: "?") {
      let fragment = input[(queryStart + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? end
      query = (queryStart + 1)..<fragment
    }

    let hasAuthority =
      hierarchyEnd - afterColon >= 2 && input[afterColon] == UInt8(ascii: "/")
      && input[afterColon + 1] == UInt8(ascii: "/")
    guard hasAuthority else {
      if kind == .universal {
        return .failure(
          fail(.malformedURL, "an https link needs '//' and a host after 'https:'", colon..<afterColon))
      }
      return .success(Shape(kind: kind, host: nil, path: afterColon..<hierarchyEnd, query: query))
    }
    let hostStart = afterColon + 2
    let hostEnd = input[hostStart..<hierarchyEnd].firstIndex(of: UInt8(ascii: "/")) ?? hierarchyEnd
    let host = hostStart..<hostEnd
    if let error = checkHost(host, kind: kind) { return .failure(error) }
    return .success(Shape(kind: kind, host: host, path: hostEnd..<hierarchyEnd, query: query))
  }

  private func checkHost(_ host: Range<Int>, kind: LinkKind) -> LinkError? {
    let bytes = UnsafeBufferPointer(rebasing: input[host])
    guard !bytes.isEmpty else {
      return fail(.malformedURL, "the link has no host after '//'", host.lowerBound..<host.lowerBound + 1)
    }
    var numeric = true
    for (offset, byte) in bytes.enumerated() {
      if isLetter(byte) || byte == UInt8(ascii: "-") {
        numeric = false
        continue
      }
      if isDigit(byte) || byte == UInt8(ascii: ".") { continue }
      let at = host.lowerBound + offset
      if let userinfoEnd = bytes.firstIndex(of: UInt8(ascii: "@")) {
        return fail(
          .malformedURL, "the link has userinfo ('…@'), which no route accepts",
          host.lowerBound..<host.lowerBound + userinfoEnd + 1)
      }
      switch byte {
      case UInt8(ascii: "["): return fail(.hostNotAllowed, "IP-literal hosts are never allowed", host)
      case UInt8(ascii: ":"):
        return fail(.malformedURL, "the link has a port, which no route accepts", at..<host.upperBound)
      default:
        return fail(.hostNotAllowed, "the host may use only letters, digits, '-' and '.'", at..<at + 1)
      }
    }
    guard kind == .universal else { return nil }
    if numeric { return fail(.hostNotAllowed, "IP-address hosts are never allowed", host) }
    for domain in table.storage.domains where equalsIgnoringCase(bytes, domain) { return nil }
    let shown = String(decoding: bytes, as: UTF8.self)
    let hint = bytes.last == UInt8(ascii: ".") ? " (remove the trailing dot)" : ""
    return fail(
      .hostNotAllowed,
      "the host '\(shown)' is not one of the app's domains "
        + "(\(table.app.domains.joined(separator: ", ")))\(hint)",
      host)
  }

  // MARK: Bytes

  private static let https = Array("https".utf8)

  /// Compares ASCII input with lower-case text, folding the input's upper-case letters.
  @inline(__always)
  func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: [UInt8]) -> Bool {
    guard bytes.count == lowercase.count else { return false }
    return lowercase.withUnsafeBufferPointer { expected in
      for index in 0..<bytes.count {
        let byte = bytes[index]
        let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
        if folded != expected[index] { return false }
      }
      return true
    }
  }

  private func isSchemeStart(_ byte: UInt8) -> Bool { isLetter(byte) }
  private func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }
  private func isHostByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
  }
  private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

struct QueryItemRanges {
  var name: Range<Int>
  var value: Range<Int>
}
