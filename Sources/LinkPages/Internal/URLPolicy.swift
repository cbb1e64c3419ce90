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
  /// `<app scheme>:`, which the app's custom-scheme links start with.
  private let schemePrefix: [UInt8]

  init(appScheme: String, androidPackage: String?) {
    self.appScheme = appScheme
    self.androidPackage = androidPackage
    intentMarker = androidPackage.map { Array("#Intent;scheme=\(appScheme);package=\($0);".utf8) }
    schemePrefix = Array((appScheme + ":").utf8)
  }

  enum Kind { case https, appScheme, intent }

  /// The kind of an acceptable URL, or a sentence saying why it is refused.
  ///
  /// Works on the URL's bytes (every link of every page is checked): once the characters are
  /// checked the URL is printable ASCII.
  func check(_ url: String) -> Result<Kind, PageError> {
    var bytes = url
    switch bytes.withUTF8(kind) {
    case .success(let kind): return .success(kind)
    case .failure(let refusal):
      let why: String
      switch refusal {
      case .length: why = "empty or too long"
      case .character:
        let bad = url.unicodeScalars.first { !Self.allowed($0) } ?? " "
        why = "it contains \(Self.describe(bad))"
      case .noScheme: why = "it has no scheme"
      case .httpsSlashes: why = "an https URL starts with https://"
      case .host: why = "the host must be a plain domain name, without userinfo or port"
      case .intent: why = "only intent: links to the app's own scheme and package are allowed"
      case .scheme: why = "only https, \(appScheme): and the app's intent: links are allowed"
      }
      return .failure(PageError(.unsafeURL, "refusing the URL \(Self.quoted(url)): \(why)"))
    }
  }

  /// Why ``check(_:)`` refuses a URL.
  private enum Refusal: Error {
    case length, character, noScheme, httpsSlashes, host, intent, scheme
  }

  private static let https = Array("https".utf8)
  private static let intent = Array("intent".utf8)
  private static let intentEnd = Array(";end".utf8)

  private func kind(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Kind, Refusal> {
    guard !bytes.isEmpty, bytes.count <= 8192 else { return .failure(.length) }
    guard Self.allAllowed(bytes) else { return .failure(.character) }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
      return .failure(.noScheme)
    }
    // Printable ASCII by now: the scheme lower-cased byte by byte, compared without a string.
    func isScheme(_ name: [UInt8], dropping dropped: Int = 0) -> Bool {
      guard colon == name.count - dropped else { return false }
      for index in 0..<colon {
        let byte = bytes[index]
        guard (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) == name[index] else {
          return false
        }
      }
      return true
    }
    if isScheme(Self.https) {
      var index = colon + 1
      guard bytes.count - index >= 2, bytes[index] == 0x2F, bytes[index + 1] == 0x2F else {
        return .failure(.httpsSlashes)
      }
      index += 2
      let hostStart = index
      // The authority runs to the first `/`, `?` or `#`: a plain host name.
      while index < bytes.count, bytes[index] != 0x2F, bytes[index] != 0x3F, bytes[index] != 0x23 {
        guard Self.isHostByte(bytes[index]) else { return .failure(.host) }
        index += 1
      }
      return index > hostStart ? .success(.https) : .failure(.host)
    }
    if isScheme(schemePrefix, dropping: 1), bytes.starts(with: schemePrefix) {
      return .success(.appScheme)
    }
    if isScheme(Self.intent) {
      // `intent://host/…` for a table in the authority form, `intent:data?…` for one in the
      // opaque form (`myphotoapp:{album}`): Android prefixes the data with the scheme either
      // way. Both are pinned to the app's scheme and package.
      guard let intentMarker, bytes.firstOccurrence(of: intentMarker) != nil,
        bytes.count >= 4,
        UnsafeBufferPointer(rebasing: bytes[(bytes.count - 4)...]).elementsEqual(Self.intentEnd)
      else { return .failure(.intent) }
      return .success(.intent)
    }
    return .failure(.scheme)
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

  /// ``allowed(_:)`` for a byte of UTF-8 (none of a multi-byte character is): its entry of the
  /// table.
  static func allowed(_ byte: UInt8) -> Bool {
    allowedTable[Int(byte)] == 1
  }

  /// Whether every byte is ``allowed(_:)``, with no branch per byte (a link's bytes fall below
  /// and above 0x40 in no order a branch predictor learns): each byte's entry of the table,
  /// and-ed together (every link of every page is checked this way).
  static func allAllowed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    allowedTable.withUnsafeBufferPointer { table in
      var all: UInt8 = 1
      for byte in bytes { all &= table[Int(byte)] }
      return all == 1
    }
  }

  /// The same check of a string's UTF-8 bytes (a byte of a multi-byte character is never
  /// allowed, as its character would not be).
  static func allAllowed(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { allAllowed($0) }
  }

  /// Each byte's answer, 1 or 0: the scalar check's for ASCII, 0 from 0x80.
  private static let allowedTable: [UInt8] = (0...255).map { byte in
    byte < 0x80 && allowed(Unicode.Scalar(UInt8(byte))) ? 1 : 0
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
