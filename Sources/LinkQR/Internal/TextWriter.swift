/// Writes ASCII and UTF-8 into a buffer sized in advance: the SVG and terminal renderers
/// write kilobytes per code and must stay a small fraction of the encoding time.
struct TextWriter {
  private let start: UnsafeMutablePointer<UInt8>
  private(set) var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    start = buffer.baseAddress.unsafelyUnwrapped
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

  /// Writes a decimal integer.
  mutating func write(_ value: Int) {
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
