import Foundation
import LinkCodegen
import LinkgenTestSupport
import Testing

/// The generator's output: deterministic, already formatted, documented, and in step with the
/// files generated from it that the repository keeps.
struct SwiftGeneratorTests {
  static let root = PackagePaths.root

  static let tables = [
    "Examples/openlist/linkgen.json", "Examples/photos/linkgen.json",
    "Tests/GeneratedNamingTests/linkgen.json",
  ]

  static func generate(
    _ table: String,
    typeName: String = "DeepLink",
    access: SwiftGeneratorOptions.Access = .internal
  ) throws -> String {
    try SwiftGenerator.generate(
      contentsOf: root.appendingPathComponent(table).path,
      options: SwiftGeneratorOptions(typeName: typeName, access: access)
    )
  }

  @Test(arguments: tables)
  func theSameTableGivesTheSameBytes(table: String) throws {
    let first = try Self.generate(table)
    #expect(try Self.generate(table) == first)
    // Only the table's file name appears, never where it is.
    let scratch = try TemporaryDirectory()
    let copy = scratch.file("linkgen.json")
    try Data(contentsOf: Self.root.appendingPathComponent(table)).write(to: copy)
    #expect(
      try SwiftGenerator.generate(contentsOf: copy.path, options: SwiftGeneratorOptions())
        == first
    )
  }

  @Test(
    .enabled(if: SwiftFormat.path != nil, "swift is not on PATH; cannot run swift format"),
    arguments: tables
  )
  func theOutputIsAlreadyFormatted(table: String) throws {
    for access in SwiftGeneratorOptions.Access.allCases {
      let source = try Self.generate(table, typeName: "AppLink", access: access)
      let formatted = try SwiftFormat.format(source, configuration: Self.root)
      #expect(formatted == source, "swift format changes the file generated from \(table)")
      #expect(try SwiftFormat.lint(source, configuration: Self.root).isEmpty)
    }
  }

  @Test func publicAccessMarksEveryDeclarationAndImport() throws {
    let source = try Self.generate(Self.tables[0], typeName: "OpenListLink", access: .public)
    #expect(source.contains("public import LinkKit"))
    #expect(source.contains("  public import FoundationEssentials"))
    #expect(source.contains("public enum OpenListLink: LinkTarget, Hashable {"))
    #expect(
      source.contains("  public enum ChecklistLayout: String, CaseIterable, LinkValueConvertible {")
    )
    #expect(source.contains("  public static let routeTable: RouteTable = {"))
    #expect(source.contains("  public init(routeSlots slots: borrowing RouteSlots)"))
    #expect(source.contains("  private static let tableJSON = #\"\"\""))
    let internalSource = try Self.generate(Self.tables[0])
    #expect(!internalSource.contains("public "))
  }

  @Test func aTableWithoutUUIDsImportsOnlyLinkKit() throws {
    let source = try Self.generate("Examples/photos/linkgen.json")
    #expect(!source.contains("Foundation"))
    #expect(source.contains("\nimport LinkKit\n"))
  }

  @Test func theTableIsEmbeddedAsWritten() throws {
    let source = try Self.generate(Self.tables[0])
    let json = try String(
      contentsOf: Self.root.appendingPathComponent(Self.tables[0]),
      encoding: .utf8
    )
    for line in json.split(separator: "\n") {
      #expect(source.contains("\n    \(line)\n"), "\(line)")
    }
    #expect(source.contains("    shared-checklist(id: uuid)\n"))
  }

  @Test func aRawStringDelimiterLongEnoughForTheTable() throws {
    let json = """
      { "app": { "scheme": "odd", "domains": ["odd.example.com"] },
        "routes": [{ "name": "home", "summary": "a \\"\\"\\"# b \\\\# c",
                     "scheme": "odd://home", "universal": "/" }] }
      """
    let source = try SwiftGenerator.generate(
      json: Data(json.utf8),
      file: "odd.json",
      options: SwiftGeneratorOptions()
    )
    #expect(source.contains("tableJSON = ##\"\"\""))
    #expect(source.contains("    \"\"\"##"))
  }

  /// Files generated from the repository's tables and kept in it must match what their table
  /// generates now: CI fails when one is stale.
  @Test(arguments: [
    (
      "Examples/photos/linkgen.json", "Examples/photos/Sources/PhotosLinks/PhotosLink.swift",
      "PhotosLink", SwiftGeneratorOptions.Access.public
    )
  ])
  func checkedInFilesAreUpToDate(
    table: String,
    file: String,
    typeName: String,
    access: SwiftGeneratorOptions.Access
  ) throws {
    let source = try Self.generate(table, typeName: typeName, access: access)
    do {
      try GeneratedFile.check(source, at: Self.root.appendingPathComponent(file).path)
    } catch {
      Issue.record(
        """
        \(error)
        Run: swift run linkgen generate swift --config \(table) --type-name \(typeName) \
        --access \(access.rawValue) --out \(file)
        """
      )
    }
  }
}

/// Runs the toolchain's `swift format` with the repository's configuration.
enum SwiftFormat {
  static let path = ProcessRunner.find(["swift"])

  static func format(_ source: String, configuration root: URL) throws -> String {
    try run(
      ["format", "--configuration", root.appendingPathComponent(".swift-format").path],
      source
    )
    .output
  }

  /// The lint findings (empty when clean).
  static func lint(_ source: String, configuration root: URL) throws -> String {
    let configuration = root.appendingPathComponent(".swift-format").path
    return try run(["format", "lint", "--strict", "--configuration", configuration], source).error
  }

  private static func run(_ arguments: [String], _ input: String) throws -> ProcessRunner.Result {
    let scratch = try TemporaryDirectory()
    let file = scratch.file("Generated.swift")
    try Data(input.utf8).write(to: file)
    return try ProcessRunner.run(
      path ?? URL(fileURLWithPath: "/usr/bin/swift"),
      arguments + [file.path]
    )
  }
}
