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

        With --format json a refused link is JSON too, on standard output, with the same exit \
        status: {"error": {"code": "hostNotAllowed", "message": "…", "offset": 8}}. The code \
        is LinkKit's LinkError.Code (the generated Kotlin's LinkErrorCode); the offset is the \
        UTF-8 byte offset of the faulty part of the link, or null.

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
      let parsed: ParsedLink
      do {
        parsed = try table.parse(link)
      } catch {
        guard output.format == .json else { throw error }
        Console.print(Self.json(error))
        throw ExitCode(ExitStatus(for: error).rawValue)
      }
      switch output.format {
      case .text: Console.print(TextOutput.parsed(parsed))
      case .json: Console.print(JSONOutput.parse(parsed))
      }
    }

    /// `{"error": {"code", "message", "offset"}}`: the offset is where the faulty part of the
    /// link starts, in UTF-8 bytes, or `null`.
    static func json(_ error: LinkError) -> String {
      let offset = error.range.map { JSONValue.number($0.lowerBound) } ?? .null
      return JSONOutput.render(
        .object([
          (
            "error",
            .object([
              ("code", .string(error.code.rawValue)), ("message", .string(error.message)),
              ("offset", offset),
            ])
          )
        ])
      )
    }
  }
}
