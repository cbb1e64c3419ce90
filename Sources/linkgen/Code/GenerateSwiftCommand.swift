import ArgumentParser
import Foundation
import LinkCodegen

extension Linkgen {
  /// `linkgen generate swift [--config FILE] [--out FILE] [--access public|internal]
  /// [--type-name NAME] [--check]`
  struct GenerateSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "swift",
      abstract: "Generate typed Swift routes: an enum with one case per route of the table.",
      discussion: """
        Writes one Swift file: an enum (DeepLink, or --type-name) with one case per route and \
        typed associated values (UUID, Int, String, Bool, a nested enum per enum parameter, \
        optionals for optional parameters, defaults as default arguments). It conforms to \
        LinkKit's LinkTarget: init(parsing:) runs LinkKit's strict parser, links, \
        universalLink and schemeLink build the links, and the route table is embedded, so the \
        app needs no bundled JSON. Link the target with the LinkKit product.

        Names: a route name becomes a case in lower camel case (shared-checklist → \
        sharedChecklist), a parameter keeps its name as the label, an enum parameter gets a \
        nested type named after its route and itself (ChecklistLayout), Swift keywords are \
        escaped with backticks. Two names that map to the same Swift name are an error.

        The same table always gives the same file, byte for byte, laid out as swift format \
        lays it out. To generate at build time instead, apply the LinkgenPlugin build plugin \
        to a target holding linkgen.json (see docs/generate.md). To keep a checked-in file in \
        step with its table, run with --check in CI.

        Examples:
          linkgen generate swift --config Examples/openlist/linkgen.json
          linkgen generate swift --type-name OpenListLink --access public \\
              --out Sources/Links/OpenListLink.swift
          linkgen generate swift --type-name PhotosLink --out PhotosLink.swift --check

        Exit status: 0 on success, 64 for a usage error, 65 for a broken table, names that \
        cannot be generated, or (with --check) a file that is out of date, 66 when the table \
        cannot be read, 73 when the file cannot be written.
        """
    )

    @OptionGroup var table: TableOptions

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Write to this file (atomically, and only when it changes) instead of standard output.",
        valueName: "file"
      ),
      completion: .file(extensions: ["swift"])
    )
    var out: String?

    @Option(help: "The access level of the generated declarations: public or internal.")
    var access: SwiftGeneratorOptions.Access = .internal

    @Option(
      name: .customLong("type-name"),
      help: ArgumentHelp("The name of the generated enum.", valueName: "name")
    )
    var typeName: String = SwiftGeneratorOptions.defaultTypeName

    @Flag(
      help: "Write nothing; fail (status 65) when --out's file is not what the table generates."
    )
    var check = false

    func validate() throws {
      if let problem = SwiftGeneratorOptions.typeNameProblem(typeName) {
        throw ValidationError("--type-name: \(problem)")
      }
      if check && out == nil {
        throw ValidationError("--check compares a file with what the table generates; add --out")
      }
    }

    func run() throws {
      // Loading first reports a missing or broken table as every command does.
      _ = try table.load()
      let source = try SwiftGenerator.generate(
        contentsOf: table.config,
        options: SwiftGeneratorOptions(typeName: typeName, access: access)
      )
      try GeneratedOutput.deliver(source, to: out, check: check)
    }
  }
}
