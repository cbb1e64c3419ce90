/// Structured choices read from the fuzzer's bytes, front to back (like libFuzzer's
/// `FuzzedDataProvider`): every read consumes bytes, and once they run out every read returns
/// its smallest answer, so any input is a valid sequence of choices.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The next byte, or 0 at the end.
  mutating func byte() -> UInt8 {
    guard position < bytes.count else { return 0 }
    defer { position += 1 }
    return bytes[position]
  }

  /// A number in `range`, from as many bytes as the range needs.
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound)
    guard span > 0 else { return range.lowerBound }
    var value: UInt64 = 0
    var covered: UInt64 = 0
    while covered < span && !isAtEnd {
      value = value << 8 | UInt64(byte())
      covered = covered << 8 | 0xFF
    }
    return range.lowerBound + Int(value % (span + 1))
  }

  mutating func bool() -> Bool { byte() & 1 == 1 }

  /// One of `options`, which must not be empty.
  mutating func pick<T>(_ options: [T]) -> T {
    options[int(in: 0...options.count - 1)]
  }

  /// Up to `limit` bytes, the count read first.
  mutating func bytes(upTo limit: Int) -> [UInt8] {
    let count = min(int(in: 0...limit), bytes.count - min(position, bytes.count))
    defer { position += count }
    return Array(bytes[position..<position + count])
  }

  /// Text from up to `limit` bytes (invalid UTF-8 becomes U+FFFD).
  mutating func text(upTo limit: Int) -> String {
    String(decoding: bytes(upTo: limit), as: UTF8.self)
  }

  /// Every byte not yet read.
  mutating func rest() -> [UInt8] {
    defer { position = bytes.count }
    return Array(bytes[min(position, bytes.count)...])
  }
}
