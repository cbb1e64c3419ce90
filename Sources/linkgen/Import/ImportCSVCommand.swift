import ArgumentParser
import LinkImport

extension Linkgen.Import {
  /// `linkgen import csv --input FILE… --route NAME`
  struct CSV: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "csv",
      abstract: "Import short links of any shortener from a CSV of paths and route values.",
      discussion: """
        For Kutt, YOURLS, Shlink, Dub or any other export, once each target is mapped to a \
        route: a column path (/abc) or code (abc, kept as /abc), the route's parameter \
        columns, and optionally label and created. Other columns are ignored and listed.

        Example (kutt.csv, for the route invite, whose parameters are code and role):
          path,code,role,label
          /spring,SPRING24,editor,Spring campaign

          linkgen import csv --input kutt.csv --route invite --dry-run

        Exit status: 0 on success, 64 for a usage error, 65 when a row missed or conflicted \
        (nothing written) or the route is unknown, 66 when an input cannot be read, 69 when the \
        database cannot be reached, 73 when the misses file cannot be written, 78 for a bad \
        database URL.
        """
    )

    @Option(parsing: .upToNextOption, help: ArgumentHelp("CSV files.", valueName: "file"))
    var input: [String]

    @Option(help: ArgumentHelp("The route every row is a link of.", valueName: "name"))
    var route: String

    @OptionGroup var run: ImportRunOptions

    func validate() throws {
      guard !input.isEmpty else { throw ValidationError("give at least one --input file") }
    }

    func run() async throws {
      let reader = RouteCSVReader(table: try run.table.load(), route: route)
      var batch = ImportBatch()
      for file in input { batch.append(try reader.read(file: file)) }
      try await ImportRun(source: "csv", options: run, batch: batch, inputs: input.count).run()
    }
  }
}
