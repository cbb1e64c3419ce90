import Crypto
import Foundation
import Testing

@testable import LinkPages

/// LinkPages' own SHA-256 (the Content-Security-Policy's hashes) is SHA-256: FIPS 180-4's
/// examples, and swift-crypto's digest for random inputs of every length around the padding's
/// edges (55, 56 and 64 bytes a block) and beyond.
struct CSPHashTests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func fipsExamples(_ message: String, _ digest: String) {
    #expect(hex(CSPHash.sha256(Array(message.utf8))) == digest)
  }

  @Test func aMillionAs() {
    let digest = CSPHash.sha256([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
    #expect(hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func agreesWithSwiftCrypto() {
    var generator = SystemRandomNumberGenerator()
    for length in Array(0...200) + [447, 448, 511, 512, 513, 4_095, 4_096, 70_000] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(CSPHash.sha256(bytes) == Array(SHA256.hash(data: bytes)), "\(length) bytes")
    }
  }

  @Test func aSourceIsTheDigestInBase64() {
    let style = Array("body{color:red}".utf8)
    #expect(
      CSPHash.source(of: style)
        == "'sha256-\(Data(SHA256.hash(data: style)).base64EncodedString())'"
    )
  }

  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }
}
