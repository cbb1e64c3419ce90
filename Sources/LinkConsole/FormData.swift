import Foundation

/// The fields of an `application/x-www-form-urlencoded` body or a query string: `+` as a
/// space, `%XX` decoded (a malformed escape leaves the value as sent), the first of duplicate
/// names kept.
package struct FormData: Sendable {
  private var fields: [String: String] = [:]

  package init(_ encoded: Substring) {
    for pair in encoded.split(separator: "&").prefix(256) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = Self.decode(parts[0])
      let value = parts.count > 1 ? Self.decode(parts[1]) : ""
      if fields[name] == nil { fields[name] = value }
    }
  }

  package init(_ encoded: String) {
    self.init(encoded[...])
  }

  /// A field's value; `nil` when absent.
  package subscript(name: String) -> String? { fields[name] }

  /// A field's value with surrounding spaces trimmed; `nil` when absent or empty.
  package func trimmed(_ name: String) -> String? {
    guard let value = fields[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
      return nil
    }
    return value
  }

  private static func decode(_ text: Substring) -> String {
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}
