import ArgumentParser
import Foundation
import LinkBatch
import LinkKit
import LinkPages
import LinkPrint
import LinkQR

extension Linkgen {
  /// `linkgen sheet <route> --input rows.csv --out invites.pdf`
  struct Sheet: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Make a print-ready PDF of invite cards, one per CSV row: QR code, name, link.",
      discussion: """
        Each card has the row's QR code (vector paths, not a bitmap), the card text \
        and, along the bottom, the link in words for whoever cannot scan. The text \
        comes from the 'card' template of --locale (Templates/en/card.mustache, \
        overridable with --templates DIR like the other templates), filled with the \
        row's columns as {{fields.<column>}} and the route's share text ({{title}}, \
        {{description}}). Fonts are Noto Sans and Noto Sans CJK KR (Hangul), \
        embedded as subsets; a missing font is an error naming the package, never \
        boxes on the card.

        Cards are 85x55mm by default, as many as fit the paper inside the margins \
        (10 per A4 page), or --grid CxR cards sharing the page. Codes get whole \
        dots at 300 dpi, at least 4 (0.34 mm); docs/print.md has the minimum sizes \
        per QR version and scanning distance.

        Rows are streamed and pages written as they fill, in flat memory. A bad row \
        is reported with its line and the sheet goes on without it. The PDF is \
        written to a temporary file and renamed when complete: Ctrl-C or a kill \
        never leaves a partial PDF. --split N writes one PDF per N rows \
        (invites-001.pdf, …), all cores at once.

        Examples:
          linkgen sheet shared-checklist --input invites.csv --out invites.pdf \\
              --config Examples/openlist/linkgen.json
          linkgen sheet shared-checklist --input invites.csv --out invites.pdf \\
              --locale ko --paper letter --grid 3x4 --crop-marks
          linkgen sheet invite --input guests.csv --out print/guests.pdf \\
              --card 90x50mm --gutter 4mm --crop-marks --logo logo.svg
          linkgen sheet invite --input guests.csv --out shop.pdf --split 500

        Exit status: 0 when every row became a card; 65 when any row failed (the \
        PDF holds the others), for an unknown route, a bad CSV header or template; \
        64 for a usage error; 66 when the CSV, a logo or the templates cannot be \
        read; 69 when a font is missing; 73 when the PDF cannot be created; 74 when \
        writing fails part-way (a full disk); 130/143 when interrupted.
        """
    )

    @OptionGroup var table: TableOptions

    @Argument(help: "The route every row builds, as named in the route table.")
    var route: String

    @OptionGroup var rows: RowInputOptions

    @Option(
      help: ArgumentHelp(
        "The PDF to write; with --split, numbered before the extension.",
        valueName: "file"
      ),
      completion: .file(extensions: ["pdf"])
    )
    var out: String

    @OptionGroup(title: "Paper and cards") var paper: SheetPaperOptions

    @Option(
      help: ArgumentHelp(
        "The language of the card text: en, ko, or a locale of your templates.",
        valueName: "tag"
      )
    )
    var locale = "en"

    @Option(
      help: ArgumentHelp(
        "A folder of .mustache templates overriding the built-in ones, card.mustache among "
          + "them (default: the table's pages.templates).",
        valueName: "dir"
      ),
      completion: .directory
    )
    var templates: String?

    @Option(
      help: ArgumentHelp(
        "The least error correction: L, M (default), Q or H (H with --logo); raised to the "
          + "highest level the code's version holds at no cost in size.",
        valueName: "level"
      )
    )
    var ecc: QRErrorCorrection?

    @Flag(help: "Keep the --ecc level as given instead of raising it for free.")
    var exactEcc = false

    @Option(help: ArgumentHelp("The smallest QR version, 1-40.", valueName: "n"))
    var minVersion: Int?

    @Option(
      help: ArgumentHelp(
        "The link each card holds and prints (default universal).",
        valueName: "link"
      )
    )
    var qrLink: LinkSet.Key = .universal

    @OptionGroup(title: "Logo") var logo: LogoOptions

    @OptionGroup(title: "Scans") var scans: CountScansOptions

    @Option(
      help: ArgumentHelp(
        "Write one PDF per N rows (invites-001.pdf, …), all at once on --jobs threads.",
        valueName: "n"
      )
    )
    var split: Int?

    func validate() throws {
      try paper.validate()
      try logo.validate(ecc: ecc)
      if let split, split < 1 { throw ValidationError("--split takes a number of rows, 1 or more") }
      if let minVersion, !(1...40).contains(minVersion) {
        throw ValidationError("--min-version takes 1 to 40, not \(minVersion)")
      }
      guard out.lowercased().hasSuffix(".pdf") else {
        throw ValidationError("--out names the PDF to write; give a file ending in .pdf")
      }
    }

    func run() throws {
      let table = try table.load()
      var options = SheetOptions(
        route: route,
        input: rows.source,
        output: URL(fileURLWithPath: out)
      )
      options.layout = try paper.layout()
      options.locale = locale
      options.link = qrLink
      options.countsScans = scans.countScans
      options.logo = try logo.load()
      options.errorCorrection = options.logo == nil ? ecc ?? .medium : .high
      options.minimumVersion = minVersion
      options.exactErrorCorrection = exactEcc
      options.split = split
      if let jobs = rows.jobs { options.workers = jobs }
      options.maximumRows = rows.maxRows
      let pages = try PageRenderer(
        table: table,
        templatesDirectory: templates.map { URL(fileURLWithPath: $0, isDirectory: true) }
      )
      if let warning = try pages.localeWarning(locale) { Console.warning(warning) }
      let summary = try Self.run(pages: pages, options: options)
      Console.print(summary.description)
      if summary.rows == 0 {
        throw CommandError(.invalidInput, "\(options.input) has no rows under its header")
      }
      if summary.failed > 0 {
        throw CommandError(
          .rowsFailed,
          "\(summary.failed) of \(summary.rows) rows failed (see the lines above)"
        )
      }
    }

    /// Makes the sheet with a progress bar on a terminal, stopping cleanly on SIGINT or
    /// SIGTERM (the file in progress removed) and then dying of the same signal.
    private static func run(pages: PageRenderer, options: SheetOptions) throws(PrintError)
      -> SheetSummary
    {
      let runner = try SheetRunner(pages: pages, options: options)
      let progress = RowRun(input: options.input)
      let summary = try runner.run(
        onFailure: { progress.failed(line: $0.line, message: $0.message) },
        onWarning: { Console.warning($0) },
        onProgress: progress.progressed,
        isCancelled: progress.isCancelled
      )
      progress.finish(
        interrupted: summary.interrupted,
        leaving: summary.files.isEmpty
          ? "no PDF written; the file in progress was removed"
          : "\(summary.files.count) whole file(s) kept; the file in progress was removed"
      )
      return summary
    }
  }
}

/// Paper, card size or grid, margins, gutters and crop marks.
struct SheetPaperOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "a4 (the default), a5, a3, letter, legal, or WIDTHxHEIGHT with mm, cm, in or pt.",
      valueName: "size"
    ),
    transform: PrintArgument.paper
  )
  var paper: PrintSize?

  @Option(
    help: ArgumentHelp(
      "The card size, as many as fit the page (default 85x55mm, a business card).",
      valueName: "size"
    ),
    transform: PrintArgument.card
  )
  var card: PrintSize?

  @Option(
    help: ArgumentHelp(
      "Columns x rows of cards sharing the space inside the margins, e.g. 3x4.",
      valueName: "CxR"
    ),
    transform: PrintArgument.grid
  )
  var grid: SheetLayout.Cards?

  @Option(
    help: ArgumentHelp("The margins around the cards (default 10mm).", valueName: "length"),
    transform: PrintArgument.length
  )
  var margin: PrintLength?

  @Option(
    help: ArgumentHelp("The space between cards (default 0).", valueName: "length"),
    transform: PrintArgument.length
  )
  var gutter: PrintLength?

  @Flag(help: "Draw crop marks in the margins, on the extension of every cut line.")
  var cropMarks = false

  func validate() throws {
    if card != nil, grid != nil {
      throw ValidationError("give --card SIZE or --grid CxR, not both")
    }
  }

  func layout() throws(PrintError) -> SheetLayout {
    try SheetLayout(
      paper: paper ?? .a4,
      cards: grid ?? .size(card ?? .businessCard),
      margin: margin ?? .millimetres(10),
      gutter: gutter ?? PrintLength(points: 0),
      cropMarks: cropMarks
    )
  }
}
