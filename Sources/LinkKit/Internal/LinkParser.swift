#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Reads one URL, byte by byte, against a route table.
///
/// The input is checked in a fixed order so that errors do not depend on the routes: size,
/// characters, scheme, authority, then every path segment and query item is validated
/// (percent-encoding, UTF-8, forbidden characters, dot segments, encoded slashes). Only then
/// are routes tried, in table order; the table guarantees at most one can match.
struct LinkParser {
  /// The table, which the caller keeps alive for the whole parse (no reference counting on
  /// the hot path).
  unowned(unsafe) let table: TableStorage
  let input: UnsafeBufferPointer<UInt8>

  /// The input as a string, for error messages only.
  var source: String { String(decoding: input, as: UTF8.self) }

  private func fail(_ code: LinkError.Code, _ message: String, _ range: Range<Int>) -> LinkError {
    LinkError(code, message, input: source, range: range)
  }

  /// Parses the link into its route, values and ignored query items.
  func parse() -> Result<ParsedLink, LinkError> {
    // The link is built in place and moved out: no copy of it, no reference counting.
    withUnsafeTemporaryAllocation(of: ParsedLink.self, capacity: 1) { slot in
      guard let parsed = slot.baseAddress else {
        return .failure(LinkError(.noMatchingRoute, "no room for the parsed link"))
      }
      let failure = parseValues { matcher, match, values in
        parsed.initialize(to: matcher.parsedLink(match, values))
        return nil
      }
      if let failure { return .failure(failure) }
      return .success(parsed.move())
    }
  }

  /// Parses the link and lends its route's position and values (on the stack, valid for the
  /// call only) to `body`, which returns its own failure, if any: the typed paths read the
  /// values from there, with no allocation. Not generic, so that no caller pays for generic
  /// metadata.
  func parseValues(
    _ body: (borrowing RouteMatcher, Int, UnsafeMutablePointer<LinkValue?>) -> LinkError?
  ) -> LinkError? {
    guard input.count <= RouteTable.maximumURLLength else {
      return LinkError(
        .tooLong,
        "the link is \(input.count) bytes long; the parser reads at most "
          + "\(RouteTable.maximumURLLength)"
      )
    }
    let marks: Marks
    switch classify() {
    case .success(let found): marks = found
    case .failure(let error): return error
    }
    let shape: Shape
    switch scan(marks) {
    case .success(let scanned): shape = scanned
    case .failure(let error): return error
    }
    return withUnsafeTemporaryAllocation(
      of: Range<Int>.self,
      capacity: RouteTable.maximumPathSegments
    ) {
      segments in
      withUnsafeTemporaryAllocation(
        of: QueryItemRanges.self,
        capacity: RouteTable.maximumQueryItems
      ) { items in
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count + 1) { scratch in
          var matcher = RouteMatcher(
            parser: self,
            shape: shape,
            segments: segments,
            segmentCount: 0,
            items: items,
            itemCount: 0,
            scratch: scratch
          )
          if let error = matcher.split() { return error }
          let count = table.maximumParameterCount
          return withUnsafeTemporaryAllocation(of: LinkValue?.self, capacity: count) { buffer in
            guard let values = buffer.baseAddress else { return matcher.noRoute() }
            for index in 0..<count { (values + index).initialize(to: nil) }
            defer { for index in 0..<count { (values + index).deinitialize(count: 1) } }
            switch matcher.match(into: values) {
            case .success(let match): return body(matcher, match, values)
            case .failure(let error): return error
            }
          }
        }
      }
    }
  }

  // MARK: Characters

  /// Where the structural characters are, found in the first pass.
  struct Marks {
    /// The first `:`, `?` and `#` (a `?` only before any `#`); -1 when absent.
    var colon = -1
    var question = -1
    var hash = -1
    /// Whether any `%` appears: without one, every component is its own decoded text.
    var hasEscapes = false
  }

  /// One pass over the input: rejects bytes no link carries raw (controls, space, DEL, `\`,
  /// and `"<>^`{|}`, which RFC 3986 never allows), and in raw UTF-8 the forbidden scalars
  /// (bidi controls…); and notes where `:`, `?`, `#` and `%` are.
  private func classify() -> Result<Marks, LinkError> {
    var marks = Marks()
    guard let base = input.baseAddress else { return .success(marks) }
    let count = input.count
    let classes = Self.byteClasses.utf8Start
    var index = 0
    while index < count {
      let byte = base[index]
      let byteClass = classes[Int(byte)]
      // Literal comparisons (constants folded), not stored properties, on this hot loop.
      if byteClass == UInt8(ascii: "0") {
        index += 1
        continue
      }
      if byteClass == UInt8(ascii: "1") {
        switch byte {
        case UInt8(ascii: ":"): if marks.colon < 0 { marks.colon = index }
        case UInt8(ascii: "?"): if marks.question < 0 && marks.hash < 0 { marks.question = index }
        case UInt8(ascii: "#"): if marks.hash < 0 { marks.hash = index }
        default: marks.hasEscapes = true
        }
        index += 1
        continue
      }
      if byteClass == UInt8(ascii: "2") {
        let name = Self.disallowedASCII(byte) ?? "'\(Character(Unicode.Scalar(byte)))'"
        return .failure(fail(.invalidCharacter, "the link contains \(name)", index..<index + 1))
      }
      // Raw non-ASCII: Swift strings hold valid UTF-8, so decode one scalar.
      var iterator = input[index...].makeIterator()
      var decoder = UTF8()
      guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
        return .failure(fail(.invalidCharacter, "the link is not valid UTF-8", index..<index + 1))
      }
      let width = UTF8.width(scalar)
      if ForbiddenScalars.contains(scalar) {
        return .failure(
          fail(
            .invalidCharacter,
            "the link contains \(ForbiddenScalars.name(scalar)), a control or invisible character",
            index..<index + width
          )
        )
      }
      index += width
    }
    return .success(marks)
  }

  /// The class of each byte value, one digit per byte, 32 bytes a row:
  ///
  /// - `0`: a byte a link carries raw (letters, digits, `-._~`, sub-delimiters, `/@[]`);
  /// - `1`: a structural byte the first pass notes: `:` `?` `#` `%`;
  /// - `2`: a byte a link never carries raw: the controls 0x00–0x1F, space, `"` `<` `>` `\`
  ///   `^` `` ` `` `{` `|` `}` and DEL (see ``disallowedASCII(_:)``);
  /// - `3`: a byte of non-ASCII UTF-8 (0x80–0xFF), decoded as a scalar.
  ///
  /// `ByteClassTests` checks every entry against these rules.
  static let byteClasses: StaticString = """
    22222222222222222222222222222222\
    20210100000000000000000000102021\
    00000000000000000000000000002020\
    20000000000000000000000000022202\
    33333333333333333333333333333333\
    33333333333333333333333333333333\
    33333333333333333333333333333333\
    33333333333333333333333333333333
    """
  //  ↑ rows start at 0x00, 0x20 (space ! " # $ % & ' …), 0x40 (@ A … Z [ \ ] ^ _),
  //    0x60 (` a … z { | } ~ DEL), then 0x80, 0xA0, 0xC0, 0xE0.

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
    /// Whether the input has any `%`.
    var hasEscapes: Bool
  }

  private func scan(_ marks: Marks) -> Result<Shape, LinkError> {
    let colon = marks.colon
    let kind: LinkKind
    switch scheme(endingAt: colon) {
    case .success(let found): kind = found
    case .failure(let error): return .failure(error)
    }
    let afterColon = colon + 1
    let end = input.count
    let fragment = marks.hash >= 0 ? marks.hash : end
    let hierarchyEnd = marks.question >= 0 ? marks.question : fragment
    let query = marks.question >= 0 ? (marks.question + 1)..<fragment : nil

    let hasAuthority =
      hierarchyEnd - afterColon >= 2 && input[afterColon] == UInt8(ascii: "/")
      && input[afterColon + 1] == UInt8(ascii: "/")
    guard hasAuthority else {
      if kind == .universal {
        return .failure(
          fail(
            .malformedURL,
            "an https link needs '//' and a host after 'https:'",
            colon..<afterColon
          )
        )
      }
      return .success(
        Shape(
          kind: kind,
          host: nil,
          path: afterColon..<hierarchyEnd,
          query: query,
          hasEscapes: marks.hasEscapes
        )
      )
    }
    let hostStart = afterColon + 2
    let hostEnd = input.index(of: UInt8(ascii: "/"), in: hostStart..<hierarchyEnd) ?? hierarchyEnd
    let host = hostStart..<hostEnd
    if let error = checkHost(host, kind: kind) { return .failure(error) }
    return .success(
      Shape(
        kind: kind,
        host: host,
        path: hostEnd..<hierarchyEnd,
        query: query,
        hasEscapes: marks.hasEscapes
      )
    )
  }

  /// The kind of link the scheme before `colon` makes it: the app's scheme or `https`, in
  /// any case.
  @inline(__always)
  private func scheme(endingAt colon: Int) -> Result<LinkKind, LinkError> {
    var schemeValid = colon > 0 && isSchemeStart(input[0])
    var position = 1
    while schemeValid && position < colon {
      schemeValid = isSchemeByte(input[position])
      position += 1
    }
    guard schemeValid else {
      let end = input.firstIndex(where: { "/?#".utf8.contains($0) }) ?? input.count
      return .failure(
        fail(
          .malformedURL,
          "the link does not start with a scheme ('\(table.app.scheme):' or 'https:')",
          0..<Swift.max(1, Swift.min(end, input.count))
        )
      )
    }
    let scheme = UnsafeBufferPointer(rebasing: input[..<colon])
    if equalsIgnoringCase(scheme, UnsafeBufferPointer(rebasing: table.text[table.scheme])) {
      return .success(.scheme)
    }
    if equalsIgnoringCase(scheme, Self.https) { return .success(.universal) }
    return .failure(
      fail(
        .unknownScheme,
        "the scheme '\(String(decoding: scheme, as: UTF8.self))' is neither the app's "
          + "'\(table.app.scheme)' nor 'https'",
        0..<colon
      )
    )
  }

  private func checkHost(_ host: Range<Int>, kind: LinkKind) -> LinkError? {
    let bytes = UnsafeBufferPointer(rebasing: input[host])
    guard !bytes.isEmpty else {
      return fail(.malformedURL, "the link has no host after '//'", host)
    }
    // The app's domains are valid host names, so matching one is the whole check.
    if kind == .universal {
      for domain in table.domains
      where equalsIgnoringCase(bytes, UnsafeBufferPointer(rebasing: table.text[domain])) {
        return nil
      }
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
          .malformedURL,
          "the link has userinfo ('…@'), which no route accepts",
          host.lowerBound..<host.lowerBound + userinfoEnd + 1
        )
      }
      switch byte {
      case UInt8(ascii: "["):
        return fail(.hostNotAllowed, "IP-literal hosts are never allowed", host)
      case UInt8(ascii: ":"):
        return fail(
          .malformedURL,
          "the link has a port, which no route accepts",
          at..<host.upperBound
        )
      default:
        return fail(
          .hostNotAllowed,
          "the host may use only letters, digits, '-' and '.'",
          at..<at + 1
        )
      }
    }
    guard kind == .universal else { return nil }
    if numeric { return fail(.hostNotAllowed, "IP-address hosts are never allowed", host) }
    let shown = String(decoding: bytes, as: UTF8.self)
    let hint = bytes.last == UInt8(ascii: ".") ? " (remove the trailing dot)" : ""
    return fail(
      .hostNotAllowed,
      "the host '\(shown)' is not one of the app's domains "
        + "(\(table.app.domains.joined(separator: ", ")))\(hint)",
      host
    )
  }

  // MARK: Bytes

  private static var https: UnsafeBufferPointer<UInt8> {
    let text: StaticString = "https"
    return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
  }

  /// Compares ASCII input with lower-case text, folding the input's upper-case letters.
  @inline(__always)
  func equalsIgnoringCase(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ expected: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard bytes.count == expected.count else { return false }
    guard let base = bytes.baseAddress, let other = expected.baseAddress else { return true }
    if memcmp(base, other, bytes.count) == 0 { return true }
    for index in 0..<bytes.count {
      let byte = bytes[index]
      let folded = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
      if folded != expected[index] { return false }
    }
    return true
  }

  private func isSchemeStart(_ byte: UInt8) -> Bool { isLetter(byte) }
  private func isSchemeByte(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
      || byte == UInt8(ascii: ".")
  }
  private func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }
  private func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

/// Where a query item's name and value are, in 16 bytes so that the parser's 64 items fit
/// in a stack allocation.
struct QueryItemRanges {
  private let nameStart: Int32
  private let nameEnd: Int32
  private let valueStart: Int32
  private let valueEnd: Int32

  init(name: Range<Int>, value: Range<Int>) {
    nameStart = Int32(truncatingIfNeeded: name.lowerBound)
    nameEnd = Int32(truncatingIfNeeded: name.upperBound)
    valueStart = Int32(truncatingIfNeeded: value.lowerBound)
    valueEnd = Int32(truncatingIfNeeded: value.upperBound)
  }

  var name: Range<Int> { Int(nameStart)..<Int(nameEnd) }
  var value: Range<Int> { Int(valueStart)..<Int(valueEnd) }
}
