/// The byte-level encoding and decoding behind ``PercentEncoding/encode(_:)``, used by the
/// builder and the parser.
extension PercentEncoding {
  private static let hexDigits: StaticString = "0123456789ABCDEF"

  /// Whether a byte is unreserved: one bit per byte for 0–63 and 64–127 (a test checks the
  /// constants against the RFC's list).
  @inline(__always)
  static func isUnreserved(_ byte: UInt8) -> Bool {
    if byte < 64 { return (0x03FF_6000_0000_0000 as UInt64) & (1 << UInt64(byte)) != 0 }
    if byte < 128 { return (0x47FF_FFFE_87FF_FFFE as UInt64) & (1 << UInt64(byte &- 64)) != 0 }
    return false
  }

  /// The length of `bytes` once encoded.
  @inline(__always)
  static func encodedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = bytes.count
    for byte in bytes where !isUnreserved(byte) { count &+= 2 }
    return count
  }

  /// The length of a string once encoded.
  @inline(__always)
  static func encodedCount(_ text: String) -> Int {
    var text = text
    return text.withUTF8 { encodedCount($0) }
  }

  /// Writes `bytes` encoded at `output`; returns the number of bytes written.
  @inline(__always)
  static func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    let digits = hexDigits.utf8Start
    var offset = 0
    for byte in bytes {
      if isUnreserved(byte) {
        output[offset] = byte
        offset &+= 1
      } else {
        output[offset] = UInt8(ascii: "%")
        output[offset &+ 1] = digits[Int(byte >> 4)]
        output[offset &+ 2] = digits[Int(byte & 0x0F)]
        offset &+= 3
      }
    }
    return offset
  }

  /// The number of bytes that encoding escapes: each adds 2 bytes once encoded (`%XX`), 4
  /// encoded twice (`%25XX`).
  @inline(__always)
  static func reservedCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var count = 0
    for byte in bytes where !isUnreserved(byte) { count &+= 1 }
    return count
  }

  /// Writes `bytes` encoded twice, as a link nested in a query value of another link is:
  /// `encode(encode(bytes))` in one pass. Returns the number of bytes written.
  @inline(__always)
  static func encodeTwice(
    _ bytes: UnsafeBufferPointer<UInt8>,
    into output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    let digits = hexDigits.utf8Start
    var offset = 0
    for byte in bytes {
      if isUnreserved(byte) {
        output[offset] = byte
        offset &+= 1
      } else {
        output[offset] = UInt8(ascii: "%")
        output[offset &+ 1] = UInt8(ascii: "2")
        output[offset &+ 2] = UInt8(ascii: "5")
        output[offset &+ 3] = digits[Int(byte >> 4)]
        output[offset &+ 4] = digits[Int(byte & 0x0F)]
        offset &+= 5
      }
    }
    return offset
  }

  /// `bytes` encoded, as a new array (for prefixes computed once per table).
  static func encoded(_ bytes: [UInt8], times: Int = 1) -> [UInt8] {
    var result = bytes
    for _ in 0..<times {
      result = result.withUnsafeBufferPointer { input in
        [UInt8](unsafeUninitializedCapacity: encodedCount(input)) { output, count in
          count = output.baseAddress.map { encode(input, into: $0) } ?? 0
        }
      }
    }
    return result
  }

  /// Decodes `%XX` escapes from `input` into `output` (which must hold `input.count` bytes).
  /// Returns the decoded length, or the offset of the first malformed `%` as a failure.
  @inline(__always)
  static func decode(
    _ input: UnsafeBufferPointer<UInt8>,
    into output: UnsafeMutablePointer<UInt8>
  ) -> Result<Int, MalformedEscape> {
    var read = 0
    var written = 0
    while read < input.count {
      let byte = input[read]
      if byte == UInt8(ascii: "%") {
        guard read + 2 < input.count,
          let high = UUIDText.hexValue(input[read + 1]),
          let low = UUIDText.hexValue(input[read + 2])
        else { return .failure(MalformedEscape(offset: read)) }
        output[written] = high << 4 | low
        read += 3
      } else {
        output[written] = byte
        read += 1
      }
      written += 1
    }
    return .success(written)
  }

  struct MalformedEscape: Error {
    let offset: Int
  }
}
