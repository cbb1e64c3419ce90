/// The shapes of the identifiers a route table names, each returning a sentence for the
/// table's error message or `nil` when the value is well-formed.
enum Identifiers {
  /// Schemes that belong to browsers, stores or the system; an app claiming one would break
  /// links or be refused by the platform.
  static let reservedSchemes: Set<String> = [
    "http", "https", "file", "ftp", "ws", "wss", "data", "blob", "javascript", "about",
    "intent", "market", "itms", "itms-apps", "itms-appss", "mailto", "tel", "sms", "facetime",
    "content", "android-app", "chrome",
  ]

  static func schemeProblem(_ scheme: String) -> String? {
    let bytes = Array(scheme.utf8)
    guard let first = bytes.first, isLower(first),
      bytes.allSatisfy({ isLower($0) || isDigit($0) || "+.-".utf8.contains($0) })
    else {
      return
        "'\(scheme)' is not a URL scheme: use lower-case letters, then letters, digits, '+', '.' or '-'"
    }
    if reservedSchemes.contains(scheme) {
      return "'\(scheme)' is reserved by browsers or the system; choose a scheme of your own"
    }
    return nil
  }

  static func domainProblem(_ domain: String) -> String? {
    if domain.contains("://") || domain.contains("/") {
      return "'\(domain)' should be a bare domain such as example.com, without scheme or path"
    }
    if domain.contains(":") { return "'\(domain)' has a port; universal-link domains have none" }
    if domain.hasPrefix("*.") {
      return "'\(domain)' is a wildcard; links need a concrete domain (list each one)"
    }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard domain.utf8.count <= 253, labels.count >= 2 else {
      return "'\(domain)' is not a fully qualified domain name"
    }
    for label in labels {
      let bytes = Array(label.utf8)
      guard !bytes.isEmpty, bytes.count <= 63,
        bytes.allSatisfy({ isLower($0) || isDigit($0) || $0 == UInt8(ascii: "-") }),
        bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-")
      else {
        return "'\(domain)' is not a domain name in lower case "
          + "(labels of letters, digits and inner hyphens, no trailing dot)"
      }
    }
    if let last = labels.last, last.utf8.allSatisfy(isDigit) {
      return "'\(domain)' is an IP address; universal links need a domain name"
    }
    return nil
  }

  static func teamIDProblem(_ id: String) -> String? {
    id.utf8.count == 10 && id.utf8.allSatisfy({ isUpper($0) || isDigit($0) })
      ? nil : "'\(id)' is not a Team ID: 10 upper-case letters and digits, as in ABCDE12345"
  }

  static func bundleIDProblem(_ id: String) -> String? {
    let parts = id.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      parts.count >= 2
      && parts.allSatisfy { part in
        !part.isEmpty
          && part.utf8.allSatisfy {
            isLower($0) || isUpper($0) || isDigit($0) || $0 == UInt8(ascii: "-")
          }
      }
    return valid
      ? nil
      : "'\(id)' is not a bundle ID: reverse-DNS of letters, digits and '-', as in com.example.app"
  }

  static func appStoreIDProblem(_ id: String) -> String? {
    let bytes = Array(id.utf8)
    return !bytes.isEmpty && bytes.count <= 12 && bytes.allSatisfy(isDigit)
      && bytes.first != UInt8(ascii: "0")
      ? nil
      : "'\(id)' is not an App Store ID: the digits of apps.apple.com/app/id<N>, as in 1234567890"
  }

  static func packageProblem(_ name: String) -> String? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.utf8.first, isLower(first) || isUpper(first) else { return false }
        return part.utf8.allSatisfy {
          isLower($0) || isUpper($0) || isDigit($0) || $0 == UInt8(ascii: "_")
        }
      }
    return valid
      ? nil
      : "'\(name)' is not an Android package name: two or more dot-separated parts, each a "
        + "letter followed by letters, digits or '_', as in com.example.app"
  }

  static func fingerprintProblem(_ fingerprint: String) -> String? {
    let parts = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
    let hexPairs =
      parts.count == 32 && parts.allSatisfy { $0.utf8.count == 2 && $0.utf8.allSatisfy(isHex) }
    if hexPairs && fingerprint != fingerprint.uppercased() {
      return "the fingerprint must be upper-case hex: \(fingerprint.uppercased())"
    }
    if hexPairs { return nil }
    let digits = fingerprint.utf8.filter(isHex).count
    return "'\(fingerprint)' is not a SHA-256 fingerprint: 32 bytes as upper-case hex pairs "
      + "separated by ':' (found \(parts.count) part\(parts.count == 1 ? "" : "s"), \(digits) hex digits)"
  }

  static func webBaseProblem(_ web: String) -> String? {
    guard web.hasPrefix("https://") else {
      return "'\(web)' must be an https URL such as https://example.com"
    }
    let rest = web.dropFirst("https://".count)
    let host = rest.prefix { $0 != "/" }
    if let message = domainProblem(String(host)) { return "the web base's host: \(message)" }
    let path = rest.dropFirst(host.count)
    if path.contains(where: { $0 == "?" || $0 == "#" }) {
      return
        "the web base cannot have a query or fragment; the route's path and query are added to it"
    }
    if let bad = path.utf8.first(where: {
      !PercentEncoding.isUnreserved($0) && $0 != UInt8(ascii: "/")
    }) {
      return
        "the web base's path has '\(Character(Unicode.Scalar(bad)))'; use letters, digits, -._~ and /"
    }
    if path.contains("//") { return "the web base's path has an empty segment ('//')" }
    return nil
  }

  static func routeNameProblem(_ name: String) -> String? {
    let parts = name.split(separator: "-", omittingEmptySubsequences: false)
    let valid =
      parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { isLower($0) || isDigit($0) } }
      && name.utf8.first.map(isLower) == true
    return valid
      ? nil
      : "'\(name)' is not a route name: lower-case words of letters and digits joined by '-', "
        + "as in shared-checklist"
  }

  static func parameterNameProblem(_ name: String) -> String? {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, isLower(first) || isUpper(first) || first == UInt8(ascii: "_"),
      bytes.allSatisfy({ isLower($0) || isUpper($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
    else {
      return "'\(name)' is not a parameter name: a letter or '_', then letters, digits or '_'"
    }
    return nil
  }

  static func displayTextProblem(_ text: String) -> String? {
    guard let scalar = text.unicodeScalars.first(where: ForbiddenScalars.contains) else {
      return nil
    }
    return "the text contains \(ForbiddenScalars.name(scalar)), a control or invisible character"
  }

  private static func isLower(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
  }
  private static func isUpper(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
  }
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
  private static func isHex(_ byte: UInt8) -> Bool { UUIDText.hexValue(byte) != nil }
}
