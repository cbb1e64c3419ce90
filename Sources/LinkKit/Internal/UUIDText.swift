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

  /// Whether the UUID is the nil UUID, all zero bits.
  @inline(__always)
  static func isNil(_ uuid: UUID) -> Bool {
    withUnsafeBytes(of: uuid.uuid) { bytes in
      bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
        | bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == 0
    }
  }

  /// Reads the 8-4-4-4-12 form in either case; `nil` for anything else.
  @inline(__always)
  static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
    guard text.count == 36, let p = text.baseAddress,
      p[8] == UInt8(ascii: "-"), p[13] == UInt8(ascii: "-"), p[18] == UInt8(ascii: "-"),
      p[23] == UInt8(ascii: "-")
    else { return nil }
    var bad: UInt8 = 0
    let uuid: uuid_t = (
      byte(p, 0, &bad), byte(p, 2, &bad), byte(p, 4, &bad), byte(p, 6, &bad),
      byte(p, 9, &bad), byte(p, 11, &bad), byte(p, 14, &bad), byte(p, 16, &bad),
      byte(p, 19, &bad), byte(p, 21, &bad), byte(p, 24, &bad), byte(p, 26, &bad),
      byte(p, 28, &bad), byte(p, 30, &bad), byte(p, 32, &bad), byte(p, 34, &bad)
    )
    return bad & 0x10 == 0 ? UUID(uuid: uuid) : nil
  }

  /// The byte spelled by two hex digits at `offset`; sets `bad` when either is not hex.
  @inline(__always)
  private static func byte(_ pointer: UnsafePointer<UInt8>, _ offset: Int, _ bad: inout UInt8)
    -> UInt8
  {
    nibble(pointer[offset], &bad) << 4 | nibble(pointer[offset + 1], &bad)
  }

  @inline(__always)
  private static func nibble(_ byte: UInt8, _ bad: inout UInt8) -> UInt8 {
    let value = nibbles.utf8Start[Int(byte)]
    bad |= value
    return value & 0x0F
  }

  /// The value of each byte as a hex digit, or 0x10 for bytes that are not hex digits; the
  /// parser ORs the values together and rejects the UUID when bit 4 is set.
  private static let nibbles: StaticString =
    "\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{0}\u{1}\u{2}\u{3}\u{4}\u{5}\u{6}\u{7}\u{8}\u{9}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{A}\u{B}\u{C}\u{D}\u{E}\u{F}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}\u{10}"

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
