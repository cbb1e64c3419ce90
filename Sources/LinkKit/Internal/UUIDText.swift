#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads and writes UUIDs as text without Foundation's formatter: lower case out, either
/// case in.
enum UUIDText {
  private static let hexDigits: StaticString = "0123456789abcdef"

  /// Writes the 36 bytes of the lower-case form.
  @inline(__always)
  static func write(_ uuid: UUID, into output: UnsafeMutablePointer<UInt8>) {
    withUnsafeBytes(of: uuid.uuid) { bytes in
      let digits = hexDigits.utf8Start
      var offset = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          output[offset] = UInt8(ascii: "-")
          offset += 1
        }
        let byte = bytes[index]
        output[offset] = digits[Int(byte >> 4)]
        output[offset + 1] = digits[Int(byte & 0x0F)]
        offset += 2
      }
    }
  }

  /// Reads the 8-4-4-4-12 form in either case; `nil` for anything else.
  @inline(__always)
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36 else { return nil }
    var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    let valid = withUnsafeMutableBytes(of: &bytes) { output -> Bool in
      var offset = 0
      for index in 0..<16 {
        if index == 4 || index == 6 || index == 8 || index == 10 {
          guard text[offset] == UInt8(ascii: "-") else { return false }
          offset += 1
        }
        guard let high = hexValue(text[offset]), let low = hexValue(text[offset + 1]) else {
          return false
        }
        output[index] = high << 4 | low
        offset += 2
      }
      return true
    }
    return valid ? UUID(uuid: bytes) : nil
  }

  @inline(__always)
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
    default: nil
    }
  }
}
