/// RFC 3986 percent-encoding, as linkgen applies it to every value: only the unreserved
/// characters (`A-Z a-z 0-9 - . _ ~`) stay as they are, every other byte becomes `%XX` with
/// upper-case hex. So `+`, `&`, `=`, `#`, `%`, `/` and non-ASCII text (as UTF-8) are always
/// encoded, and a value means the same in a path, a query, or a query nested in another link.
/// Shared with LinkPages (`package`): users get encoded values through the built links.
package enum PercentEncoding {
  /// The text percent-encoded as linkgen encodes every value: all bytes but the unreserved
  /// `A-Z a-z 0-9 - . _ ~` as `%XX` with upper-case hex.
  ///
  /// ```swift
  /// PercentEncoding.encode("a b&c=é")  // "a%20b%26c%3D%C3%A9"
  /// ```
  package static func encode(_ text: String) -> String {
    var text = text
    return text.withUTF8 { input in
      String(unsafeUninitializedCapacity: encodedCount(input)) { output in
        output.baseAddress.map { encode(input, into: $0) } ?? 0
      }
    }
  }
}
