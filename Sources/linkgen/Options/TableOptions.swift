import ArgumentParser
import LinkKit

/// Where the route table comes from; shared by every command.
struct TableOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp("The route table to read.", valueName: "file"),
    completion: .file(extensions: ["json"])
  )
  var config: String = "linkgen.json"

  /// Loads the table, or fails with a message naming the file.
  func load() throws(Failure) -> RouteTable {
    try Failure.loading(config)
  }
}

/// The output format of a command.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
  case text
  case json
}

struct FormatOptions: ParsableArguments {
  @Option(name: .long, help: "Output format: text (readable) or json (one object).")
  var format: OutputFormat = .text
}
