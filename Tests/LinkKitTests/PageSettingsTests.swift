import Foundation
import LinkKit
import Testing

/// The route table's optional `"pages"` section.
struct PageSettingsTests {
  static func table(pages: String) throws(RouteTableError) -> RouteTable {
    let json = """
      {
        "app": { "name": "OpenList", "scheme": "openlist", "domains": ["openlist.example.com"] },
        "pages": \(pages),
        "routes": [{ "name": "home", "scheme": "openlist://home", "universal": "/" }]
      }
      """
    return try RouteTable(json: Data(json.utf8), source: "test.json")
  }

  @Test func readsTheSection() throws {
    let table = try Self.table(
      pages: """
        {"templates": "templates", "image": "https://openlist.example.com/p.png?v=2",
         "imageAlt": "OpenList", "twitterSite": "@open_list", "themeColor": "#2F6FED"}
        """
    )
    let pages = try #require(table.pages)
    #expect(pages.templates == "templates")
    #expect(pages.image == "https://openlist.example.com/p.png?v=2")
    #expect(pages.imageAlt == "OpenList")
    #expect(pages.twitterSite == "@open_list")
    #expect(pages.themeColor == "#2F6FED")
    let empty = try #require(try Self.table(pages: "{}").pages)
    #expect(
      [empty.templates, empty.image, empty.imageAlt, empty.twitterSite, empty.themeColor].allSatisfy
      { $0 == nil }
    )
  }

  @Test func aTableWithoutTheSectionHasNone() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Examples/photos/linkgen.json")
    #expect(try RouteTable(contentsOf: url).pages == nil)
  }

  @Test(arguments: [
    (#"{"image": "javascript:alert(1)"}"#, "pages.image"),
    (#"{"image": "http://openlist.example.com/p.png"}"#, "pages.image"),
    (#"{"image": "https://user@evil.example/p.png"}"#, "pages.image"),
    (#"{"image": "https://openlist.example.com/a b.png"}"#, "pages.image"),
    (#"{"image": "https://openlist.example.com/\"onerror=x"}"#, "pages.image"),
    (#"{"image": "//openlist.example.com/p.png"}"#, "pages.image"),
    (#"{"image": "https://openlist.example.com/p.png", "imageAlt": "a\u202Eb"}"#, "pages.imageAlt"),
    (#"{"imageAlt": "no image"}"#, "pages.imageAlt"),
    (#"{"twitterSite": "openlist"}"#, "pages.twitterSite"),
    (#"{"twitterSite": "@open-list"}"#, "pages.twitterSite"),
    (#"{"themeColor": "red"}"#, "pages.themeColor"),
    (##"{"themeColor": "#12345g"}"##, "pages.themeColor"),
    (#"{"templates": ""}"#, "pages.templates"),
    (#"{"template": "x"}"#, "pages.template"),
    (#"{"image": 42}"#, "pages.image"),
  ])
  func refusesBadValues(pages: String, field: String) {
    #expect {
      try Self.table(pages: pages)
    } throws: { error in
      guard let error = error as? RouteTableError else { return false }
      return error.problems.contains { $0.field == field }
        && error.description.hasPrefix("test.json:3:")
    }
  }
}
