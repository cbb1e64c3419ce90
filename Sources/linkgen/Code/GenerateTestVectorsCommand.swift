import ArgumentParser
import LinkCodegen

extension Linkgen {
  /// `linkgen generate test-vectors [--config FILE] [--out FILE] [--generated N] [--seed N]
  /// [--wpt FILE]`
  struct GenerateTestVectors: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "test-vectors",
      abstract: "Write LinkKit's links and verdicts for the table as JSON test vectors.",
      discussion: """
        Writes one JSON file that any other implementation of the table's links (the Kotlin \
        file of generate kotlin, a backend in another language) is checked against: for each \
        route, sample values and the seven links LinkKit builds for them; and links with \
        LinkKit's verdict (the route, the values, the ignored query items and the canonical \
        links, or the error code), taken from variants of the samples' links, LinkKit's \
        hostile-input cases, the WHATWG URL test inputs (--wpt) and generated cases (the \
        other links mutated by a seeded generator). The format is in docs/generate.md.

        The same table and options always give the same file, byte for byte.

        Examples:
          linkgen generate test-vectors --config Examples/openlist/linkgen.json \\
              --out openlist-vectors.json
          linkgen generate test-vectors --generated 100000 --seed 7 \\
              --wpt Tests/LinkKitTests/Resources/wpt/urltestdata.json --out vectors.json

        Exit status: 0 on success, 64 for a usage error, 65 for a broken table, 66 when the \
        table or the WHATWG file cannot be read, 73 when the file cannot be written.
        """
    )

    @OptionGroup var table: TableOptions

    @Option(
      name: .long,
      help: ArgumentHelp(
        "Write to this file (atomically, and only when it changes) instead of standard output.",
        valueName: "file"
      ),
      completion: .file(extensions: ["json"])
    )
    var out: String?

    @Option(help: ArgumentHelp("How many generated cases (0 to 10,000,000).", valueName: "n"))
    var generated = 2000

    @Option(help: ArgumentHelp("The seed of the generated cases.", valueName: "n"))
    var seed: UInt64 = 1

    @Option(
      help: ArgumentHelp(
        "Add the inputs of WHATWG's urltestdata.json (web-platform-tests).",
        valueName: "file"
      ),
      completion: .file(extensions: ["json"])
    )
    var wpt: String?

    func validate() throws {
      guard (0...10_000_000).contains(generated) else {
        throw ValidationError("--generated: give a count from 0 to 10000000, not \(generated)")
      }
    }

    func run() throws {
      // Loading first reports a missing or broken table as every command does.
      _ = try table.load()
      let inputs = try wpt.map { path throws(CodegenError) in
        try TestVectors.wptInputs(contentsOf: path)
      }
      let vectors = try TestVectors.generate(
        contentsOf: table.config,
        options: TestVectors.Options(generated: generated, seed: seed, wptInputs: inputs ?? [])
      )
      try GeneratedOutput.deliver(vectors, to: out, check: false)
    }
  }
}
