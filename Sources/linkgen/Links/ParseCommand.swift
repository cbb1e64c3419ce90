import ArgumentParser
import Foundation
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
        Give - to read the link from standard input (one link; a final newline is dropped).

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
      try reportingFailures { () throws(Failure) in
        let table = try table.load()
        let link = url == "-" ? try StandardInput.readLink() : url
        let parsed: ParsedLink
        do throws(LinkError) {
          parsed = try table.parse(link)
        } catch {
          throw Failure(error)
        }
        switch output.format {
        case .text: Console.print(TextOutput.parsed(parsed))
        case .json: Console.print(JSONOutput.parse(parsed))
        }
      }
    }
  }
}

/// Reads standard input, never more than a command accepts: a longer input is refused without
/// reading the rest.
enum StandardInput {
  /// One link, at most the parser's limit.
  static func readLink() throws(Failure) -> String {
    try readText(
      limit: RouteTable.maximumURLLength,
      tooLong: "the link on standard input is longer than \(RouteTable.maximumURLLength) bytes, "
        + "the most the parser reads"
    )
  }

  /// UTF-8 text of at most `limit` bytes (a final newline is dropped); `tooLong` is the message
  /// for longer input.
  static func readText(limit: Int, tooLong: String) throws(Failure) -> String {
    let limit = limit + 2  // room for "\r\n"
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Failure(
          "cannot read standard input (\(String(cString: strerror(errno))))",
          status: Failure.noInput
        )
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    guard bytes.count <= limit else { throw Failure(tooLong) }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Failure("standard input is not UTF-8 text")
    }
    return text
  }
}
