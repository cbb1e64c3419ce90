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

  /// `prefix` as it is, then `text` encoded, then `suffix`, made as one string (one buffer, no
  /// string per part): how a link that carries another link in its tail is finished.
  package static func joining(
    _ prefix: UnsafeBufferPointer<UInt8>,
    encoding text: String,
    _ suffix: StaticString
  ) -> String {
    var text = text
    return text.withUTF8 { input in
      let count = prefix.count + encodedCount(input) + suffix.utf8CodeUnitCount
      return String(unsafeUninitializedCapacity: count) { output in
        guard let start = output.baseAddress else { return 0 }
        var offset = output.initialize(fromContentsOf: prefix)
        offset += encode(input, into: start + offset)
        (start + offset).initialize(from: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return offset + suffix.utf8CodeUnitCount
      }
    }
  }
}
