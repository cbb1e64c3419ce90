import Foundation
import LinkBatch
import LinkKit
import LinkPages
import LinkPrint
import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork, .enabled(if: PDFTools.available, "\(PDFTools.missing)"))
struct SheetTests {
  /// The example's 12 rows (6 English names, 6 Korean) on A4 with 85 × 55 mm cards, and on a
  /// 3 × 4 grid of letter paper with crop marks in Korean: every card's code decodes at 300 dpi
  /// to its row's universal link, and the card shows the row's name.
  @Test(arguments: [("en", false), ("ko", true)])
  func everyCardDecodesToItsRowAndShowsItsName(locale: String, grid: Bool) throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("invites.pdf")
    var options = SheetOptions(
      route: "shared-checklist",
      input: .file(Sample.invites),
      output: out
    )
    options.locale = locale
    if grid {
      options.layout = try SheetLayout(
        paper: .letter,
        cards: .grid(columns: 3, rows: 4),
        cropMarks: true
      )
    }
    let runner = try SheetRunner(pages: try Sample.pages(), options: options)
    var failures: [SheetFailure] = []
    let summary = try runner.run(onFailure: { failures.append($0) })
    #expect(failures.isEmpty)
    let rows = try Sample.rows(Sample.invites)
    #expect(summary.rows == 12 && summary.cards == 12 && summary.failed == 0)
    #expect(summary.files == [out.path])
    #expect(summary.pages == (grid ? 1 : 2))
    let info = try PDFTools.info(out)
    #expect(info["Pages"] == String(summary.pages))
    #expect(info["Page size"] == (grid ? "612 x 792 pts (letter)" : "595.276 x 841.89 pts (A4)"))
    try Sample.checkCards(
      out,
      layout: options.layout,
      links: rows.map { Sample.universal($0[0]) },
      names: rows.map { $0[1] },
      directory: directory
    )
    // The route's share text in the locale, from the example's templates.
    let text = try PDFTools.text(out)
    #expect(text.contains(locale == "ko" ? "공유된 체크리스트" : "A shared checklist"))
    #expect(text.contains("openlist.example.com/shared-checklists/"))
    #expect(!text.contains("https://"))
  }

  @Test func fontsAreEmbeddedAsSubsets() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("fonts.pdf")
    var options = SheetOptions(
      route: "shared-checklist",
      input: .file(Sample.invites),
      output: out
    )
    options.locale = "ko"
    _ = try SheetRunner(pages: try Sample.pages(), options: options).run()
    let fonts = try PDFTools.fonts(out)
    #expect(!fonts.isEmpty)
    for font in fonts {
      #expect(font.embedded && font.subset, "\(font.name) is not embedded as a subset")
      // A subset's name has a six-letter tag: ABCDEF+NotoSans-Regular.
      #expect(font.name.range(of: "^[A-Z]{6}\\+Noto", options: .regularExpression) != nil)
    }
    #expect(fonts.contains { $0.name.hasSuffix("+NotoSansCJKkr-Bold") })
    #expect(fonts.contains { $0.name.hasSuffix("+NotoSansCJKkr-Regular") })
  }

  @Test func paperSizes() throws {
    let directory = try TemporaryDirectory()
    let cases: [(String, String)] = [
      ("a5", "419.528 x 595.276 pts"),
      ("legal", "612 x 1008 pts"),
      ("100x150mm", "283.465 x 425.197 pts"),
    ]
    for (paper, expected) in cases {
      let out = directory.file("\(paper).pdf")
      var options = SheetOptions(
        route: "shared-checklist",
        input: .file(Sample.invites),
        output: out
      )
      options.layout = try SheetLayout(
        paper: try PrintSize(parsing: paper),
        cards: .size(.millimetres(80, 50))
      )
      _ = try SheetRunner(pages: try Sample.pages(), options: options).run()
      #expect(try PDFTools.info(out)["Page size"] == expected)
    }
  }

  /// Malformed rows are reported with their lines; the other rows become cards, in order.
  @Test func badRowsAreReportedAndTheSheetGoesOn() throws {
    let directory = try TemporaryDirectory()
    let csv = directory.file("rows.csv")
    try Data(
      """
      id,name
      9b2e7a10-0c4d-4e8f-a1b2-000000000001,First
      12345,Bad UUID
      9b2e7a10-0c4d-4e8f-a1b2-000000000002,Second,extra
      9b2e7a10-0c4d-4e8f-a1b2-000000000003,Third
      9b2e7a10-0c4d-4e8f-a1b2-000000000004,"Fourth
      """.utf8
    ).write(to: csv)
    let out = directory.file("bad.pdf")
    let options = SheetOptions(route: "shared-checklist", input: .file(csv), output: out)
    var failures: [SheetFailure] = []
    let summary = try SheetRunner(pages: try Sample.pages(), options: options)
      .run(onFailure: { failures.append($0) })
    #expect(failures.map(\.line) == [3, 4, 6])
    #expect(failures[0].message.contains("must be a UUID"))
    #expect(failures[1].message == "the row has 3 fields; the header has 2")
    #expect(failures[2].message.contains("never closed"))
    #expect(summary.rows == 5 && summary.cards == 2 && summary.failed == 3)
    try Sample.checkPages(
      out,
      layout: options.layout,
      links: ["1", "3"].map { Sample.universal("9b2e7a10-0c4d-4e8f-a1b2-00000000000" + $0) },
      names: ["First", "Third"],
      directory: directory
    )
  }

  /// Names are text, not markup; characters no font has are refused, never drawn as boxes.
  @Test func namesAreEscapedAndMissingGlyphsRefused() throws {
    let directory = try TemporaryDirectory()
    let csv = directory.file("rows.csv")
    try Data(
      """
      id,name
      9b2e7a10-0c4d-4e8f-a1b2-000000000001,"<b>Bold</b> & <i>co</i>"
      9b2e7a10-0c4d-4e8f-a1b2-000000000002,Private \u{F8FF} use
      9b2e7a10-0c4d-4e8f-a1b2-000000000003,New 🫨 emoji

      """.utf8
    ).write(to: csv)
    let out = directory.file("escaped.pdf")
    let options = SheetOptions(route: "shared-checklist", input: .file(csv), output: out)
    var failures: [SheetFailure] = []
    let summary = try SheetRunner(pages: try Sample.pages(), options: options)
      .run(onFailure: { failures.append($0) })
    #expect(summary.cards == 1)
    #expect(failures.map(\.line) == [3, 4])
    #expect(
      failures.first?.message
        == "no installed font can draw '\u{F8FF}' (U+F8FF); install fonts-noto-core or "
        + "fonts-noto-extra rather than print boxes"
    )
    #expect(
      failures.last?.message.contains("'🫨' (U+1FAE8); install fonts-noto-color-emoji") == true
    )
    #expect(Sample.squeezed(try PDFTools.text(out)).contains("<b>Bold</b>&<i>co</i>"))
  }

  /// `split` writes one PDF per N rows, in parallel, named in order; a file holds its rows'
  /// cards and nothing else.
  @Test(arguments: [1, 3])
  func splitWritesOneFilePerNRows(workers: Int) throws {
    let directory = try TemporaryDirectory()
    let csv = directory.file("rows.csv")
    let ids = (1...7).map { String(format: "9b2e7a10-0c4d-4e8f-a1b2-%012d", $0) }
    try Data(("id,name\n" + ids.enumerated().map { "\($1),Guest \($0 + 1)\n" }.joined()).utf8)
      .write(to: csv)
    let outDirectory = directory.file("out")
    try FileManager.default.createDirectory(at: outDirectory, withIntermediateDirectories: true)
    var options = SheetOptions(
      route: "shared-checklist",
      input: .file(csv),
      output: outDirectory.appendingPathComponent("part.pdf")
    )
    options.split = 3
    options.workers = workers
    options.layout = try SheetLayout(cards: .grid(columns: 2, rows: 1))
    let summary = try SheetRunner(pages: try Sample.pages(), options: options).run()
    let names = ["part-001.pdf", "part-002.pdf", "part-003.pdf"]
    let parts = names.map { outDirectory.appendingPathComponent($0) }
    #expect(summary.files == parts.map(\.path))
    #expect(summary.cards == 7 && summary.pages == 5)
    for (part, range) in zip(parts, [0..<3, 3..<6, 6..<7]) {
      try Sample.checkPages(
        part,
        layout: options.layout,
        links: range.map { Sample.universal(ids[$0]) },
        names: range.map { "Guest \($0 + 1)" },
        directory: directory
      )
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: outDirectory.path).sorted() == names
    )
  }

  /// A run stopped part-way leaves no PDF and no temporary file.
  @Test func anInterruptedSheetLeavesNothing() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("stopped.pdf")
    let options = SheetOptions(
      route: "shared-checklist",
      input: .file(Sample.invites),
      output: out
    )
    let runner = try SheetRunner(pages: try Sample.pages(), options: options)
    var progress = 0
    let summary = try runner.run(onProgress: { _ in
      progress += 1
      runner.cancel()
    })
    #expect(summary.interrupted)
    #expect(summary.files.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
  }

  @Test func aLogoInEveryCode() throws {
    let directory = try TemporaryDirectory()
    for file in ["logo.svg", "logo.png"] {
      let out = directory.file("\(file).pdf")
      var options = SheetOptions(
        route: "shared-checklist",
        input: .file(Sample.invites),
        output: out
      )
      options.logo = try QRLogo(contentsOfFile: Sample.fixtures.appendingPathComponent(file).path)
      options.errorCorrection = .high
      let summary = try SheetRunner(pages: try Sample.pages(), options: options).run()
      #expect(summary.cards == 12)
      let rows = try Sample.rows(Sample.invites)
      try Sample.checkPages(
        out,
        layout: options.layout,
        links: rows.map { Sample.universal($0[0]) },
        names: rows.map { $0[1] },
        directory: directory
      )
    }
  }

  @Test func optionsThatCannotWork() throws {
    let pages = try Sample.pages()
    func error(_ change: (inout SheetOptions) throws -> Void) throws -> PrintError? {
      var options = SheetOptions(
        route: "shared-checklist",
        input: .file(URL(fileURLWithPath: "rows.csv")),
        output: URL(fileURLWithPath: "x.pdf")
      )
      try change(&options)
      do throws(PrintError) {
        _ = try SheetRunner(pages: pages, options: options)
        return nil
      } catch {
        return error
      }
    }
    #expect(try error { $0.route = "nope" }?.code == .unknownRoute)
    #expect(try error { $0.workers = 0 }?.code == .invalidOption)
    #expect(try error { $0.split = 0 }?.code == .invalidOption)
    #expect(
      try error {
        $0.logo = try QRLogo(
          contentsOfFile: Sample.fixtures.appendingPathComponent("logo.png").path
        )
      }?.message.contains("a logo needs error correction H") == true
    )
    #expect(
      try error {
        $0.logo = try QRLogo(bytes: Array("<svg nonsense".utf8))
        $0.errorCorrection = .high
      }?.code == .invalidLogo
    )
    #expect(try error { $0.locale = "not a locale!" }?.code == .invalidOption)
  }
}
