import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// Paths and tables the tests share.
enum Fixtures {
  static let root = PackagePaths.root
  static let openlistURL = PackagePaths.example("openlist")
  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  static let uuid = UUID(
    uuid: (
      0x3F, 0x25, 0x04, 0xE0, 0x4F, 0x89, 0x11, 0xD3, 0x9A, 0x0C, 0x03, 0x05, 0xE8, 0x2C, 0x33, 0x01
    )
  )

  /// The OpenList example as it is (with its `pages` section and templates folder).
  static func openlist() throws -> RouteTable {
    try RouteTable(contentsOf: openlistURL)
  }

  /// The OpenList example without its `pages` section: built-in templates only.
  static func builtInOnly() throws -> RouteTable {
    try table(editing: { $0["pages"] = nil })
  }

  /// The OpenList example with the JSON object edited.
  static func table(editing edit: (inout [String: Any]) -> Void) throws -> RouteTable {
    let data = try Data(contentsOf: openlistURL)
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    edit(&object)
    return try RouteTable(json: try JSONSerialization.data(withJSONObject: object))
  }

  static func values(
    _ table: RouteTable,
    _ route: String = "shared-checklist",
    _ arguments: [String: String]? = nil
  )
    throws -> RouteValues
  {
    try table.values(for: route, arguments: arguments ?? ["id": id])
  }

  static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(),
      withIntermediateDirectories: true
    )
    try Data(text.utf8).write(to: url)
  }
}

/// Hostile display values: each would break out of its context if it were not escaped for it.
enum Hostile {
  static let values: [String] = [
    "\"><script>document.title='PWNED'</script>",
    "'><img src=x onerror=\"document.body.dataset.pwned=1\">",
    "javascript:alert(1)",
    ", app-id=666",
    "\u{202E}lmth.exe\u{202C} Ada",
    "Ada\r\nBcc: evil@example.com",
    "</script><script>document.title='PWNED'</script>",
    "</style><style>body{display:none}</style>",
    "{{links.universal}} {{{json.data}}} {{#route}}x{{/route}} {{>page}}",
    "]]><!-- -->&lt;&amp;&#x3C;",
    "zero\u{200B}width\u{FEFF}\u{2060}text",
    "line\u{2028}separator\u{0085}next",
    "data:text/html,<script>alert(1)</script>",
  ]
}

/// HTML parsed by Python's `html.parser` (HTML5 rules for raw text elements such as
/// `<script>` and `<style>`, character references decoded), run once per batch.
struct ParsedHTML: Decodable {
  struct Element: Decodable {
    let tag: String
    let attrs: [[String]]
    let text: String

    func attribute(_ name: String) -> String? { attrs.first { $0[0] == name }?[1] }
    /// The element without its free-text attribute values: tag and structural attributes.
    var shape: String {
      let structural = attrs.filter {
        ["id", "class", "name", "property", "rel", "http-equiv", "type", "lang", "role"].contains(
          $0[0]
        )
      }
      return tag + "[" + attrs.map { $0[0] }.joined(separator: ",") + "]"
        + structural.map { "\($0[0])=\($0[1])" }.joined(separator: ";")
    }
  }

  let elements: [Element]
  let comments: [String]

  func elements(_ tag: String) -> [Element] { elements.filter { $0.tag == tag } }
  func element(id: String) -> Element? { elements.first { $0.attribute("id") == id } }
  func meta(_ key: String) -> [String] {
    elements("meta").filter { $0.attribute("name") == key || $0.attribute("property") == key }
      .compactMap { $0.attribute("content") }
  }

  static let script = #"""
    import sys, json
    from html.parser import HTMLParser
    VOID = {"area","base","br","col","embed","hr","img","input","link","meta","source","track","wbr"}
    class Parser(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.elements, self.stack, self.comments = [], [], []
        def add(self, tag, attrs, push):
            element = {"tag": tag, "attrs": [[k, v or ""] for k, v in attrs], "text": ""}
            self.elements.append(element)
            if push and tag not in VOID:
                self.stack.append(element)
        def handle_starttag(self, tag, attrs): self.add(tag, attrs, True)
        def handle_startendtag(self, tag, attrs): self.add(tag, attrs, False)
        def handle_endtag(self, tag):
            for i in range(len(self.stack) - 1, -1, -1):
                if self.stack[i]["tag"] == tag:
                    del self.stack[i:]
                    break
        def handle_data(self, data):
            for element in self.stack:
                element["text"] += data
        def handle_comment(self, data): self.comments.append(data)
    out = []
    for document in json.load(sys.stdin):
        parser = Parser()
        parser.feed(document)
        parser.close()
        out.append({"elements": parser.elements, "comments": parser.comments})
    json.dump(out, sys.stdout)
    """#

  /// Whether python3 is on the PATH (the structure tests skip without it).
  static let python: String? = {
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(
      separator: ":"
    ) {
      let path = "\(directory)/python3"
      if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
  }()

  static func parse(_ documents: [String]) throws -> [ParsedHTML] {
    let python = try #require(Self.python, "python3 is needed to parse the generated HTML")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = ["-c", script]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    let payload = try JSONSerialization.data(withJSONObject: documents)
    input.fileHandleForWriting.write(payload)
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return try JSONDecoder().decode([ParsedHTML].self, from: data)
  }
}
