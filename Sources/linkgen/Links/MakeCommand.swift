import ArgumentParser
import LinkKit

extension Linkgen {
  /// `linkgen make <route> --<param> <value> …`
  struct Make: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build the links for a route: custom scheme, universal link and store fallbacks.",
      discussion: """
        Give each of the route's parameters as --<name> <value> (or --<name>=<value>); a bool \
        parameter given alone means true. `linkgen routes` lists the routes and their \
        parameters. Values are typed: UUIDs in either case, decimal integers, enum values as \
        listed, true/false; text is taken literally and percent-encoded in the links.

        Examples:
          linkgen make shared-checklist --id 3F2504E0-4F89-11D3-9A0C-0305E82C3301 \\
              --config Examples/openlist/linkgen.json
          linkgen make checklist --list 3f2504e0-4f89-11d3-9a0c-0305e82c3301 \\
              --layout board --showDone
          linkgen make album-photo --albumname Vacation --index 1 \\
              --config Examples/photos/linkgen.json --format json
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup(title: "QR code") var qr: MakeQROptions
    @OptionGroup(title: "Share text and banners") var pages: MakePageOptions

    @OptionGroup var target: RouteArguments

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        let values = try target.values(in: table)
        let links: LinkSet
        do throws(LinkError) {
          links = try table.links(for: values)
        } catch {
          throw Failure(error)
        }
        try qr.write(links, table: table, format: output.format)
        if try pages.printIfRequested(table: table, values: values, format: output.format) {
          return
        }
        switch output.format {
        case .text: Console.print(TextOutput.links(links))
        case .json: Console.print(JSONOutput.make(values: values, links: links))
        }
      }
    }
  }
}
