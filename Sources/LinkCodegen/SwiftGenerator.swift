package import Foundation
import LinkKit

/// Writes the Swift file for a route table: an enum with one case per route, conforming to
/// LinkKit's `LinkTarget`, with the table embedded.
///
/// The output depends only on the table's bytes and the options, so the same table always
/// gives the same file, byte for byte, whichever machine or tool (the command or the build
/// plugin) generates it. It is laid out as `swift format` lays it out with the repository's
/// settings.
package enum SwiftGenerator {
  /// Generates the file for a route table given as JSON.
  ///
  /// - Parameters:
  ///   - json: The route table file's bytes.
  ///   - file: The table's path, for messages; only its last component appears in the output.
  ///   - options: The type's name and access level.
  /// - Returns: The Swift source, ending with a newline.
  /// - Throws: ``CodegenError``: ``CodegenError/Code/invalidTable`` for a table that does not
  ///   load, ``CodegenError/Code/invalidOptions``, or a naming problem.
  package static func generate(json: Data, file: String, options: SwiftGeneratorOptions)
    throws(CodegenError) -> String
  {
    if let problem = SwiftGeneratorOptions.typeNameProblem(options.typeName) {
      throw CodegenError(.invalidOptions, problem)
    }
    let source = try TableSource(json: json, file: file)
    let table = source.table
    let plan: SwiftPlan
    do {
      plan = try SwiftPlan(model: TableModel(table: table), typeName: options.typeName)
    } catch {
      throw error.with(file: file)
    }
    var writer = SwiftFileWriter(
      plan: plan,
      table: table,
      json: source.text,
      sourceName: source.sourceName,
      access: options.access
    )
    return writer.file()
  }

  /// Generates the file for a route table file.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/unreadableTable`` when the file cannot
  ///   be read, or as ``generate(json:file:options:)`` does.
  package static func generate(contentsOf path: String, options: SwiftGeneratorOptions)
    throws(CodegenError) -> String
  {
    let data = try TableSource.read(path)
    return try generate(json: data, file: path, options: options)
  }
}
