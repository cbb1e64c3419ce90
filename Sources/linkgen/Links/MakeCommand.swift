import ArgumentParser
import LinkKit

extension Linkgen {
  /// `linkgen make <route> --<param> <value> …`
  struct Make: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Build the links for a route: custom scheme, universal link and store fallbacks.",
      discussion: """
        Give each of the route's parameters as --<name> <value> (or --<name>=<value>); a bool \
        parameter given alone means true. A parameter named like one of make's own options \
        (config, format, share…) is given as --param <name>=<value>. `linkgen routes` lists \
        the routes and their parameters. Values are typed: UUIDs in either case, decimal \
        integers, enum values as listed, true/false; text is taken literally and \
        percent-encoded in the links.

        Examples:
          linkgen make shared-checklist --id 3F2504E0-4F89-11D3-9A0C-0305E82C3301 \\
              --config Examples/openlist/linkgen.json
          linkgen make checklist --list 3f2504e0-4f89-11d3-9a0c-0305e82c3301 \\
              --layout board --showDone
          linkgen make album-photo --albumname Vacation --index 1 \\
              --config Examples/photos/linkgen.json --format json

        Exit status: 0 on success, 64 for a usage error, 65 for an unknown route or \
        parameter or a value that does not fit, 66 when the route table cannot be read, 73 \
        when the --qr file cannot be written.
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: FormatOptions
    @OptionGroup(title: "QR code") var qr: MakeQROptions
    @OptionGroup(title: "Share text and banners") var pages: MakePageOptions

    @OptionGroup var target: RouteArguments

    func validate() throws {
      if qr.destination == "-", output.format == .json {
        throw ValidationError(
          "--qr - draws on standard output, which --format json keeps for JSON; write a .png "
            + "or .svg file instead"
        )
      }
    }

    func run() throws {
      let table = try table.load()
      let values = try target.values(in: table)
      let links = try table.links(for: values)
      try qr.write(links, table: table, route: values.route)
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
