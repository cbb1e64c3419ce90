import ArgumentParser
import LinkAssociation

extension Linkgen {
  /// `linkgen check-aasa FILE [--url URL …] [--domain D] [--legacy] [--format json]`
  struct CheckAASA: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check-aasa",
      abstract:
        "Validate an apple-app-site-association file and match URLs against it as iOS does.",
      discussion: """
        Reports errors (invalid JSON, over 128 KB, malformed app IDs, appID with appIDs, wrong \
        types, a non-string value in a '?' dictionary…) and warnings (paths beside components, \
        a non-empty legacy apps array, unknown keys, rules an earlier rule shadows…), each with \
        its JSON path and line. Comments and trailing commas are errors but are skipped so the \
        rest is still checked. For each --url, says whether it opens an app, which app IDs, and \
        which rule decided (first match wins; exclude rules stop the scan). No table needed. \
        Exit status 65 when the file has an error.

        Examples:
          linkgen check-aasa apple-app-site-association \\
              --url https://openlist.example.com/invite/ABC123
          linkgen aasa | linkgen check-aasa - --domain openlist.example.com \\
              --url https://openlist.example.com/account/x
          linkgen check-aasa aasa.json --legacy --format json \\
              --url https://example.com/path
        """
    )

    @Argument(help: ArgumentHelp("The file to check, or - for standard input.", valueName: "file"))
    var file: String

    @Option(
      name: .customLong("url"),
      help: ArgumentHelp("A URL to match (repeatable).", valueName: "url")
    )
    var urls: [String] = []

    @Option(
      help: ArgumentHelp(
        "The domain that serves the file; each URL's host must equal it.",
        valueName: "domain"
      )
    )
    var domain: String?

    @Flag(help: "Match as iOS 12 and earlier do (appID with paths only).")
    var legacy = false

    @OptionGroup var output: FormatOptions

    func run() throws {
      let aasa = AASAFile(try InputFile.read(file))
      let mode: AASAMatchMode = legacy ? .legacy : .modern
      let matches = urls.map { aasa.match($0, domain: domain, mode: mode) }
      switch output.format {
      case .text:
        Console.print(
          CheckOutput.text(
            file: file,
            byteCount: aasa.byteCount,
            findings: aasa.findings,
            matches: matches
          )
        )
      case .json:
        Console.print(
          CheckOutput.json(
            file: file,
            byteCount: aasa.byteCount,
            rejected: aasa.isRejected,
            findings: aasa.findings,
            matches: matches
          )
        )
      }
      if !aasa.findings.errors.isEmpty {
        throw CommandError(.checkFailed, CheckOutput.summary(file: file, aasa.findings))
      }
    }
  }
}
