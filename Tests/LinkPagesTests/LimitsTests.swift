import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

#if canImport(Glibc)
  import Glibc
#endif

/// The renderers' limits at their edges (docs/limits.md).
struct LimitsTests {
  let table: RouteTable
  let renderer: PageRenderer

  init() throws {
    table = try Fixtures.builtInOnly()
    renderer = try PageRenderer(table: table)
  }

  func expectField(_ fields: [String: String], refused words: String?) throws {
    let values = try Fixtures.values(table)
    do {
      _ = try renderer.landingPage(for: values, fields: fields)
      #expect(words == nil, "accepted; expected \(words ?? "")")
    } catch {
      #expect(error.code == .invalidField)
      #expect(words.map { error.message.contains($0) } == true, "\(error.message)")
    }
  }

  @Test func fieldLength() throws {
    try expectField(["title": String(repeating: "é", count: 1000)], refused: nil)
    try expectField(
      ["title": String(repeating: "é", count: 1001)],
      refused: "the field 'title' is 1001 characters long; at most 1000"
    )
  }

  @Test func fieldCount() throws {
    let fields = Dictionary(uniqueKeysWithValues: (0..<32).map { ("f\($0)", "x") })
    try expectField(fields, refused: nil)
    try expectField(
      fields.merging(["f32": "x"]) { first, _ in first },
      refused: "33 display fields given; at most 32"
    )
  }

  @Test func fieldNameLength() throws {
    try expectField([String(repeating: "n", count: 40): "x"], refused: nil)
    try expectField([String(repeating: "n", count: 41): "x"], refused: "is not a field name")
  }

  @Test func templateSize() throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url
    let file = folder.appendingPathComponent("en/title.mustache")
    let limit = PageRenderer.maximumTemplateSize
    try Fixtures.write("{{app.name}}" + String(repeating: " ", count: limit - 12), to: file)
    #expect(throws: Never.self) { try PageRenderer(table: table, templatesDirectory: folder) }
    try Fixtures.write("{{app.name}}" + String(repeating: " ", count: limit - 11), to: file)
    do {
      _ = try PageRenderer(table: table, templatesDirectory: folder)
      Issue.record("a template of 64 KB + 1 byte loaded")
    } catch {
      #expect(error.code == .templateTooLarge)
      #expect(
        error.message.hasSuffix(
          "the template is 65537 bytes; linkgen reads templates of at most 65536 bytes (64 KB)"
        )
      )
    }
  }

  @Test func templateCount() throws {
    let temporary = try TemporaryDirectory()
    let folder = temporary.url
    let extra = folder.appendingPathComponent("en/extra")
    try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
    for index in 0..<PageRenderer.maximumTemplateCount {
      try Self.touch(extra.appendingPathComponent("t\(index).mustache"))
    }
    #expect(throws: Never.self) { try PageRenderer(table: table, templatesDirectory: folder) }
    try Self.touch(extra.appendingPathComponent("one-more.mustache"))
    do {
      _ = try PageRenderer(table: table, templatesDirectory: folder)
      Issue.record("1001 templates loaded")
    } catch {
      #expect(error.code == .templateTooLarge)
      #expect(error.message.contains("has 1001 templates; linkgen reads at most 1000"))
    }
  }

  /// A one-byte template, written without the sync `FileManager.createFile` does (a thousand
  /// syncs take seconds).
  static func touch(_ url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(write(descriptor, "x", 1) == 1)
  }
}
