import Foundation
import PackagePlugin

/// Compiles the package's top-level `Templates/` folder into the target it is applied to: one
/// generated Swift source holding every `*.mustache` file as a string literal
/// (`EmbeddedTemplates.files`).
///
/// Every template file, and every folder below `Templates/`, is declared as an input of the
/// build command, so editing a template rebuilds the target and adding or removing a file
/// (which changes its folder) does too.
@main
struct EmbedTemplates: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    let templates = context.package.directoryURL.appending(
      path: "Templates",
      directoryHint: .isDirectory
    )
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplates.swift")
    var inputs = [templates]
    if let walker = FileManager.default.enumerator(
      at: templates,
      includingPropertiesForKeys: nil,
      options: [.skipsHiddenFiles]
    ) {
      for case let url as URL in walker { inputs.append(url) }
    }
    return [
      .buildCommand(
        displayName: "Embedding \(inputs.count - 1) template files from Templates/",
        executable: try context.tool(named: "linkgen-embed-templates").url,
        arguments: [templates.path, output.path],
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
