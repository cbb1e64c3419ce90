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

  enum Kind { case https, appScheme, intent }

  /// The kind of an acceptable URL, or a sentence saying why it is refused.
  func check(_ url: String) -> Result<Kind, PageError> {
    func refuse(_ why: String) -> Result<Kind, PageError> {
      .failure(PageError(.unsafeURL, "refusing the URL \(Self.quoted(url)): \(why)"))
    }
    guard !url.isEmpty, url.utf8.count <= 8192 else { return refuse("empty or too long") }
    if let bad = url.unicodeScalars.first(where: { !Self.allowed($0) }) {
      return refuse("it contains \(Self.describe(bad))")
    }
    guard let colon = url.firstIndex(of: ":") else { return refuse("it has no scheme") }
    let scheme = url[..<colon].lowercased()
    let rest = url[url.index(after: colon)...]
    switch scheme {
    case "https":
      guard rest.hasPrefix("//") else { return refuse("an https URL starts with https://") }
      let authority = rest.dropFirst(2).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
      guard !authority.isEmpty, !authority.contains("@"),
        authority.allSatisfy({
          $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-")
        })
      else { return refuse("the host must be a plain domain name, without userinfo or port") }
      return .success(.https)
    case appScheme where url.hasPrefix(appScheme + ":"):
      return .success(.appScheme)
    case "intent":
      guard let androidPackage, rest.hasPrefix("//"),
        url.contains("#Intent;scheme=\(appScheme);package=\(androidPackage);"),
        url.hasSuffix(";end")
      else { return refuse("only intent: links to the app's own scheme and package are allowed") }
      return .success(.intent)
    default:
      return refuse("only https, \(appScheme): and the app's intent: links are allowed")
    }
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
