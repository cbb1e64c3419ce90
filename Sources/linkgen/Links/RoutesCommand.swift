import ArgumentParser
import LinkKit

extension Linkgen {
  /// `linkgen routes`
  struct Routes: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the routes of the table with their parameters and templates.",
      discussion: """
        Examples:
          linkgen routes
          linkgen routes --config Examples/photos/linkgen.json --format json
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: FormatOptions

    func run() throws {
      let table = try table.load()
      switch output.format {
      case .text: Console.print(TextOutput.routes(table))
      case .json: Console.print(JSONOutput.routes(table))
      }
    }
  }
}
