import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// Page templates outside the subset of Mustache that plans compile (docs/pages.md) fail when
/// the server's pages are compiled at start, with an error naming the file and the line.
@Suite(.blockingWork)
struct PlanSubsetTests {
  /// Each template (a replacement of the named file) and the line its error names.
  static let outside: [(file: String, text: String, line: Int, says: String)] = [
    ("head-tags", "<meta charset=\"utf-8\">\n{{=<% %>=}}\n", 2, "delimiters"),
    ("en/title", "{{uppercase(app.name)}}", 1, "function"),
    ("page-style", "body { color: red; }\n  {{>missing}}\n", 2, "indented"),
    (
      "en/page", "{{<page-layout}}\n{{$open}}{{{links.open}}}{{/open}}\n{{/page-layout}}", 2,
      "unescaped"
    ),
    (
      "preview-card", "<html>\n<head>{{>head-tags}}</head>\n{{%CONTENT_TYPE:TEXT}}\n</html>", 3,
      "pragma"
    ),
  ]

  @Test(arguments: 0..<outside.count)
  func aTemplateOutsideTheSubsetFailsAtStartNamingFileAndLine(_ index: Int) throws {
    let (file, text, line, says) = Self.outside[index]
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.write(text, to: folder.appendingPathComponent(file + ".mustache"))
    let renderer = try PageRenderer(table: try Fixtures.openlist(), templatesDirectory: folder)
    #expect {
      _ = try renderer.compileServedPages(inAppBrowsers: ["Instagram"], storePings: true)
      _ = try renderer.notFoundPage(locale: "en")
    } throws: { error in
      let message = (error as? PageError)?.message ?? ""
      return (error as? PageError)?.code == .templateSyntax
        && message.contains("\(file).mustache:\(line):") && message.contains(says)
    }
  }

  /// A `<style>` element that prints a per-link value would need a hash per link: refused.
  @Test func aStyleWithAPerLinkValueIsRefused() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.write(
      "body { background: url({{links.universal}}); }\n",
      to: folder.appendingPathComponent("page-style.mustache")
    )
    let renderer = try PageRenderer(table: try Fixtures.openlist(), templatesDirectory: folder)
    #expect {
      _ = try renderer.compileServedPages(inAppBrowsers: [], storePings: false)
    } throws: { error in
      (error as? PageError)?.message.contains("<style> element") == true
    }
  }

  /// The built-in templates and the OpenList example's compile: every variant the server
  /// sends, once.
  @Test func everyServedVariantCompiles() throws {
    let renderer = try PageRenderer(table: try Fixtures.openlist())
    let count = try renderer.compileServedPages(
      inAppBrowsers: ["Instagram", "LINE"],
      storePings: true
    )
    #expect(count == renderer.table.routes.count * renderer.locales.count * (1 + 3 * 3 + 1))
    #expect(renderer.plans.count == count)
  }
}
