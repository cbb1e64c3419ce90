import ArgumentParser
import LinkImport

extension Linkgen.Import {
  /// `linkgen import branch --input FILE… [--domain D]`
  struct Branch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "branch",
      abstract: "Import Branch links from the dashboard's CSV export.",
      discussion: """
        Columns (case-insensitive): url (the Branch link; or alias, kept as /<alias>), \
        $canonical_url (the deep link, an https link of the table) or $deeplink_path (a path \
        on the table's canonical domain); optional ~campaign, ~channel and ~feature (joined \
        into the label), $og_title, $og_description, $og_image_url (the card, kept only for an \
        https image on one of the table's hosts) and creation_date. Other columns are ignored \
        and listed. Only links on a domain of the table are taken (an app.link link cannot \
        move: it is Branch's domain); --domain keeps those of one.

        Examples:
          linkgen import branch --input branch-links.csv --dry-run
          linkgen import branch --input branch-links.csv --domain links.example.com

        Exit status: 0 on success, 64 for a usage error, 65 when a row missed or conflicted \
        (nothing written), 66 when an input cannot be read, 69 when the database cannot be \
        reached, 73 when the misses file cannot be written, 78 for a bad database URL.
        """
    )

    @Option(parsing: .upToNextOption, help: ArgumentHelp("Branch CSV exports.", valueName: "file"))
    var input: [String]

    @Option(help: ArgumentHelp("Only the links of this domain.", valueName: "domain"))
    var domain: String?

    @OptionGroup var run: ImportRunOptions

    func validate() throws {
      guard !input.isEmpty else { throw ValidationError("give at least one --input file") }
    }

    func run() async throws {
      let reader = BranchReader(table: try run.table.load(), domain: domain)
      var batch = ImportBatch()
      for file in input { batch.append(try reader.read(file: file)) }
      try await ImportRun(source: "branch", options: run, batch: batch, inputs: input.count).run()
    }
  }
}
