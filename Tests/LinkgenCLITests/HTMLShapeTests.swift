import Foundation
import LinkgenTestSupport
import Testing

/// The `pages` fuzz target compares renders through its own HTML5 tokenizer. These tests hold
/// that tokenizer to Python's `html.parser` (the parser the LinkPages tests use) on hostile
/// landing pages, and show that it sees a value that breaks out of its context.
@Suite(
  .blockingWork,
  .enabled(if: FuzzCorpusTests.built, "linkgen-fuzz is not built next to linkgen; skipped"),
  .enabled(if: Python.path != nil, "python3 is not on the PATH; skipped")
)
struct HTMLShapeTests {
  static let hostile = [
    "\"><script>document.title='PWNED'</script>",
    "</title><script>alert(1)</script>",
    "</textarea><!--",
    "'><img src=x onerror=alert(1)>",
    "]]><!-- -->&lt;&amp;&#x3C;",
  ]

  /// A landing page with every display field set to `value`.
  func page(_ value: String, templates: URL? = nil) throws -> String {
    var arguments = [
      "page", "shared-checklist", "--id", "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      "--config", "Examples/openlist/linkgen.json",
    ]
    for name in ["inviter", "title", "note"] { arguments += ["--field", "\(name)=\(value)"] }
    if let templates { arguments += ["--templates", templates.path] }
    let result = try Linkgen.run(arguments)
    #expect(result.status == 0, "\(result.error)")
    return result.output
  }

  /// The tokenizer's shape of `html`.
  func shape(_ html: String) throws -> [String] {
    try lines(of: FuzzCorpusTests.harness.path, ["--html-shape"], input: html)
  }

  /// The start tags Python's html.parser sees, in order.
  func pythonStartTags(_ html: String) throws -> [String] {
    let script = """
      import sys
      from html.parser import HTMLParser
      class P(HTMLParser):
          def handle_starttag(self, tag, attrs): print(tag)
          def handle_startendtag(self, tag, attrs): print(tag)
      p = P(); p.feed(sys.stdin.read()); p.close()
      """
    return try lines(of: try #require(Python.path), ["-c", script], input: html)
  }

  func lines(of executable: String, _ arguments: [String], input: String) throws -> [String] {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: executable),
      arguments,
      input: Data(input.utf8)
    )
    #expect(result.status == 0, "\(result.error)")
    return result.output.split(separator: "\n").map(String.init)
  }

  @Test(arguments: hostile)
  func theTokenizerSeesTheTagsAParserSees(_ value: String) throws {
    let html = try page(value)
    let tags = try shape(html).filter {
      $0.hasPrefix("<") && !$0.hasPrefix("</") && !$0.hasPrefix("<!")
    }
    .map { String($0.dropFirst().prefix { $0 != "[" }) }
    #expect(tags == (try pythonStartTags(html)))
    #expect(try shape(html) == (try shape(try page("Groceries"))))
  }

  /// What a template printing the fields raw would send: the page of a plain title with the
  /// hostile value put in where the title was.
  @Test func anUnescapedValueChangesTheShape() throws {
    let plain = try page("Groceries")
    for value in Self.hostile.prefix(2) {
      let careless = plain.replacingOccurrences(of: "Groceries", with: value)
      let broken = try shape(careless)
      #expect(broken != (try shape(plain)))
      #expect(broken.contains { $0.hasPrefix("<script") })
    }
  }

  /// linkgen itself never sends such a page: a template that prints a field raw is refused,
  /// naming its file and line.
  @Test func aTemplateThatPrintsAValueRawIsRefused() throws {
    let temporary = try TemporaryDirectory()
    let careless = temporary.url.appendingPathComponent("en/page.mustache")
    try FileManager.default.createDirectory(
      at: careless.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try Data(
      "{{<page-layout}}{{$desktop}}{{{fields.title}}}{{/desktop}}{{/page-layout}}".utf8
    ).write(to: careless)
    let result = try Linkgen.run([
      "page", "shared-checklist", "--id", "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      "--config", "Examples/openlist/linkgen.json", "--field", "title=x",
      "--templates", temporary.url.path,
    ])
    #expect(result.status == 65)
    #expect(result.error.contains("en/page.mustache:1:"), "\(result.error)")
    #expect(result.error.contains("unescaped"), "\(result.error)")
  }
}

/// Where python3 is, when it is installed (`.ci/install-packages` installs it).
enum Python {
  static let path: String? = ProcessRunner.find(["python3"])?.path
}
