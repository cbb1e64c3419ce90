/// The shapes of the `"pages"` section's values, each returning a sentence for the table's
/// error message or `nil` when the value is well-formed.
enum PageRules {
  static func templatesProblem(_ path: String) -> String? {
    if path.isEmpty { return "the templates folder is empty; give a path or leave the key out" }
    if path.unicodeScalars.contains(where: ForbiddenScalars.contains) {
      return "the templates path contains a control or invisible character"
    }
    return nil
  }

  /// An absolute https URL with a plain host and only printable ASCII (no spaces, quotes,
  /// `<`, `>`, backslashes), as a browser and a link-preview crawler read it.
  static func httpsURLProblem(_ url: String) -> String? {
    guard url.hasPrefix("https://") else {
      return "'\(url)' must be an https URL such as https://example.com/preview.png"
    }
    if let bad = url.unicodeScalars.first(where: {
      $0.value <= 0x20 || $0.value >= 0x7F || "\"'<>\\`{}|^".unicodeScalars.contains($0)
    }) {
      let shown = bad.value > 0x20 && bad.value < 0x7F ? "'\(bad)'" : ForbiddenScalars.name(bad)
      return "the URL contains \(shown); percent-encode it"
    }
    let host = url.dropFirst("https://".count).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if host.contains("@") { return "the URL has userinfo ('@'); give a plain https URL" }
    if let message = Identifiers.domainProblem(String(host)) { return "the URL's host: \(message)" }
    if url.utf8.count > 2048 { return "the URL is longer than 2048 bytes" }
    return nil
  }

  static func twitterSiteProblem(_ site: String) -> String? {
    let name = site.dropFirst()
    let valid =
      site.hasPrefix("@") && (1...15).contains(name.count)
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    return valid ? nil : "'\(site)' is not an X/Twitter handle: @ and 1–15 letters, digits or '_'"
  }

  static func themeColorProblem(_ color: String) -> String? {
    let hex = color.dropFirst()
    let valid = color.hasPrefix("#") && [3, 6].contains(hex.count) && hex.allSatisfy(\.isHexDigit)
    return valid ? nil : "'\(color)' is not a colour: use #rgb or #rrggbb"
  }

  static func altTextProblem(_ text: String) -> String? {
    if text.count > 420 { return "the image description is longer than 420 characters" }
    return Identifiers.displayTextProblem(text)
  }
}
