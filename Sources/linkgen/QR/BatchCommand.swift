import ArgumentParser
import Foundation
import LinkBatch
import LinkKit
import LinkPrint
import LinkQR

extension Linkgen {
  /// `linkgen batch <route> --input rows.csv --out DIR`
  struct Batch: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a QR code image for each row of a CSV file, plus a manifest.",
      discussion: """
        The CSV's first line names the columns (RFC 4180: commas, double quotes, \
        CRLF or LF). Columns named like the route's parameters give their values; \
        other columns can name the files through --name, e.g. '{code}-{name}' \
        ({row} is the data row from 1, {line} the CSV line). Values become safe \
        file names: '/', '\\', control and invisible characters turn into '_'. \
        Each row gets one file per format and an entry in DIR/manifest.json (or \
        .csv) with its links and files.

        The input is streamed and rendered on all cores. Every file is written \
        atomically (temporary file + rename), so an interrupted run (Ctrl-C, a \
        kill, a crash) leaves only whole files; --resume then skips the files that \
        exist. A bad row is reported with its line and the others go on. A \
        progress bar is shown on a terminal only. DIR and its parents are created \
        when missing.

        With --logo (PNG or SVG) every code is made as by 'linkgen qr --logo': \
        error correction H, a version without an alignment pattern at its \
        centre, and a logo no larger than the code can restore (docs/print.md, \
        logo rules); a row whose code cannot take the logo at --logo-size fails \
        with its line. SVG files embed the logo; PNG files are drawn by cairo. \
        A logo that cannot be read is exit 66, one that is not a PNG or SVG \
        image 65. For example:
          linkgen batch invite --input invites.csv --out cards \\
              --format png,svg --logo brand.svg

        Examples:
          linkgen batch invite --input invites.csv --out cards \\
              --format png,svg --name '{code}'
          linkgen batch shared-checklist --input lists.csv --out qr --size 30mm
          linkgen batch shared-checklist --input lists.csv --out qr --resume

        Limits (docs/limits.md): a record of at most 64 KB and 1024 fields (a \
        longer one is a failed row), at most --max-rows data rows. A row whose \
        code would have modules too small to scan (under 2 pixels, or 0.25 mm at \
        a --size in mm, cm or in) fails, unless --force.

        Exit status: 0 when every row was written, 64 for a usage error, 65 for \
        an unknown route, a CSV without a usable header or over --max-rows, or \
        when any row failed, \
        66 when the CSV cannot be read, 73 when DIR cannot be created, 74 when \
        writing fails part-way, 130/143 when interrupted (no manifest is written \
        then).
        """
    )

    @OptionGroup var table: TableOptions

    @Argument(help: "The route every row builds, as named in the route table.")
    var route: String

    @OptionGroup var rows: RowInputOptions

    @Option(
      help: ArgumentHelp("The directory for the images and the manifest.", valueName: "dir"),
      completion: .directory
    )
    var out: String

    @Option(help: ArgumentHelp("Image formats, comma-separated: png, svg.", valueName: "formats"))
    var format = ImageFormats([.png])

    @Option(
      help: ArgumentHelp(
        "File names (without or with extension), from {column}, {row} and {line}.",
        valueName: "pattern"
      )
    )
    var name = "{row}"

    @Option(help: ArgumentHelp("The manifest's format: json or csv.", valueName: "format"))
    var manifest: ManifestFormat = .json

    @Flag(help: "Skip the files that already exist (finish an interrupted run).")
    var resume = false

    @Option(help: ArgumentHelp("The link each code holds.", valueName: "link"))
    var qrLink: LinkSet.Key = .universal

    @OptionGroup(title: "QR code") var style: QRStyleOptions<PlainQRSpelling>

    @OptionGroup(title: "Logo") var logo: LogoOptions

    @OptionGroup(title: "Scans") var scans: CountScansOptions

    func validate() throws {
      try logo.validate(ecc: style.eccLevel)
    }

    func run() throws {
      let table = try table.load()
      var options = BatchOptions(
        route: route,
        input: rows.source,
        outputDirectory: URL(fileURLWithPath: out, isDirectory: true)
      )
      options.formats = format.formats
      options.namePattern = name
      options.manifest = manifest
      options.resume = resume
      options.link = qrLink
      options.countsScans = scans.countScans
      options.logo = try logo.load()
      options.errorCorrection = options.logo == nil ? style.ecc : .high
      options.minimumVersion = style.minVersion
      options.exactErrorCorrection = style.exactECC
      options.allowsSmallModules = style.force
      options.rendering = style.renderOptions()
      if let jobs = rows.jobs { options.workers = jobs }
      options.maximumRows = rows.maxRows
      let rendering = options.rendering
      for warning in rendering.warnings + [rendering.quietZoneWarning].compactMap({ $0 }) {
        Console.warning(warning)
      }
      let summary = try Self.run(table: table, options: options)
      Console.print(
        summary.description + "; manifest " + (summary.manifest?.relativePath ?? "none")
      )
      if summary.failed > 0 {
        throw CommandError(
          .rowsFailed,
          "\(summary.failed) of \(summary.rows) rows failed (see the lines above and the manifest)"
        )
      }
    }

    /// Runs the batch with a progress bar on a terminal, stopping cleanly on SIGINT or
    /// SIGTERM (and then dying of the same signal): ``RowRun``.
    private static func run(table: RouteTable, options: BatchOptions) throws(BatchError)
      -> BatchSummary
    {
      let runner = try BatchRunner(table: table, options: options)
      let progress = RowRun(input: options.input)
      let summary = try runner.run(
        onFailure: { progress.failed(line: $0.line, message: $0.message) },
        onProgress: progress.progressed,
        isCancelled: progress.isCancelled
      )
      progress.finish(
        interrupted: summary.interrupted,
        leaving: "\(summary.description); no manifest written. Run again with --resume to finish."
      )
      return summary
    }
  }
}
