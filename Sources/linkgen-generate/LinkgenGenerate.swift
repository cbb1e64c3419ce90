// linkgen-generate <linkgen.json> <output.swift> [<linkgen-swift.json>]
//
// The tool behind the LinkgenPlugin build plugin: generates the typed routes of a route table
// (what `linkgen generate swift` prints) with the options of an optional `linkgen-swift.json`.
// It depends on LinkCodegen and LinkKit only, so an app using the plugin builds no more than
// those. Exits with status 65 and a message naming the file when the table is invalid or its
// names cannot be generated, 66 when the table cannot be read, 73 when the output cannot be
// written, 78 when the options file is invalid (the statuses of `linkgen generate swift`).

import Foundation
import LinkCodegen

/// The entry point.
@main
enum LinkgenGenerate {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    guard arguments.count == 2 || arguments.count == 3 else {
      FileHandle.standardError.write(
        Data("usage: linkgen-generate <linkgen.json> <output.swift> [<linkgen-swift.json>]\n".utf8)
      )
      exit(64)
    }

    do throws(CodegenError) {
      var options = SwiftGeneratorOptions()
      if arguments.count == 3 {
        let path = arguments[2]
        guard let data = FileManager.default.contents(atPath: path) else {
          throw CodegenError(.invalidOptions, "cannot read the options file \(path)")
        }
        options = try SwiftGeneratorOptions(json: data, file: path)
      }
      let source = try SwiftGenerator.generate(contentsOf: arguments[0], options: options)
      try GeneratedFile.write(source, to: arguments[1])
    } catch {
      FileHandle.standardError.write(Data("error: \(error.description)\n".utf8))
      switch error.code {
      case .unreadableTable: exit(66)
      case .cannotWrite: exit(73)
      case .invalidOptions: exit(78)
      default: exit(65)
      }
    }
  }
}
