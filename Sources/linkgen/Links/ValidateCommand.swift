import ArgumentParser
import LinkAssociation
import LinkKit
import LinkPages

extension Linkgen {
  /// `linkgen validate`
  struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Check the route table and report every problem in it.",
      discussion: """
        Checks the JSON against the format (unknown keys are errors: they are usually typos), \
        the app's identifiers (scheme, domains, Team ID, bundle ID, App Store ID, Android \
        package, certificate fingerprints), each route's parameters and templates, and that no \
        two routes could match the same link. Each problem names the file, the route and the \
        field. Exit status 65 when there is any. Warns about route parameters named like an \
        option of make or page (such as --format), which those commands take as \
        --param <name>=<value>, and about a pages.themeColor that no shade or tint brings to \
        the contrast landing pages need (4.5:1 for text and links, 3:1 for buttons, in the \
        light and the dark scheme; docs/pages.md).

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
      let loaded = try table.load()
      for route in loaded.routes {
        for parameter in route.parameters
        where RouteArguments.reservedNames.contains(parameter.name) {
          Console.warning(
            "route '\(route.name)': the parameter '\(parameter.name)' is named like the option "
              + "--\(parameter.name) of make and page; give it there as "
              + "--param \(parameter.name)=<value>"
          )
        }
      }
      // The page colours (docs/pages.md): a theme colour no shade or tint of which passes.
      for problem in PagePalette(themeColor: loaded.pages?.themeColor).problems {
        Console.warning(problem)
      }
      let count = loaded.routes.count
      Console.print(
        "\(table.config): OK, \(count) route\(count == 1 ? "" : "s") for scheme "
          + "'\(loaded.app.scheme)' and \(loaded.app.domains.joined(separator: ", "))"
      )
      if association { try AssociationReport.print(AssociationCheck(table: loaded)) }
    }
  }
}
