import Foundation
import LinkKit

/// A route table read for a code generator: the table, and the file's text.
struct TableSource {
  let table: RouteTable
  let text: String
  /// The file's last path component, which generated files name.
  let sourceName: String

  /// Loads a route table given as JSON.
  ///
  /// - Throws: ``CodegenError/Code/invalidTable`` for a table that does not load.
  init(json: Data, file: String) throws(CodegenError) {
    sourceName = URL(fileURLWithPath: file).lastPathComponent
    do {
      table = try RouteTable(json: json, source: file)
    } catch {
      throw CodegenError(.invalidTable, error.description)
    }
    guard let text = String(data: json, encoding: .utf8) else {
      throw CodegenError(.invalidTable, "the route table is not UTF-8 text", file: file)
    }
    self.text = text
  }

  /// The bytes of a route table file.
  ///
  /// - Throws: ``CodegenError/Code/unreadableTable`` when the file cannot be read.
  static func read(_ path: String) throws(CodegenError) -> Data {
    do {
      return try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      let reason =
        FileManager.default.fileExists(atPath: path)
        ? "permission denied or not a file" : "no such file"
      throw CodegenError(
        .unreadableTable,
        "cannot read the route table \(path): \(reason)",
        file: nil
      )
    }
  }
}
