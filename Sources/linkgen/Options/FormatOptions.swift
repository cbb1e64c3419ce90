import ArgumentParser

/// `--format text|json`.
struct FormatOptions: ParsableArguments {
  @Option(name: .long, help: "Output format: text (readable) or json (one object).")
  var format: OutputFormat = .text
}
