import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen validate` warns when the table's `themeColor` cannot be shaded or tinted to the
/// contrast landing pages need (docs/pages.md), and stays silent for a colour that can.
@Suite struct ValidateColourTests {
  static func table(themeColor: String, in directory: TemporaryDirectory) throws -> String {
    let example = Linkgen.packageRoot.appendingPathComponent("Examples/openlist/linkgen.json")
    var table = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: example)) as? [String: Any]
    )
    var pages = try #require(table["pages"] as? [String: Any])
    pages["themeColor"] = themeColor
    table["pages"] = pages
    let file = directory.file("linkgen.json")
    try JSONSerialization.data(withJSONObject: table).write(to: file)
    return file.path
  }

  @Test func aColourNoShadeOrTintCanMakeReadableIsAWarningNotAnError() throws {
    let directory = try TemporaryDirectory()
    let result = try Linkgen.run(
      ["validate", "--config", try Self.table(themeColor: "#ffff00", in: directory)]
    )
    #expect(result.status == 0, "a warning, not an error: \(result.error)")
    #expect(
      result.error.contains("linkgen: warning: pages.themeColor #ffff00 has 1.07:1 against"),
      "\(result.error)"
    )
    #expect(result.error.contains("4.5:1"), "\(result.error)")
  }

  @Test(arguments: ["#2f6fed", "#000000", "#ff6600"])
  func aColourThatCanBeShadedIsSilent(color: String) throws {
    let directory = try TemporaryDirectory()
    let result = try Linkgen.run(
      ["validate", "--config", try Self.table(themeColor: color, in: directory)]
    )
    #expect(result.status == 0 && !result.error.contains("warning"), "\(color): \(result.error)")
  }
}
