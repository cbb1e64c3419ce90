import Testing

@testable import LinkKit

/// The parser's byte-class table says what its documentation and ``disallowedASCII`` say.
struct ByteClassTests {
  @Test func everyByteHasTheClassTheRulesGiveIt() {
    let table = LinkParser.byteClasses
    #expect(table.utf8CodeUnitCount == 256)
    for value in 0...255 {
      let byte = UInt8(value)
      let expected: UInt8
      if byte >= 0x80 {
        expected = UInt8(ascii: "3")
      } else if LinkParser.disallowedASCII(byte) != nil {
        expected = UInt8(ascii: "2")
      } else if ":?#%".utf8.contains(byte) {
        expected = UInt8(ascii: "1")
      } else {
        expected = UInt8(ascii: "0")
      }
      #expect(table.utf8Start[value] == expected, "byte 0x\(String(value, radix: 16))")
    }
  }
}
