import Foundation
import LinkBatch
import LinkPrint
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct LayoutTests {
  static func millimetres(_ points: Double) -> Double {
    (points / 72 * 25.4 * 100).rounded() / 100
  }

  @Test func theDefaultIsTenBusinessCardsOnA4() throws {
    let layout = try SheetLayout()
    #expect(layout == SheetLayout.standard)
    #expect(layout.columns == 2 && layout.rows == 5 && layout.cardsPerPage == 10)
    #expect(Self.millimetres(layout.origin.x) == 20 && Self.millimetres(layout.origin.y) == 11)
    let last = layout.cardOrigin(9)
    #expect(Self.millimetres(last.x) == 105 && Self.millimetres(last.y) == 231)
  }

  @Test func aGridSharesThePage() throws {
    let layout = try SheetLayout(
      paper: .letter,
      cards: .grid(columns: 3, rows: 4),
      margin: .millimetres(10),
      gutter: .millimetres(2)
    )
    #expect(layout.cardsPerPage == 12)
    #expect(Self.millimetres(layout.cardSize.width) == 63.97)
    #expect(Self.millimetres(layout.cardSize.height) == 63.35)
    // 12 per A4 page with the default margins: 1,000 cards make 84 pages.
    #expect(try SheetLayout(cards: .grid(columns: 3, rows: 4)).cardsPerPage == 12)
  }

  @Test func cardsGuttersAndMarks() throws {
    let layout = try SheetLayout(
      cards: .size(try PrintSize(parsing: "90x50mm")),
      gutter: .millimetres(4),
      cropMarks: true
    )
    #expect(layout.columns == 2 && layout.rows == 5)
    let second = layout.cardOrigin(1)
    #expect(Self.millimetres(second.x - layout.origin.x) == 94)
  }

  @Test func layoutsThatCannotWork() {
    let cases: [(() throws(PrintError) -> SheetLayout, String)] = [
      (
        { () throws(PrintError) in try SheetLayout(cards: .size(.millimetres(300, 50))) },
        "does not fit"
      ),
      (
        { () throws(PrintError) in try SheetLayout(cards: .grid(columns: 12, rows: 2)) },
        "too small"
      ),
      ({ () throws(PrintError) in try SheetLayout(cards: .grid(columns: 0, rows: 2)) }, "1 to 20"),
      ({ () throws(PrintError) in try SheetLayout(margin: .millimetres(120)) }, "leave no room"),
      (
        { () throws(PrintError) in
          try SheetLayout(
            cards: .grid(columns: 2, rows: 2),
            margin: .millimetres(3),
            cropMarks: true
          )
        }, "crop marks need a margin of at least 5 mm"
      ),
    ]
    for (make, message) in cases {
      do {
        _ = try make()
        Issue.record("accepted a layout that should fail with '\(message)'")
      } catch {
        #expect(error.code == .invalidOption)
        #expect(error.message.contains(message), "\(error.message)")
      }
    }
  }

  @Test func sizesAndLengths() throws {
    #expect(try PrintSize(parsing: "A4") == .a4)
    #expect(try PrintSize(parsing: "letter").paperName == "letter")
    #expect(try PrintSize(parsing: "85x55mm") == .businessCard)
    #expect(try PrintSize(parsing: "3.5x2in") == PrintSize(width: 252, height: 144))
    #expect(try PrintSize(parsing: "85x55mm").description == "85x55mm")
    #expect(try PrintLength(parsing: "1cm").millimetres == 10)
    #expect(try PrintLength(parsing: "12pt").points == 12)
    #expect(try PrintLength(parsing: "0").points == 0)
    for bad in ["85x55", "x55mm", "85x-5mm", "a6", "85×55mm"] {
      #expect(throws: PrintError.self) { try PrintSize(parsing: bad) }
    }
    for bad in ["10", "-1mm", "mm", "1furlong"] {
      #expect(throws: PrintError.self) { try PrintLength(parsing: bad) }
    }
  }

  @Test func splitFilesAreNumberedBeforeTheExtension() {
    let options = SheetOptions(
      route: "r",
      input: .standardInput,
      output: URL(fileURLWithPath: "/tmp/out/invites.pdf")
    )
    #expect(options.splitPath(0).path == "/tmp/out/invites-001.pdf")
    #expect(options.splitPath(1233).path == "/tmp/out/invites-1234.pdf")
    let bare = SheetOptions(
      route: "r",
      input: .standardInput,
      output: URL(fileURLWithPath: "/tmp/sheet")
    )
    #expect(bare.splitPath(4).path == "/tmp/sheet-005")
  }
}
