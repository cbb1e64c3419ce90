import Testing

@testable import LinkAssociation

/// The tolerant JSON reader: what it accepts, what it reports, where.
struct JSONReaderTests {
  private func read(_ text: String) -> JSONReader.Result {
    JSONReader.read(Array(text.utf8))
  }

  @Test func readsValidJSONWithoutFindings() throws {
    let result = read(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83d\ude00\n"], "b": {}}"#)
    #expect(result.findings.isEmpty)
    let root = try #require(result.root)
    #expect(root["a"]?.elements?.count == 6)
    #expect(root["a"]?.elements?[5].string == "xé😀\n")
    #expect(root["b"]?.members?.isEmpty == true)
  }

  @Test func commentsAreErrorsButSkipped() throws {
    let result = read("// header\n{\n  \"a\": 1, /* inline */\n  \"b\": 2 // end\n}\n")
    let root = try #require(result.root)
    #expect(root["b"] != nil)
    #expect(result.findings.count == 1)
    let finding = try #require(result.findings.first)
    #expect(finding.code == .invalidJSON)
    #expect(finding.line == 1)
    #expect(finding.message.contains("(3 in all)"))
  }

  @Test func trailingCommasAreErrorsButSkipped() throws {
    let result = read("{\"a\": [1, 2,],\n \"b\": 3,\n}")
    #expect(result.root?["b"] != nil)
    #expect(result.findings.map(\.code) == [.invalidJSON])
    #expect(result.findings.first?.message.contains("(2 in all)") == true)
  }

  @Test func aByteOrderMarkIsAWarning() {
    let result = JSONReader.read([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
    #expect(result.root != nil)
    #expect(result.findings.map(\.severity) == [.warning])
    #expect(result.findings.map(\.code) == [.byteOrderMark])
  }

  @Test func duplicateKeysAreErrorsAndTheLastWins() throws {
    let result = read("{\"a\": 1,\n \"a\": 2}")
    #expect(result.findings.map(\.code) == [.duplicateKey])
    #expect(result.findings.first?.line == 2)
    #expect(result.findings.first?.path == "a")
    let root = try #require(result.root)
    guard case .number(let value)? = root["a"]?.value else {
      Issue.record("expected a number")
      return
    }
    #expect(value == 2)
    #expect(root.members?.count == 1)
  }

  @Test func deepNestingStopsWithAnErrorInsteadOfOverflowingTheStack() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let result = read(deep)
    #expect(result.root == nil)
    #expect(result.findings.map(\.code) == [.tooDeep])
  }

  @Test(arguments: [
    ("", "the file is empty"),
    ("{\"a\": 1", "expected ',' or '}'"),
    ("{'a': 1}", "expected a key in double quotes"),
    ("{\"a\": 01}", "leading zero"),
    ("{\"a\": tru}", "expected a value"),
    ("{\"a\": \"x}", "not closed"),
    ("{\"a\": \"\\q\"}", "not valid JSON"),
    ("{} {}", "after the JSON value"),
    ("/* open", "comment is not closed"),
    ("[NaN]", "expected a value"),
  ])
  func syntaxErrorsStopTheReading(_ text: String, _ message: String) {
    let result = read(text)
    #expect(result.root == nil)
    #expect(
      result.findings.contains { $0.code == .invalidJSON && $0.message.contains(message) },
      "\(result.findings)"
    )
  }

  @Test func errorsNameLineAndColumn() {
    let result = read("{\n  \"a\": [1,\n  2 3]\n}")
    #expect(result.findings.first?.line == 3)
    #expect(result.findings.first?.message.contains("line 3, column 5") == true)
  }

  @Test func rawControlCharactersInStringsAreErrors() {
    let result = read("{\"a\": \"x\ty\"}")
    #expect(result.root?["a"]?.string == "x\ty")
    #expect(result.findings.map(\.code) == [.invalidJSON])
  }

  @Test func pathsQuoteKeysThatAreNotIdentifiers() {
    #expect(
      JSONPath.member("applinks.details[0].components[1]", "?")
        == #"applinks.details[0].components[1]["?"]"#
    )
    #expect(JSONPath.member("", "applinks") == "applinks")
    #expect(JSONPath.element("paths", 3) == "paths[3]")
  }
}
