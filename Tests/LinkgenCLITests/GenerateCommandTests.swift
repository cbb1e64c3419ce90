import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen generate swift`, and `linkgen-generate`, the tool behind the build plugin, end to
/// end through the executables.
struct GenerateCommandTests {
  static let photosFile = "Examples/photos/Sources/PhotosLinks/PhotosLink.swift"

  /// The plugin's tool, built beside `linkgen` (the Generated… test targets apply the plugin,
  /// so building the tests builds it).
  static let tool = Linkgen.executable.deletingLastPathComponent()
    .appendingPathComponent("linkgen-generate")

  @Test func printsTheEnumForTheTable() throws {
    let result = try Linkgen.run(["generate", "swift"] + Linkgen.openlist)
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    #expect(result.output.contains("enum DeepLink: LinkTarget, Hashable {"))
    #expect(result.output.contains("  case sharedChecklist(id: UUID)\n"))
    #expect(result.output.hasSuffix("    \"\"\"#\n}\n"))
  }

  @Test func theCommandAndThePluginsToolWriteTheSameBytes() throws {
    let scratch = try TemporaryDirectory()
    let directory = scratch.url
    let table = Linkgen.packageRoot.appendingPathComponent("Examples/openlist/linkgen.json").path
    let options = directory.appendingPathComponent("linkgen-swift.json")
    try Data(#"{ "typeName": "OpenListLink", "access": "public" }"#.utf8).write(to: options)
    let output = directory.appendingPathComponent("LinkgenRoutes.swift")
    let tool = try ProcessRunner.run(Self.tool, [table, output.path, options.path])
    #expect(tool.status == 0, "\(tool.error)")
    let command = try Linkgen.run(
      ["generate", "swift", "--type-name", "OpenListLink", "--access", "public"]
        + Linkgen.openlist
    )
    #expect(command.status == 0)
    #expect(command.output == (try String(contentsOf: output, encoding: .utf8)))
  }

  @Test func outWritesOnlyWhenTheFileChanges() throws {
    let scratch = try TemporaryDirectory()
    let directory = scratch.url
    let file = directory.appendingPathComponent("DeepLink.swift")
    let arguments = ["generate", "swift", "--out", file.path] + Linkgen.photos
    #expect(try Linkgen.run(arguments).status == 0)
    let written = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
    Thread.sleep(forTimeInterval: 0.05)
    #expect(try Linkgen.run(arguments).status == 0)
    #expect(
      try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        == written as? Date
    )
    #expect(try Linkgen.run(arguments + ["--check"]).status == 0)
  }

  @Test func checkFailsOnAStaleFile() throws {
    let scratch = try TemporaryDirectory()
    let directory = scratch.url
    let file = directory.appendingPathComponent("PhotosLink.swift")
    let fresh = try String(
      contentsOf: Linkgen.packageRoot.appendingPathComponent(Self.photosFile),
      encoding: .utf8
    )
    try Data(fresh.replacingOccurrences(of: "index: Int", with: "index: Int8").utf8).write(
      to: file
    )
    let result = try Linkgen.run(
      [
        "generate", "swift", "--type-name", "PhotosLink", "--access", "public", "--check",
        "--out", file.path,
      ] + Linkgen.photos
    )
    #expect(result.status == 65)
    #expect(result.error.contains("is out of date with its route table (first difference at line"))
    #expect(try String(contentsOf: file, encoding: .utf8) != fresh, "--check wrote the file")
    let missing = try Linkgen.run(
      ["generate", "swift", "--check", "--out", directory.appendingPathComponent("no.swift").path]
        + Linkgen.photos
    )
    #expect(missing.status == 65)
    #expect(missing.error.contains("does not exist; generate it"))
  }

  @Test func theRepositorysGeneratedFileIsCurrent() throws {
    let result = try Linkgen.run(
      [
        "generate", "swift", "--type-name", "PhotosLink", "--access", "public", "--check",
        "--out", Self.photosFile,
      ] + Linkgen.photos
    )
    #expect(result.status == 0, "\(result.error)")
  }

  @Test(arguments: [
    (["--type-name", "UUID"], Int32(64), "--type-name: 'UUID' would hide the type UUID"),
    (["--type-name", "2Links"], 64, "is not a Swift type name"),
    (["--access", "private"], 64, "The value 'private' is invalid for '--access <access>'"),
    (["--check"], 64, "--check compares a file with what the table generates; add --out"),
    (["--config", "missing.json"], 66, "missing.json: cannot read"),
  ])
  func usageAndInputErrorsHaveTheirStatus(arguments: [String], status: Int32, message: String)
    throws
  {
    let result = try Linkgen.run(["generate", "swift"] + arguments)
    #expect(result.status == status)
    #expect(result.error.contains(message), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test func aTableWhoseNamesCollideIsADataError() throws {
    let scratch = try TemporaryDirectory()
    let directory = scratch.url
    let table = directory.appendingPathComponent("linkgen.json")
    try Data(
      """
      { "app": { "scheme": "clash", "domains": ["clash.example.com"] },
        "routes": [
          { "name": "a-1b", "scheme": "clash://one", "universal": "/one" },
          { "name": "a1b", "scheme": "clash://two", "universal": "/two" } ] }
      """.utf8
    ).write(to: table)
    let result = try Linkgen.run(["generate", "swift", "--config", table.path])
    #expect(result.status == 65)
    #expect(
      result.error
        == "linkgen: error: \(table.path): routes 'a-1b' and 'a1b' both map to the Swift case "
        + "name 'a1b'; rename one\n"
    )
    let tool = try ProcessRunner.run(
      Self.tool,
      [table.path, directory.appendingPathComponent("x.swift").path]
    )
    #expect(tool.status == 65)
    #expect(tool.error.contains("routes 'a-1b' and 'a1b' both map"))
    #expect(
      !FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.swift").path)
    )
  }

  @Test func thePluginsToolRejectsABadOptionsFile() throws {
    let scratch = try TemporaryDirectory()
    let directory = scratch.url
    let options = directory.appendingPathComponent("linkgen-swift.json")
    try Data(#"{ "type": "Links" }"#.utf8).write(to: options)
    let table = Linkgen.packageRoot.appendingPathComponent("Examples/photos/linkgen.json").path
    let output = directory.appendingPathComponent("out.swift").path
    let result = try ProcessRunner.run(Self.tool, [table, output, options.path])
    #expect(result.status == 78)
    #expect(result.error.contains("unknown key 'type'; the keys are typeName and access"))
    let missing = try ProcessRunner.run(Self.tool, ["nowhere.json", output])
    #expect(missing.status == 66)
  }

  @Test func helpTeachesWithExamples() throws {
    let result = try Linkgen.run(["generate", "swift", "--help"])
    #expect(result.status == 0)
    #expect(
      result.output.contains("linkgen generate swift --config Examples/openlist/linkgen.json")
    )
    #expect(result.output.contains("LinkgenPlugin"))
    #expect(try Linkgen.run(["--help"]).output.contains("generate"))
  }
}
