/// Writes ASCII and UTF-8 into a buffer sized in advance: the SVG and terminal renderers
/// write kilobytes per code and must stay a small fraction of the encoding time.
struct TextWriter {
  private let start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0
  /// ``smallNumbers``, read once per writer (a static is checked for initialisation at
  /// every access).
  private let numbers: [UInt32]

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    start = buffer.baseAddress.unsafelyUnwrapped
    numbers = Self.smallNumbers
  }

  mutating func write(_ byte: UInt8) {
    start[count] = byte
    count += 1
  }

  mutating func write(_ text: StaticString) {
    let length = text.utf8CodeUnitCount
    (start + count).update(from: text.utf8Start, count: length)
    count += length
  }

  mutating func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { bytes in
      (start + count).update(from: bytes.baseAddress.unsafelyUnwrapped, count: bytes.count)
    }
    count += bytes.count
  }

  /// Writes the half-block glyph for inked halves `glyph` (bit 0 upper, bit 1 lower): a space,
  /// `▀`, `▄` or `█`. Branch-free: three bytes are stored, and the count moves by the length.
  @inline(__always)
  mutating func writeHalfBlock(_ glyph: Int) {
    // The last byte of U+2580, U+2584 and U+2588, indexed by glyph.
    let lastBytes: UInt32 = 0x88_84_80_00
    start[count] = glyph == 0 ? 0x20 : 0xE2
    start[count + 1] = 0x96
    start[count + 2] = UInt8(truncatingIfNeeded: lastBytes >> UInt32(8 * glyph))
    count += glyph == 0 ? 1 : 3
  }

  /// Writes a decimal integer.
  mutating func write(_ value: Int) {
    if value > -1000, value < 1000 {
      // Module coordinates, run lengths and a path's steps back (`h-3`): one lookup, no
      // division. The sign without a branch (a path goes back and forth in no order a branch
      // predictor learns): `-` is written either way, kept only for a negative value, and
      // otherwise overwritten by the first digit.
      start[count] = UInt8(ascii: "-")
      count &+= value < 0 ? 1 : 0
      let entry = numbers[Int(truncatingIfNeeded: value.magnitude)]
      let length = Int(entry >> 24)
      start[count] = UInt8(truncatingIfNeeded: entry)
      if length > 1 { start[count + 1] = UInt8(truncatingIfNeeded: entry >> 8) }
      if length > 2 { start[count + 2] = UInt8(truncatingIfNeeded: entry >> 16) }
      count += length
      return
    }
    var magnitude = value.magnitude
    if value < 0 { write(UInt8(ascii: "-")) }
    var digits = 1
    var power: UInt = 10
    while magnitude >= power, digits < 19 {
      digits += 1
      power &*= 10
    }
    var index = count + digits - 1
    repeat {
      start[index] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
      magnitude /= 10
      index -= 1
    } while magnitude > 0
    count += digits
  }

  /// The decimal digits of 0–999, first digit in the low byte, the length in the top byte.
  private static let smallNumbers: [UInt32] = (0..<1000).map { value in
    let digits = Array(String(value).utf8)
    var entry = UInt32(digits.count) << 24
    for (index, digit) in digits.enumerated() { entry |= UInt32(digit) << (8 * index) }
    return entry
  }
}

extension String {
  /// A string written by `body` into at most `capacity` bytes of ASCII or UTF-8.
  init(capacity: Int, writing body: (inout TextWriter) -> Void) {
    self.init(unsafeUninitializedCapacity: capacity) { buffer in
      var writer = TextWriter(buffer)
      body(&writer)
      return writer.count
    }
  }
}
