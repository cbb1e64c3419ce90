import LinkKit

/// A URL split into the raw text of its components, as written (nothing decoded), the way the
/// AASA matcher compares them.
struct URLParts: Sendable, Hashable {
  let scheme: String
  /// Lower-cased, without port or trailing dot.
  let host: String
  let port: String?
  let hasUserInfo: Bool
  /// The path as written, `""` when the URL has none.
  let path: String
  /// The query after `?`, or `nil` when the URL has no `?`.
  let query: String?
  /// The fragment after `#`, or `nil` when the URL has no `#`.
  let fragment: String?

  /// Splits `scheme://authority/path?query#fragment`; `nil` when the text has no `://`.
  init?(_ url: String) {
    guard let schemeEnd = url.firstRange(of: "://") else { return nil }
    let scheme = url[..<schemeEnd.lowerBound]
    guard !scheme.isEmpty,
      scheme.unicodeScalars.allSatisfy({
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "+-.".unicodeScalars.contains($0)
      })
    else { return nil }
    var rest = url[schemeEnd.upperBound...]
    var fragment: String?
    if let hash = rest.firstIndex(of: "#") {
      fragment = String(rest[rest.index(after: hash)...])
      rest = rest[..<hash]
    }
    var query: String?
    if let mark = rest.firstIndex(of: "?") {
      query = String(rest[rest.index(after: mark)...])
      rest = rest[..<mark]
    }
    let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
    var authority = rest[..<authorityEnd]
    let path = rest[authorityEnd...]
    var hasUserInfo = false
    if let at = authority.lastIndex(of: "@") {
      hasUserInfo = true
      authority = authority[authority.index(after: at)...]
    }
    var port: String?
    let hostEnd =
      authority.hasPrefix("[")
      ? (authority.firstIndex(of: "]") ?? authority.endIndex) : authority.startIndex
    if let colon = authority[hostEnd...].lastIndex(of: ":") {
      port = String(authority[authority.index(after: colon)...])
      authority = authority[..<colon]
    }
    var host = authority.lowercased()
    if host.hasSuffix(".") { host.removeLast() }
    self.scheme = scheme.lowercased()
    self.host = host
    self.port = port
    self.hasUserInfo = hasUserInfo
    self.path = String(path)
    self.query = query
    self.fragment = fragment
  }

  /// The query items as written: `name=value` split at the first `=`; an item without `=` has
  /// an empty value; empty items (`a=1&&b=2`) are skipped.
  var queryItems: [(name: String, value: String)] {
    guard let query else { return [] }
    return query.split(separator: "&", omittingEmptySubsequences: true).map { item in
      guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
      return (String(item[..<equals]), String(item[item.index(after: equals)...]))
    }
  }

  /// Decodes `%XX` escapes as UTF-8; text whose escapes do not decode to UTF-8 is returned as
  /// written.
  static func percentDecoded(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var bytes: [UInt8] = []
    let input = Array(text.utf8)
    var index = 0
    while index < input.count {
      if input[index] == UInt8(ascii: "%"), index + 2 < input.count,
        let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
      {
        bytes.append(high << 4 | low)
        index += 3
      } else {
        bytes.append(input[index])
        index += 1
      }
    }
    return UTF8Text.decode(bytes) ?? text
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
