import Crypto

/// Random bytes from the system's CSPRNG, through swift-crypto (`SymmetricKey` draws its bytes
/// from BoringSSL's `RAND_bytes` on Linux and `SecRandomCopyBytes` on Apple platforms).
enum SecureRandom {
  static func bytes(_ count: Int) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(count)
    while result.count < count {
      let key = SymmetricKey(size: .bits256)
      key.withUnsafeBytes { result.append(contentsOf: $0.prefix(count - result.count)) }
    }
    return result
  }

  /// `count` characters of ``ShortCode/alphabet``, 5 random bits each.
  static func code(length count: Int) -> String {
    // 256 is a multiple of 32, so taking the low five bits of a random byte is unbiased.
    String(decoding: bytes(count).map { ShortCode.alphabetBytes[Int($0 & 31)] }, as: UTF8.self)
  }
}
