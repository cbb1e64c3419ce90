import Crypto

/// API keys: `lgk_<id>_<secret>`, where the id (8 characters) is public and shown in lists and
/// the secret is 40 characters of ``ShortCode/alphabet`` (200 random bits).
///
/// The store keeps SHA-256 of the whole key. A slow password hash (bcrypt, Argon2) protects
/// low-entropy secrets that people choose; these secrets are 200 random bits, so a stolen hash
/// cannot be reversed by guessing, and a fast hash keeps authentication cheap (a slow KDF on
/// every API request would itself be a denial-of-service lever).
enum KeyHashing {
  static let prefix = "lgk_"
  static let idLength = 8
  static let secretLength = 40

  /// A new key: its id and the whole key text.
  static func generate() -> (id: String, key: String) {
    let id = ShortCode.random(length: idLength)
    return (id, "\(prefix)\(id)_\(ShortCode.random(length: secretLength))")
  }

  /// The id inside a presented key, or `nil` when the text cannot be a key.
  static func id(in key: String) -> String? {
    let bytes = Array(key.utf8)
    let expected = prefix.utf8.count + idLength + 1 + secretLength
    guard bytes.count == expected, key.hasPrefix(prefix),
      bytes[prefix.utf8.count + idLength] == UInt8(ascii: "_")
    else { return nil }
    let body = bytes[prefix.utf8.count...].filter { $0 != UInt8(ascii: "_") }
    guard body.count == idLength + secretLength,
      body.allSatisfy({ ShortCode.alphabetBytes.contains($0) })
    else { return nil }
    return String(decoding: bytes[prefix.utf8.count..<prefix.utf8.count + idLength], as: UTF8.self)
  }

  static func hash(_ key: String) -> [UInt8] {
    Array(SHA256.hash(data: Array(key.utf8)))
  }

  /// Compares two hashes in time that depends only on their length.
  static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
  }
}
