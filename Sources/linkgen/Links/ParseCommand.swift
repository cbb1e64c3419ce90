import ArgumentParser
import LinkKit

extension Linkgen {
  /// `linkgen parse <url>`
  struct Parse: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Read a custom-scheme or universal link back into its route and values.",
      discussion: """
        Prints the route, the kind of link, each parameter's typed value and the query items \
        the route does not declare (such as utm_source), which are ignored. A link that does \
        not fit a route exactly is an error naming what is wrong and where (exit status 65). \
        Give - to read one link from standard input (a final newline is dropped).

        Examples:
          linkgen parse 'OPENLIST://invite?code=ABC123&utm_source=mail'
          linkgen parse https://openlist.example.com/invite/ABC123 --format json
          pbpaste | linkgen parse -
        """
    )

    @OptionGroup var table: TableOptions
    @OptionGroup var output: FormatOptions

    @Argument(help: ArgumentHelp("The link to read, or - for standard input.", valueName: "url"))
    var url: String

    func run() throws {
      let table = try table.load()
      let link = url == "-" ? try StandardInput.readLink() : url
      let parsed = try table.parse(link)
      switch output.format {
      case .text: Console.print(TextOutput.parsed(parsed))
      case .json: Console.print(JSONOutput.parse(parsed))
      }
    }
  }
}
