import ArgumentParser
import Foundation
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
      try reportingFailures { () throws(Failure) in
        let bytes = try InputFile.read(file)
        let aasa = AASAFile(bytes)
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
          throw Failure(CheckOutput.summary(file: file, aasa.findings), status: Failure.dataError)
        }
      }
    }
  }

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
      try reportingFailures { () throws(Failure) in
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
          throw Failure(CheckOutput.summary(file: file, links.findings), status: Failure.dataError)
        }
      }
    }
  }
}

/// Reads a file to check, or standard input for `-`, never more than ``limit`` bytes.
enum InputFile {
  static let limit = 8 * 1024 * 1024

  static func read(_ path: String) throws(Failure) -> [UInt8] {
    let handle: FileHandle
    if path == "-" {
      handle = FileHandle.standardInput
    } else {
      guard let opened = FileHandle(forReadingAtPath: path) else {
        let reason =
          FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file"
        throw Failure("cannot read \(path): \(reason)", status: Failure.noInput)
      }
      handle = opened
    }
    defer { if path != "-" { try? handle.close() } }
    let data: Data
    do {
      data = try handle.read(upToCount: limit + 1) ?? Data()
    } catch {
      throw Failure("cannot read \(path): \(error.localizedDescription)", status: Failure.noInput)
    }
    guard data.count <= limit else {
      throw Failure(
        "\(path) is larger than \(limit / 1024 / 1024) MB; linkgen reads no more",
        status: Failure.dataError
      )
    }
    return Array(data)
  }
}
