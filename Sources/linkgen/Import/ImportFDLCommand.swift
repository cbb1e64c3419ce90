import ArgumentParser
import LinkImport
import LinkKit

extension Linkgen.Import {
  /// `linkgen import fdl --input FILE… [--domain D] [--stats FILE]`
  struct FDL: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "fdl",
      abstract: "Import Firebase Dynamic Links from Google Takeout's export.",
      discussion: """
        --input takes Takeout's CSV files (one per domain, the 29 fields of Firebase's guide \
        "Export Dynamic Links metadata"; headers matched case-insensitively, by the key in \
        parentheses where there is one). Each row's short link path is kept, its "Link name" \
        becomes the label, its "Creation timestamp" is kept, an archived link is imported \
        as expired (it answers "no longer available"), and the social title, description and \
        image are kept only when the image is https on one of the table's hosts. \
        Only short links on a domain of the table are taken; --domain keeps those of one \
        (page.link links cannot move: they are Google's).

        A file of long links, one a line, is checked instead: long links keep working on your \
        domain without an import, and the command reports the ones that will not.

        --stats takes the getLinkStats answers you saved, as one JSON object from each short \
        link to its answer: {"https://links.example.com/AbCd": {"linkEventStats": \
        [{"platform": "IOS", "event": "CLICK", "count": "12"}]}}. They are kept as the \
        link's history before the move, shown apart by `linkgen stats` and the API.

        Examples:
          linkgen import fdl --input links.example.com.csv --dry-run
          linkgen import fdl --input a.csv b.csv --stats link-stats.json \\
              --database postgres://linkgen:secret@db.internal/linkgen
          linkgen import fdl --input links.csv --skip-misses --misses review.csv

        Exit status: 0 on success, 64 for a usage error, 65 when a row missed or conflicted \
        (nothing written), 66 when an input cannot be read, 69 when the database cannot be \
        reached, 73 when the misses file cannot be written, 78 for a bad database URL.
        """
    )

    @Option(
      parsing: .upToNextOption,
      help: ArgumentHelp("Takeout CSV files, or files of long links.", valueName: "file")
    )
    var input: [String]

    @Option(help: ArgumentHelp("Only the short links of this domain.", valueName: "domain"))
    var domain: String?

    @Option(help: ArgumentHelp("The saved getLinkStats answers (JSON).", valueName: "file"))
    var stats: String?

    @OptionGroup var run: ImportRunOptions

    func validate() throws {
      guard !input.isEmpty else { throw ValidationError("give at least one --input file") }
    }

    func run() async throws {
      let table = try run.table.load()
      if let domain,
        !table.app.domains.contains(where: { domain.lowercased().hasPrefix($0.lowercased()) })
      {
        throw ValidationError(
          "--domain \(domain) is not a domain of the route table (\(table.app.domains.joined(separator: ", ")))"
        )
      }
      let reader = TakeoutReader(table: table, domain: domain)
      var batch = ImportBatch()
      for file in input { batch.append(try reader.read(file: file)) }
      if let stats {
        LinkStatsMatch.attach(try LinkStatsReader.read(file: stats), to: &batch, file: stats)
      }
      try await ImportRun(source: "fdl", options: run, batch: batch, inputs: input.count).run()
    }
  }
}
