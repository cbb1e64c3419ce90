import ArgumentParser
import LinkAssociation
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
        Checks the JSON against the format (unknown keys are errors: they are usually typos), \
        the app's identifiers (scheme, domains, Team ID, bundle ID, App Store ID, Android \
        package, certificate fingerprints), each route's parameters and templates, and that no \
        two routes could match the same link. Each problem names the file, the route and the \
        field. Exit status 65 when there is any.

        With --association, also generates the association files (AASA, its legacy form, \
        assetlinks.json with dynamic components, the manifest's intent filters) and proves they \
        agree with the routes: sample universal links of every route, on every domain, are \
        claimed for the right app, and links on the excluded paths and fragments are not.

        Examples:
          linkgen validate
          linkgen validate --config Examples/openlist/linkgen.json
          linkgen validate --association --config Examples/openlist/linkgen.json
        """
    )

    @OptionGroup var table: TableOptions

    @Flag(
      help: "Also prove the generated association files claim each route's links, no excluded one."
    )
    var association = false

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let loaded = try table.load()
        let count = loaded.routes.count
        Console.print(
          "\(table.config): OK, \(count) route\(count == 1 ? "" : "s") for scheme "
            + "'\(loaded.app.scheme)' and \(loaded.app.domains.joined(separator: ", "))"
        )
        if association { try AssociationReport.print(AssociationCheck(table: loaded)) }
      }
    }
  }
}
