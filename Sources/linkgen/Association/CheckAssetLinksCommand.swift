import ArgumentParser
import LinkAssociation

extension Linkgen {
  /// `linkgen check-assetlinks FILE [--format json]`
  struct CheckAssetLinks: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check-assetlinks",
      abstract: "Validate an assetlinks.json file (Android App Links).",
      discussion: """
        Reports errors (invalid JSON, not an array of statements, an unknown namespace, a \
        package name or SHA-256 fingerprint that is malformed, lower-case, SHA-1-length or a \
        placeholder, relation not an array, a malformed include or web site) and warnings \
        (unknown keys such as path_prefix, unknown relations, shadowed dynamic components), \
        each with its JSON path and line. Exit status 65 when the file has an error.

        Examples:
          linkgen check-assetlinks public/.well-known/assetlinks.json
          linkgen assetlinks --dynamic-components | \\
              linkgen check-assetlinks - --format json
        """
    )

    @Argument(help: ArgumentHelp("The file to check, or - for standard input.", valueName: "file"))
    var file: String

    @OptionGroup var output: FormatOptions

    func run() throws {
      let links = AssetLinksFile(try InputFile.read(file))
      switch output.format {
      case .text:
        var lines = [
          CheckOutput.text(
            file: file,
            byteCount: links.byteCount,
            findings: links.findings,
            matches: []
          )
        ]
        for (index, statement) in links.statements.enumerated() {
          lines.append("statement [\(index)]: " + CheckOutput.describe(statement))
        }
        Console.print(lines.joined(separator: "\n"))
      case .json:
        Console.print(
          CheckOutput.json(
            file: file,
            byteCount: links.byteCount,
            rejected: links.isRejected,
            findings: links.findings,
            matches: nil
          )
        )
      }
      if !links.findings.errors.isEmpty {
        throw CommandError(.checkFailed, CheckOutput.summary(file: file, links.findings))
      }
    }
  }
}
