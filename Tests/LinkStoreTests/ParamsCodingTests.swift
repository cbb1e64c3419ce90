import Foundation
import LinkKit
import Testing

@testable import LinkStore

/// The stored values' JSON, written by hand, is what `JSONEncoder` writes and reads back.
@Suite struct ParamsCodingTests {
  @Test(arguments: [
    // The table refuses control characters and empty text: the rest of what JSON escapes.
    "plain", "a/b", "quote \" and \\ backslash", "ünïcødé ✓ 😀", "{\"json\": [1, 2]}",
  ])
  func matchesJSONEncoder(query: String) throws {
    let values = try Tables.openlist.values(
      for: "search",
      arguments: ["query": query, "from": "home/page"]
    )
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var object: [String: String] = [:]
    for (parameter, value) in values.all {
      if let value { object[parameter.name] = value.description }
    }
    let expected = String(decoding: try encoder.encode(object), as: UTF8.self)
    #expect(ParamsCoding.encode(values) == expected)
    #expect(ParamsCoding.decode(ParamsCoding.encode(values)) == object)
  }
}
