package import Foundation
import LinkKit

/// Writes the Kotlin file for a route table: a sealed class with one subclass per route, which
/// builds LinkKit's links and parses links by LinkKit's rules, with only the Kotlin standard
/// library and `java.util` (Kotlin 1.3 or later, Android API 21 or later, any JVM).
///
/// The output depends only on the table's bytes and the options, byte for byte.
package enum KotlinGenerator {
  /// The default name of the sealed class.
  package static let defaultTypeName = "DeepLink"

  /// Generates the file for a route table given as JSON.
  ///
  /// - Parameters:
  ///   - json: The route table file's bytes.
  ///   - file: The table's path, for messages; only its last component appears in the output.
  ///   - packageName: The Kotlin package (`com.example.openlist`).
  ///   - typeName: The sealed class's name.
  /// - Throws: ``CodegenError``: ``CodegenError/Code/invalidTable`` for a table that does not
  ///   load, ``CodegenError/Code/invalidOptions``, or a naming problem.
  package static func generate(
    json: Data,
    file: String,
    packageName: String,
    typeName: String = defaultTypeName
  ) throws(CodegenError) -> String {
    if let problem = KotlinPlan.typeNameProblem(typeName) {
      throw CodegenError(.invalidOptions, problem)
    }
    if let problem = KotlinPlan.packageNameProblem(packageName) {
      throw CodegenError(.invalidOptions, problem)
    }
    let source = try TableSource(json: json, file: file)
    let model = TableModel(table: source.table)
    let plan: KotlinPlan
    do {
      plan = try KotlinPlan(model: model, typeName: typeName, packageName: packageName)
    } catch {
      throw error.with(file: file)
    }
    var writer = KotlinFileWriter(plan: plan, model: model, sourceName: source.sourceName)
    return writer.file()
  }

  /// Generates the file for a route table file.
  ///
  /// - Throws: ``CodegenError`` with ``CodegenError/Code/unreadableTable`` when the file cannot
  ///   be read, or as ``generate(json:file:packageName:typeName:)`` does.
  package static func generate(
    contentsOf path: String,
    packageName: String,
    typeName: String = defaultTypeName
  ) throws(CodegenError) -> String {
    let data = try TableSource.read(path)
    return try generate(json: data, file: path, packageName: packageName, typeName: typeName)
  }

  /// Why the text cannot name the sealed class, or `nil` when it can.
  package static func typeNameProblem(_ name: String) -> String? {
    KotlinPlan.typeNameProblem(name)
  }

  /// Why the text cannot name the package, or `nil` when it can.
  package static func packageNameProblem(_ name: String) -> String? {
    KotlinPlan.packageNameProblem(name)
  }
}
