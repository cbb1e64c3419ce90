import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct TerminalTests {
  @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
  func readsBackAsTheEncodedMatrix(invert: Bool, colors: Bool) throws {
    let code = try QRCode(encoding: "https://openlist.example.com/shared-checklists/42")
    for margin in [0, 1, 4] {
      let text = try code.terminalText(margin: margin, invert: invert, ansiColors: colors)
      let rows = try #require(TerminalReader.inkedRows(text))
      let modules = code.size + 2 * margin
      #expect(rows.count == modules + 1)  // an odd count: the last half row is blank
      #expect(rows.last == Array(repeating: false, count: modules))
      for (y, row) in rows.prefix(modules).enumerated() {
        #expect(row.count == modules)
        let dark = row.map { $0 == invert }
        let expected = (0..<modules).map { code[$0 - margin, y - margin] }
        #expect(dark == expected, "row \(y), margin \(margin)")
      }
      #expect(text.contains("\u{1B}[") == colors)
    }
  }

  @Test func theDefaultInksTheQuietZoneForDarkTerminals() throws {
    let text = try QRCode(encoding: "x").terminalText()
    let first = try #require(text.split(separator: "\n").first)
    #expect(first == Substring(String(repeating: "\u{2588}", count: 29)))
    let inverted = try QRCode(encoding: "x").terminalText(invert: true)
    #expect(inverted.hasPrefix(String(repeating: " ", count: 29) + "\n"))
  }

  @Test func aMarginOutOfRangeIsAnError() {
    #expect(throws: QRError.self) { try QRCode(encoding: "x").terminalText(margin: 41) }
  }
}
