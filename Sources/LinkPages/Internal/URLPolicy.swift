/// The URL policy for every link a template can place in an `href`, a `src` or a `content`
/// attribute: `https` URLs with a plain host, the app's own custom scheme, and (for the
/// Android button) the `intent:` links linkgen builds, pinned to the app's package. Never
/// `javascript:`, `data:`, protocol-relative (`//host`), backslash forms or userinfo.
///
/// Links are checked as the browser will read them: only printable ASCII without space, quote,
/// backslash, `<`, `>` or backtick is accepted, so nothing is stripped or reinterpreted by the
/// WHATWG URL parser (which drops TAB/LF and reads `\` as `/`).
struct URLPolicy {
  let appScheme: String
  let androidPackage: String?
  /// `#Intent;scheme=<app scheme>;package=<package>;`, which the app's intent links carry.
  private let intentMarker: [UInt8]?

  init(appScheme: String, androidPackage: String?) {
    self.appScheme = appScheme
    self.androidPackage = androidPackage
    intentMarker = androidPackage.map { Array("#Intent;scheme=\(appScheme);package=\($0);".utf8) }
  }

  enum Kind { case https, appScheme, intent }

  /// The kind of an acceptable URL, or a sentence saying why it is refused.
  ///
  /// Once the characters are checked the URL is printable ASCII, so the rest works on its
  /// bytes (every card of a sheet checks its links this way).
  func check(_ url: String) -> Result<Kind, PageError> {
    func refuse(_ why: String) -> Result<Kind, PageError> {
      .failure(PageError(.unsafeURL, "refusing the URL \(Self.quoted(url)): \(why)"))
    }
    let bytes = url.utf8
    guard !bytes.isEmpty, bytes.count <= 8192 else { return refuse("empty or too long") }
    let allowed =
      bytes.withContiguousStorageIfAvailable { $0.allSatisfy(Self.allowed) }
      ?? bytes.allSatisfy(Self.allowed)
    guard allowed else {
      let bad = url.unicodeScalars.first { !Self.allowed($0) } ?? " "
      return refuse("it contains \(Self.describe(bad))")
    }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
      return refuse("it has no scheme")
    }
    // Printable ASCII by now: the scheme lower-cased byte by byte, compared without a string.
    let scheme = bytes[..<colon]
    let rest = bytes[bytes.index(after: colon)...]
    let slashes = rest.starts(with: "//".utf8)
    func isScheme(_ name: some Collection<UInt8>) -> Bool {
      scheme.elementsEqual(name) { byte, expected in
        (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == expected
      }
    }
    switch () {
    case () where isScheme("https".utf8):
      guard slashes else { return refuse("an https URL starts with https://") }
      let authority = rest.dropFirst(2).prefix {
        $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#")
      }
      guard !authority.isEmpty, authority.allSatisfy(Self.isHostByte) else {
        return refuse("the host must be a plain domain name, without userinfo or port")
      }
      return .success(.https)
    case () where isScheme(appScheme.utf8) && url.hasPrefix(appScheme + ":"):
      return .success(.appScheme)
    case () where isScheme("intent".utf8):
      // `intent://host/…` for a table in the authority form, `intent:data?…` for one in the
      // opaque form (`myphotoapp:{album}`): Android prefixes the data with the scheme either
      // way. Both are pinned to the app's scheme and package.
      guard let intentMarker, bytes.end(ofFirst: intentMarker) != nil, url.hasSuffix(";end")
      else { return refuse("only intent: links to the app's own scheme and package are allowed") }
      return .success(.intent)
    default:
      return refuse("only https, \(appScheme): and the app's intent: links are allowed")
    }
  }

  /// A letter, a digit, `.` or `-` (in ASCII).
  private static func isHostByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// ``allowed(_:)`` for a byte of UTF-8 (none of a multi-byte character is).
  static func allowed(_ byte: UInt8) -> Bool {
    allowed(Unicode.Scalar(byte))
  }

  /// Printable ASCII except space, quotes, angle brackets, backslash, backtick, braces, `|`
  /// and `^` (a switch on the value: every card of a sheet checks its links this way).
  static func allowed(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x22, 0x27, 0x3C, 0x3E, 0x5C, 0x60, 0x7B, 0x7D, 0x7C, 0x5E: false
    case 0x21..<0x7F: true
    default: false
    }
  }

  private static func describe(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return scalar.value > 0x20 && scalar.value < 0x7F ? "'\(scalar)' (\(code))" : code
  }

  static func quoted(_ url: String) -> String {
    let shown = url.unicodeScalars.prefix(120).map { scalar -> String in
      scalar.value >= 0x20 && scalar.value < 0x7F ? String(scalar) : describe(scalar)
    }
    return "'" + shown.joined() + (url.unicodeScalars.count > 120 ? "…" : "") + "'"
  }
}

extension String.UTF8View {
  /// Where the first occurrence of `needle` ends, compared byte for byte (the links and
  /// markers searched are ASCII).
  func end(ofFirst needle: some Collection<UInt8>) -> String.Index? {
    let needle = Array(needle)
    let search = { (bytes: UnsafeBufferPointer<UInt8>) -> Int? in
      guard let first = needle.first else { return 0 }
      guard needle.count <= bytes.count else { return nil }
      for start in 0...(bytes.count - needle.count)
      where bytes[start] == first && bytes[start..<start + needle.count].elementsEqual(needle) {
        return start + needle.count
      }
      return nil
    }
    guard
      let offset = withContiguousStorageIfAvailable(search)
        ?? Array(self).withUnsafeBufferPointer(search)
    else { return nil }
    return index(startIndex, offsetBy: offset)
  }
}
