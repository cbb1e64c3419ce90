import Foundation
import PackagePlugin

/// Generates a target's typed routes from the route table it holds.
///
/// A target with a `linkgen.json` among its files gets, at build time, the Swift file that
/// `linkgen generate swift` would print for it: an enum with one case per route, conforming to
/// LinkKit's `LinkTarget`. The target depends on the `LinkKit` product. An optional
/// `linkgen-swift.json` beside the table names the type and its access level:
///
/// ```json
/// { "typeName": "OpenListLink", "access": "public" }
/// ```
///
/// Both files are inputs of the build command, so editing either regenerates the code; nothing
/// generated is checked in. The command runs `linkgen-generate`, which depends on LinkKit and
/// the generator only.
@main
struct LinkgenPlugin {
  static let tableName = "linkgen.json"

  func commands(
    workDirectory: URL,
    tool: (String) throws -> PluginContext.Tool,
    files: [URL],
    targetName: String
  ) throws -> [Command] {
    let tables = files.filter { $0.lastPathComponent == Self.tableName }
    guard let table = tables.first else {
      throw PluginError(
        "target '\(targetName)' uses LinkgenPlugin but holds no \(Self.tableName); add the "
          + "route table to the target's folder (a symbolic link to a shared one works)"
      )
    }
    guard tables.count == 1 else {
      let list = tables.map(\.path).sorted().joined(separator: ", ")
      throw PluginError(
        "target '\(targetName)' holds \(tables.count) files named \(Self.tableName) (\(list)); "
          + "a target has one route table"
      )
    }
    let options = files.filter { $0.lastPathComponent == "linkgen-swift.json" }
    guard options.count <= 1 else {
      throw PluginError("target '\(targetName)' holds more than one linkgen-swift.json")
    }
    let output = workDirectory.appending(path: "GeneratedSources/LinkgenRoutes.swift")
    return [
      .buildCommand(
        displayName: "Generating the typed routes of \(targetName) from \(Self.tableName)",
        executable: try tool("linkgen-generate").url,
        arguments: [table.path, output.path] + options.map(\.path),
        inputFiles: [table] + options,
        outputFiles: [output]
      )
    ]
  }
}

extension LinkgenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    guard let module = target as? SourceModuleTarget else {
      throw PluginError("LinkgenPlugin applies to Swift targets; '\(target.name)' is not one")
    }
    return try commands(
      workDirectory: context.pluginWorkDirectoryURL,
      tool: context.tool,
      files: module.sourceFiles.map(\.url),
      targetName: target.name
    )
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  extension LinkgenPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      try commands(
        workDirectory: context.pluginWorkDirectoryURL,
        tool: context.tool,
        files: target.inputFiles.map(\.url),
        targetName: target.displayName
      )
    }
  }
#endif

/// A problem with the target the plugin is applied to.
struct PluginError: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}
