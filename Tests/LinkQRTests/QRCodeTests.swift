import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct QRCodeTests {
  static let invite = "https://openlist.example.com/invite/AB12CD34EF?role=editor"

  @Test func encodesTheSmallestVersionThatFits() throws {
    let code = try QRCode(encoding: Self.invite)
    #expect(code.errorCorrection == .medium)
    #expect(code.version == 4)
    #expect(code.size == 17 + 4 * code.version)
    // The finder pattern: a dark 7x7 ring around a light ring around a dark 3x3 centre.
    for index in 0..<7 {
      #expect(code[index, 0] && code[0, index] && code[index, 6] && code[6, index])
    }
    #expect(!code[1, 1] && !code[5, 5] && code[3, 3])
    #expect(!code[-1, 0] && !code[0, code.size])  // the quiet zone is light
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func moreCorrectionNeedsAtLeastTheSameVersion(level: QRErrorCorrection) throws {
    let code = try QRCode(encoding: Self.invite, errorCorrection: level, exactErrorCorrection: true)
    let lower = try QRCode(encoding: Self.invite, errorCorrection: .low, exactErrorCorrection: true)
    #expect(code.errorCorrection == level)
    #expect(code.version >= lower.version)
  }

  @Test func honoursAMinimumVersion() throws {
    #expect(try QRCode(encoding: "hi", minimumVersion: 10).version == 10)
    // A longer text still gets the version it needs.
    #expect(try QRCode(encoding: Self.invite, minimumVersion: 1).version == 4)
    #expect(throws: QRError.self) { try QRCode(encoding: "hi", minimumVersion: 41) }
    #expect(throws: QRError.self) { try QRCode(encoding: "hi", minimumVersion: 0) }
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func theLargestTextOfALevelFillsVersion40(level: QRErrorCorrection) throws {
    let text = String(repeating: "a", count: level.byteCapacity)
    #expect(try QRCode(encoding: text, errorCorrection: level).version == 40)
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func aTextTooLongForAnyVersionIsAClearError(level: QRErrorCorrection) throws {
    let text = String(repeating: "a", count: level.byteCapacity + 1)
    let error = try #require(throws: QRError.self) {
      try QRCode(encoding: text, errorCorrection: level)
    }
    #expect(error.code == .tooLong)
    #expect(error.message.contains("\(level.byteCapacity + 1) bytes"))
    #expect(error.message.contains("level \(level.name) holds at most \(level.byteCapacity)"))
  }

  @Test func aHugeTextIsRefusedWithoutCrashing() throws {
    let error = try #require(throws: QRError.self) {
      try QRCode(encoding: String(repeating: "€", count: 100_000))
    }
    #expect(error.code == .tooLong)
  }

  @Test func emptyTextIsAnError() throws {
    let error = try #require(throws: QRError.self) { try QRCode(encoding: "") }
    #expect(error.code == .empty)
  }

  @Test func bytesIncludingNULAreEncoded() throws {
    let bytes: [UInt8] = [0x61, 0x00, 0x62, 0xFF]
    let code = try bytes.withUnsafeBufferPointer { try QRCode(bytes: $0) }
    #expect(code.version == 1)
  }

  @Test func levelsHaveTheirLetters() {
    #expect(QRErrorCorrection.allCases.map(\.name) == ["L", "M", "Q", "H"])
    #expect(QRErrorCorrection(name: "q") == .quartile)
    #expect(QRErrorCorrection(name: "X") == nil)
  }
}
