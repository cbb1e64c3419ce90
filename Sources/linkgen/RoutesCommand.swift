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
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        switch output.format {
        case .text: Console.print(TextOutput.routes(table))
        case .json: Console.print(JSONOutput.routes(table))
        }
      }
    }
  }

  /// `linkgen validate`
  struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check the route table and report every problem in it.",
      discussion: """
        Checks the JSON against the format (unknown keys are errors: they are usually typos),
        the app's identifiers (scheme, domains, Team ID, bundle ID, App Store ID, Android
        package, certificate fingerprints), each route's parameters and templates, and that no
        two routes could match the same link. Each problem names the file, the route and the
        field. Exit status 65 when there is any.

        Examples:
          linkgen validate
          linkgen validate --config Examples/openlist/linkgen.json
        """
    )

    @OptionGroup var table: TableOptions

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let loaded = try table.load()
        let count = loaded.routes.count
        Console.print(
          "\(table.config): OK, \(count) route\(count == 1 ? "" : "s") for scheme "
            + "'\(loaded.app.scheme)' and \(loaded.app.domains.joined(separator: ", "))")
      }
    }
  }
}
