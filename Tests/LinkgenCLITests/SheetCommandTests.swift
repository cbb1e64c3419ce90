import Foundation
import LinkgenTestSupport
import Testing

@Suite(.blockingWork, .enabled(if: PDFTools.available, "\(PDFTools.missing)"))
struct SheetCommandTests {
  static let invites = "Examples/openlist/invites.csv"

  static func sheet(_ out: URL, _ extra: [String] = [], input: String = invites) -> [String] {
    [
      "sheet", "shared-checklist", "--input", input, "--out", out.path, "--config",
      "Examples/openlist/linkgen.json",
    ] + extra
  }

  /// The example's rows: id, name.
  static func rows() throws -> [(id: String, name: String)] {
    let text = try String(
      contentsOf: Linkgen.packageRoot.appendingPathComponent(invites),
      encoding: .utf8
    )
    return text.split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: ",", maxSplits: 2, omittingEmptySubsequences: false)
      return (String(fields[0]), String(fields[1]).replacingOccurrences(of: "\"", with: ""))
    }
  }

  static func squeezed(_ text: String) -> String {
    text.filter { !$0.isWhitespace && $0 != "-" }
  }

  /// The "done when": the command makes a PDF whose every card decodes to its row's
  /// universal link and shows its name, in English and in Korean. Ten 85 × 55 mm cards per A4
  /// page, two columns of five from 20 mm, 11 mm; each card is rendered alone at 300 dpi.
  @Test(arguments: ["en", "ko"])
  func theExampleSheet(locale: String) throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("invites.pdf")
    let result = try Linkgen.run(Self.sheet(out, ["--locale", locale]))
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
    #expect(result.output == "12 rows: 12 cards on 2 pages, 0 failed; \(out.path)\n")
    let millimetre = 72 / 25.4
    for (index, row) in try Self.rows().enumerated() {
      let slot = index % 10
      let box = PDFTools.Box(
        x: (20 + Double(slot % 2) * 85) * millimetre,
        y: (11 + Double(slot / 2) * 55) * millimetre,
        width: 85 * millimetre,
        height: 55 * millimetre
      )
      let page = index / 10 + 1
      let png = try PDFTools.render(out, page: page, box: box, in: directory.url)
      #expect(
        try Scanner.decode(png: png)
          == "https://openlist.example.com/shared-checklists/\(row.id)",
        "card \(index + 1)"
      )
      let text = try PDFTools.text(out, page: page, box: box)
      #expect(Self.squeezed(text).contains(Self.squeezed(row.name)), "card \(index + 1): \(text)")
      if locale == "ko" { #expect(text.contains("공유된 체크리스트")) }
    }
  }

  @Test func helpTeachesWithExamples() throws {
    let help = try Linkgen.run(["sheet", "--help"])
    #expect(help.status == 0)
    for text in [
      "Examples:", "--paper", "--card", "--grid", "--margin", "--gutter", "--crop-marks", "--ecc",
      "--locale", "--templates", "--split", "--jobs", "--logo", "--logo-size", "Exit status:",
    ] {
      #expect(help.output.contains(text), "sheet --help lacks \(text)")
    }
    #expect(try Linkgen.run(["--help"]).output.contains("linkgen sheet shared-checklist"))
  }

  @Test(arguments: [
    (["--card", "85x55mm", "--grid", "3x4"], "give --card SIZE or --grid CxR, not both"),
    (["--logo", "Tests/Fixtures/logo.svg", "--ecc", "M"], "a logo needs error correction H"),
    (["--logo-size", "20"], "--logo-size needs --logo FILE"),
    (["--paper", "a6"], "'a6' is not a size"),
    (["--grid", "30x1"], "give 1 to 20 columns and rows"),
    (["--card", "300x50mm"], "does not fit on a4 paper"),
    (["--margin", "3mm", "--grid", "2x2", "--crop-marks"], "crop marks need a margin"),
    (["--split", "0"], "--split takes a number of rows"),
  ])
  func optionsThatDoNotFitAreUsageErrors(extra: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("x.pdf")
    let result = try Linkgen.run(Self.sheet(out, extra))
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: out.path))
  }

  /// The output is a PDF; missing folders above it are created (as for every `--out`); a
  /// file in the way is exit 73.
  @Test func theOutputIsAPDFAndItsFoldersAreCreated() throws {
    let directory = try TemporaryDirectory()
    let png = try Linkgen.run(Self.sheet(directory.file("x.png")))
    #expect(png.status == 64)
    #expect(png.error.contains("give a file ending in .pdf"))
    let nested = directory.file("print/run-1/x.pdf")
    let created = try Linkgen.run(Self.sheet(nested))
    #expect(created.status == 0, "\(created.error)")
    #expect(FileManager.default.fileExists(atPath: nested.path))
    try Data().write(to: directory.file("file"))
    let blocked = try Linkgen.run(Self.sheet(directory.file("file/x.pdf")))
    #expect(blocked.status == 73, "\(blocked.error)")
    #expect(blocked.error.contains("a file is in the way"), "\(blocked.error)")
  }

  /// Standard input, split: the files are made one after the other from the one stream.
  @Test func splitFromStandardInput() throws {
    let directory = try TemporaryDirectory()
    let csv = try Data(contentsOf: Linkgen.packageRoot.appendingPathComponent(Self.invites))
    let result = try Linkgen.run(
      Self.sheet(directory.file("part.pdf"), ["--split", "5", "--jobs", "2"], input: "-"),
      input: csv
    )
    #expect(result.status == 0, "\(result.error)")
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    #expect(names == ["part-001.pdf", "part-002.pdf", "part-003.pdf"])
    #expect(
      result.output.hasPrefix("12 rows: 12 cards on 3 pages, 0 failed; 3 files, ")
    )
    let pages = try names.map { try PDFTools.info(directory.file($0))["Pages"] }
    #expect(pages == ["1", "1", "1"])
  }

  /// A full disk (here a file-size limit: writes fail with EFBIG) is exit 74, naming the file,
  /// and leaves no PDF and no temporary file.
  @Test func aWriteFailureIsExit74AndLeavesNothing() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("full.pdf")
    let command =
      "ulimit -f 16; trap '' XFSZ; exec "
      + ([Linkgen.executable.path] + Self.sheet(out)).map { "'\($0)'" }.joined(separator: " ")
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", command],
      in: Linkgen.packageRoot
    )
    #expect(result.status == 74, "\(result.error)")
    #expect(result.error.contains("cannot write \(out.path) (File too large)"), "\(result.error)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
  }

  /// Without the fonts, a clear error naming the package, exit 69, and no PDF.
  @Test func aMissingFontNamesThePackage() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("x.pdf")
    let cache = directory.file("cache").path
    func config(_ folders: [String]) throws -> [String: String] {
      let file = directory.file("fonts-\(folders.count).conf")
      let dirs = folders.map { "<dir>\($0)</dir>" }.joined()
      try Data(
        "<?xml version=\"1.0\"?><fontconfig>\(dirs)<cachedir>\(cache)</cachedir></fontconfig>"
          .utf8
      ).write(to: file)
      return ["FONTCONFIG_FILE": file.path]
    }
    let none = try Linkgen.run(Self.sheet(out), environment: try config([]))
    #expect(none.status == 69, "\(none.error)")
    #expect(none.error.contains("no font of the family 'Noto Sans' is installed"))
    #expect(none.error.contains("install the Debian package fonts-noto-core"))
    let latinOnly = try Linkgen.run(
      Self.sheet(out, ["--locale", "ko"]),
      environment: try config(["/usr/share/fonts/truetype/noto"])
    )
    #expect(latinOnly.status == 69, "\(latinOnly.error)")
    #expect(latinOnly.error.contains("'Noto Sans CJK KR'"))
    #expect(latinOnly.error.contains("fonts-noto-cjk"))
    // In English, Korean names are refused card by card rather than drawn as boxes.
    let english = try Linkgen.run(
      Self.sheet(out),
      environment: try config(["/usr/share/fonts/truetype/noto"])
    )
    #expect(english.status == 65, "\(english.error)")
    #expect(english.error.contains("Examples/openlist/invites.csv:8: no installed font can draw"))
    #expect(english.error.contains("install fonts-noto-cjk rather than print boxes"))
    #expect(english.output.hasPrefix("12 rows: 6 cards on 1 page, 6 failed;"))
  }

  /// Ctrl-C (SIGINT) or a kill never leaves a partial PDF: the run leaves either no file under
  /// the final name or, for SIGINT, nothing at all; the next run cleans what a kill left.
  @Test(arguments: [SIGINT, SIGKILL])
  func anInterruptedSheetLeavesNoPartialPDF(signal: Int32) throws {
    let directory = try TemporaryDirectory()
    let csv = directory.file("many.csv")
    var text = "id,name\n"
    for index in 0..<20_000 {
      text += String(format: "9b2e7a10-0c4d-4e8f-a1b2-%012x,Guest %d\n", index, index)
    }
    try Data(text.utf8).write(to: csv)
    let out = directory.file("many.pdf")
    let arguments = Self.sheet(out, ["--jobs", "1"], input: csv.path).map {
      $0.hasPrefix("Examples/") ? Linkgen.packageRoot.appendingPathComponent($0).path : $0
    }
    let process = try Linkgen.start(arguments)
    let deadline = Date().addingTimeInterval(60)
    func temporary() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? [])
        .filter { $0.hasSuffix(".linkgen-tmp") }
    }
    // Wait until the PDF is being written (its temporary file has grown).
    while process.isRunning, Date() < deadline {
      if let name = temporary().first,
        let size = try? FileManager.default.attributesOfItem(
          atPath: directory.file(name).path
        )[.size] as? Int, size > 200_000
      {
        break
      }
      usleep(5000)
    }
    #expect(process.isRunning, "the sheet finished before it could be interrupted")
    kill(process.processIdentifier, signal)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)
    #expect(process.terminationStatus == signal)
    #expect(!FileManager.default.fileExists(atPath: out.path))
    if signal == SIGINT { #expect(temporary().isEmpty) }
    // The next run removes what a killed one left, and writes the whole PDF.
    let small = directory.file("few.csv")
    try Data(text.split(separator: "\n").prefix(4).joined(separator: "\n").utf8).write(to: small)
    let again = try Linkgen.run(
      arguments.map { $0 == csv.path ? small.path : $0 }
    )
    #expect(again.status == 0, "\(again.error)")
    #expect(temporary().isEmpty)
    #expect(try PDFTools.info(out)["Pages"] == "1")
  }

  /// `linkgen qr --logo`: PNG and SVG codes with a logo decode; an over-large logo is refused.
  @Test(.enabled(if: Scanner.canDecodeSVG, "rsvg-convert is not installed"))
  func qrWithALogo() throws {
    let directory = try TemporaryDirectory()
    let link = "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    for logo in ["logo.svg", "logo.png"] {
      for format in ["png", "svg"] {
        let out = directory.file("\(logo)-code.\(format)")
        let result = try Linkgen.run([
          "qr", link, "--out", out.path, "--logo", "Tests/Fixtures/\(logo)",
        ])
        #expect(result.status == 0, "\(result.error)")
        let decoded = format == "png" ? try Scanner.decode(png: out) : try Scanner.decode(svg: out)
        #expect(decoded == link, "\(logo) in \(format)")
      }
    }
    let large = try Linkgen.run([
      "qr", link, "--out", directory.file("x.png").path, "--logo", "Tests/Fixtures/logo.svg",
      "--logo-size", "45%",
    ])
    #expect(large.status == 64)
    #expect(
      large.error
        == "linkgen: error: a logo 45% of the code's side (31 of 73 modules) would make this "
        + "version 14 code unreadable; the most it allows is 34% (25 modules)\n"
    )
    let terminal = try Linkgen.run(["qr", link, "--logo", "Tests/Fixtures/logo.svg"])
    #expect(terminal.status == 64)
    let notAnImage = try Linkgen.run([
      "qr", link, "--out", directory.file("y.png").path, "--logo", "Package.swift",
    ])
    #expect(notAnImage.status == 65)
    #expect(notAnImage.error.contains("is neither a PNG image nor an SVG drawing"))
  }
}
