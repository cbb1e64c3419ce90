import ArgumentParser
import Foundation
import LinkKit

/// `--config FILE`: where the route table comes from; shared by every command that needs it.
struct TableOptions: ParsableArguments {
  /// The file read when `--config` is not given.
  static let defaultPath = "linkgen.json"

  @Option(
    name: .long,
    help: ArgumentHelp("The route table to read.", valueName: "file"),
    completion: .file(extensions: ["json"])
  )
  var config: String = TableOptions.defaultPath

  /// Loads the table. When the default `linkgen.json` is missing, the error says how to give
  /// another file.
  func load() throws(RouteTableError) -> RouteTable {
    do {
      return try RouteTable(contentsOf: URL(fileURLWithPath: config))
    } catch {
      guard error.code == .fileNotFound, config == Self.defaultPath else { throw error }
      throw RouteTableError(
        .fileNotFound,
        file: config,
        problems: [
          .init(
            field: "",
            message: "cannot read the route table: no such file; pass --config FILE, or "
              + "create linkgen.json (see docs/route-table.md)"
          )
        ]
      )
    }
  }
}
