/// Short-link codes: generated ones and the slugs callers choose.
enum ShortCode {
  /// 32 characters with no look-alikes: the digits 2–9 and the lower-case letters except `l`
  /// and `o` (`0`/`o`, `1`/`l`/`i` cannot be confused because `0`, `1`, `l` and `o` are absent).
  /// Lower case only, so a code survives being read aloud or typed on a phone.
  static let alphabet = "23456789abcdefghijkmnpqrstuvwxyz"
  static let alphabetBytes = Array(alphabet.utf8)

  /// `length` characters of ``alphabet``, 5 random bits each (so unbiased: 32 letters), from
  /// the system's cryptographically secure generator (`SystemRandomNumberGenerator`:
  /// `getrandom` on Linux, `arc4random_buf` on Apple platforms). Twelve characters per 64-bit
  /// draw and no allocation but the string's: a create draws one code.
  static func random(length: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return String(unsafeUninitializedCapacity: length) { buffer in
      var bits: UInt64 = 0
      for index in 0..<length {
        if index % 12 == 0 { bits = generator.next() }
        buffer[index] = alphabetBytes[Int(truncatingIfNeeded: bits & 31)]
        bits >>= 5
      }
      return length
    }
  }

  /// The longest slug or code a lookup accepts; anything longer is not found without a query.
  static let maximumLength = 64
  /// The shortest slug: shorter ones would squat on the easy names.
  static let minimumSlugLength = 3

  /// Why `slug` cannot be a short link's code, or `nil` when it can: 3–64 characters of `a`–`z`,
  /// `0`–`9` and `-`, starting and ending with a letter or digit.
  static func slugProblem(_ slug: String) -> String? {
    let bytes = Array(slug.utf8)
    guard bytes.count >= minimumSlugLength, bytes.count <= maximumLength else {
      return
        "slug '\(printable(slug))' must be \(minimumSlugLength)–\(maximumLength) characters long"
    }
    if bytes.contains(where: { (0x41...0x5A).contains($0) }) {
      return "slug '\(slug)' must be lower case (short links are matched exactly)"
    }
    guard bytes.allSatisfy(isCodeByte) else {
      return "slug '\(printable(slug))' may hold only a–z, 0–9 and '-'"
    }
    guard bytes.first != 0x2D, bytes.last != 0x2D else {
      return "slug '\(slug)' must start and end with a letter or digit"
    }
    return nil
  }

  /// Whether `code` could be a stored code at all (checked before any query, so hostile input
  /// never reaches the database).
  static func isPlausible(_ code: String) -> Bool {
    let count = code.utf8.count
    return count >= 1 && count <= maximumLength && code.utf8.allSatisfy(isCodeByte)
  }

  private static func isCodeByte(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D
  }

  private static func printable(_ text: String) -> String {
    let shown = text.unicodeScalars.prefix(80).map { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F ? "?" : String(scalar)
    }.joined()
    return shown + (text.unicodeScalars.count > 80 ? "…" : "")
  }
}
