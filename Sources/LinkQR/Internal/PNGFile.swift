/// A PNG file (ISO/IEC 15948) built chunk by chunk: the signature, then each chunk with its
/// length, type, data and CRC-32, all in one array. LinkQR writes its files with it; LinkPrint
/// adds a resolution to the PNG files cairo writes.
package struct PNGFile {
  package private(set) var bytes: [UInt8]

  /// An empty file (the signature) with room for `capacity` bytes.
  package init(capacity: Int) {
    bytes = []
    bytes.reserveCapacity(capacity)
    bytes += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  }

  /// A file whose first bytes (the signature and whole chunks) are written already.
  package init(continuing bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Appends a chunk whose data `body` appends; `type` is four ASCII letters.
  package mutating func append(_ type: StaticString, _ body: (inout [UInt8]) -> Void) {
    let start = bytes.count
    bytes.append(bigEndian: 0)  // the length, known once the data is written
    bytes.append(contentsOf: UnsafeBufferPointer(start: type.utf8Start, count: 4))
    body(&bytes)
    let length = UInt32(bytes.count - start - 8)
    let crc = bytes.withUnsafeMutableBufferPointer { bytes in
      UnsafeMutableRawPointer(bytes.baseAddress.unsafelyUnwrapped + start)
        .storeBytes(of: length.bigEndian, as: UInt32.self)
      return Self.crc32(UnsafeBufferPointer(rebasing: bytes[(start + 4)...]))
    }
    bytes.append(bigEndian: crc)
  }

  /// Appends a `pHYs` chunk: square pixels, `pixelsPerMeter` of them per metre.
  package mutating func appendPhysicalSize(pixelsPerMeter: UInt32) {
    append("pHYs") { data in
      data.append(bigEndian: pixelsPerMeter)
      data.append(bigEndian: pixelsPerMeter)
      data.append(1)  // unit: the metre
    }
  }

  /// The CRC-32 of ISO 3309 that PNG chunks carry, over the chunk's type and data.
  static func crc32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
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
