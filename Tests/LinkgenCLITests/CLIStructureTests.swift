import Foundation
import LinkAssociation
import LinkBatch
import LinkKit
import LinkPages
import LinkPrint
import LinkQR
import LinkgenTestSupport
import Testing

@testable import linkgen

/// The shape of the command line: groups in the help, one mapping from errors to statuses,
/// route parameters that clash with options.
@Suite(.blockingWork)
struct CLIStructureTests {
  @Test func helpShowsTheCommandsInGroups() throws {
    let help = try Linkgen.run(["--help"])
    #expect(help.status == 0)
    let groups = [
      ("LINKS SUBCOMMANDS:", ["make", "parse", "routes", "validate"]),
      ("QR CODES AND PRINT SUBCOMMANDS:", ["qr", "batch", "sheet"]),
      (
        "ASSOCIATION FILES SUBCOMMANDS:",
        [
          "aasa", "assetlinks", "ios-entitlements", "ios-plist", "android-manifest", "check-aasa",
          "check-assetlinks",
        ]
      ),
      ("PAGES SUBCOMMANDS:", ["page"]),
    ]
    for (heading, commands) in groups {
      let section = try #require(help.output.range(of: heading), "no \(heading)")
      let rest = help.output[section.upperBound...]
      let block = rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)]
      let listed = block.split(separator: "\n").compactMap { line -> String? in
        guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
        return line.split(separator: " ").first.map(String.init)
      }
      #expect(listed == commands, "\(heading)")
    }
  }

  @Test func theVersionComesFromOnePlace() throws {
    let result = try Linkgen.run(["--version"])
    #expect(result.output == LinkgenVersion.current + "\n")
    // The newest CHANGELOG entry names the same version, and so does the README's package line.
    let changelog = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("CHANGELOG.md"),
      encoding: .utf8
    )
    let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
    #expect(newest?.hasPrefix("## \(LinkgenVersion.current)") == true, "\(newest ?? "")")
  }

  /// Every code of every error type the commands meet has its status, and the statuses are
  /// the documented sysexits ones.
  @Test func everyErrorCodeMapsToADocumentedStatus() {
    let documented: Set<Int32> = [64, 65, 66, 69, 70, 73, 74, 78]
    var statuses: [Int32] = []
    statuses += LinkError.Code.allCases.map { ExitStatus(for: LinkError($0, "x")).rawValue }
    statuses += RouteTableError.Code.allCases.map {
      ExitStatus(for: RouteTableError($0, file: nil, problems: [])).rawValue
    }
    statuses += AssociationError.Code.allCases.map {
      ExitStatus(for: AssociationError($0, "x")).rawValue
    }
    statuses += PageError.Code.allCases.map { ExitStatus(for: PageError($0, "x")).rawValue }
    statuses += QRError.Code.allCases.map { ExitStatus(for: QRError($0, "x")).rawValue }
    statuses += BatchError.Code.allCases.map { ExitStatus(for: BatchError($0, "x")).rawValue }
    statuses += PrintError.Code.allCases.map { ExitStatus(for: PrintError($0, "x")).rawValue }
    statuses += CommandError.Code.allCases.map {
      ExitStatus(for: CommandError($0, "x")).rawValue
    }
    #expect(Set(statuses).isSubset(of: documented))
    #expect(ExitStatus(for: LinkError(.unknownRoute, "x")) == .dataError)
    #expect(ExitStatus(for: BatchError(.unknownRoute, "x")) == .dataError)
    #expect(ExitStatus(for: RouteTableError(.fileNotFound, file: nil, problems: [])) == .noInput)
    #expect(ExitStatus(for: BatchError(.outputIOFailed, "x")) == .ioError)
    #expect(ExitStatus(for: PrintError(.missingFont, "x")) == .unavailable)
    #expect(ExitStatus(for: PrintError(.outputIOFailed, "x")) == .ioError)
    #expect(ExitStatus(for: AtomicFileError(path: "x", code: ENOSPC)) == .ioError)
    #expect(ExitStatus(for: AtomicFileError(path: "x", code: EACCES)) == .cannotCreate)
    struct Unexpected: Error {}
    #expect(ExitStatus(for: Unexpected()) == .software)
  }

  /// The names `validate` warns about are exactly the long options of `make` and `page`.
  @Test func reservedParameterNamesAreTheOptionsOfMakeAndPage() throws {
    var names = Set<String>()
    for command in ["make", "page"] {
      let dump = try Linkgen.run([command, "--experimental-dump-help"])
      #expect(dump.status == 0)
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any]
      )
      let arguments = try #require(
        (object["command"] as? [String: Any])?["arguments"] as? [[String: Any]]
      )
      for argument in arguments {
        for name in argument["names"] as? [[String: Any]] ?? []
        where name["kind"] as? String == "long" {
          if let text = name["name"] as? String { names.insert(text) }
        }
      }
    }
    names.remove("version")
    #expect(names == RouteArguments.reservedNames)
  }

  @Test func aParameterNamedLikeAnOptionIsReportedAndReachable() throws {
    let directoryScratch = try TemporaryDirectory()
    let directory = directoryScratch.url
    defer { try? FileManager.default.removeItem(at: directory) }
    let table = directory.appendingPathComponent("linkgen.json")
    try Data(
      #"""
      {"app": {"scheme": "demo", "domains": ["demo.example.com"]},
       "routes": [{"name": "photo",
                   "parameters": [{"name": "format", "type": "enum", "values": ["square", "wide"]},
                                  {"name": "id", "type": "int"}],
                   "scheme": "demo://photo?format={format}&id={id}",
                   "universal": "/photo/{id}?format={format}"}]}
      """#.utf8
    ).write(to: table)
    let validate = try Linkgen.run(["validate", "--config", table.path])
    #expect(validate.status == 0)
    #expect(
      validate.error.contains(
        "linkgen: warning: route 'photo': the parameter 'format' is named like the option "
          + "--format of make and page; give it there as --param format=<value>"
      )
    )
    let make = try Linkgen.run([
      "make", "photo", "--id", "7", "--param", "format=wide", "--config", table.path,
    ])
    #expect(make.status == 0, "\(make.error)")
    #expect(make.output.contains("demo://photo?format=wide&id=7"))
    let twice = try Linkgen.run([
      "make", "photo", "--id", "7", "--param", "id=8", "--param", "format=wide", "--config",
      table.path,
    ])
    #expect(twice.status == 64)
    #expect(twice.error.contains("the parameter 'id' is given more than once"))
  }
}
