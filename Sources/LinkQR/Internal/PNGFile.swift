/// A PNG file (ISO/IEC 15948) built chunk by chunk: the signature, then each chunk with its
/// length, type, data and CRC-32.
struct PNGFile {
  private(set) var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Appends a chunk; `type` is four ASCII letters.
  mutating func append(_ type: StaticString, _ data: [UInt8]) {
    bytes.reserveCapacity(bytes.count + data.count + 12)
    bytes.append(bigEndian: UInt32(data.count))
    let start = bytes.count
    bytes.append(contentsOf: UnsafeBufferPointer(start: type.utf8Start, count: 4))
    bytes.append(contentsOf: data)
    let crc = bytes.withUnsafeBufferPointer { Self.crc32($0[start...]) }
    bytes.append(bigEndian: crc)
  }

  /// The CRC-32 of ISO 3309 that PNG chunks carry, over the chunk's type and data.
  static func crc32(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    crcTable.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ crc >> 8 }
    }
    return ~crc
  }

  private static let crcTable: [UInt32] = (0..<256).map { (index: UInt32) in
    (0..<8).reduce(index) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ crc >> 1 : crc >> 1 }
  }
}

extension Array where Element == UInt8 {
  /// Appends `value` most significant byte first, as PNG writes integers.
  mutating func append(bigEndian value: UInt32) {
    Swift.withUnsafeBytes(of: value.bigEndian) { append(contentsOf: $0) }
  }
}
