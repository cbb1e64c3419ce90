import Testing

@testable import LinkKit

/// The JSON reader shared by the route table loader and the association file readers: what it
/// accepts, what it reports, where.
struct JSONReaderTests {
  private func read(_ text: String) -> JSONReader.Result {
    JSONReader.read(Array(text.utf8))
  }

  @Test func readsValidJSONWithoutIssues() throws {
    let result = read(#"{"a": [1, -2.5e3, true, false, null, "x\u00e9\ud83d\ude00\n"], "b": {}}"#)
    #expect(result.issues.isEmpty)
    let root = try #require(result.root)
    #expect(root["a"]?.elements?.count == 6)
    #expect(root["a"]?.elements?[5].string == "xé😀\n")
    #expect(root["b"]?.members?.isEmpty == true)
  }

  @Test func commentsAreErrorsButSkipped() throws {
    let result = read("// header\n{\n  \"a\": 1, /* inline */\n  \"b\": 2 // end\n}\n")
    let root = try #require(result.root)
    #expect(root["b"] != nil)
    #expect(result.issues.count == 1)
    let issue = try #require(result.issues.first)
    #expect(issue.kind == .comment)
    #expect(issue.line == 1 && issue.column == 1)
    #expect(issue.message.contains("(3 in all)"))
  }

  @Test func trailingCommasAreErrorsButSkipped() throws {
    let result = read("{\"a\": [1, 2,],\n \"b\": 3,\n}")
    #expect(result.root?["b"] != nil)
    #expect(result.issues.map(\.kind) == [.trailingComma])
    #expect(result.issues.first?.message.contains("(2 in all)") == true)
    #expect(result.issues.first.map { ($0.line, $0.column) } ?? (0, 0) == (1, 12))
  }

  @Test func aByteOrderMarkIsReportedAndSkipped() {
    let result = JSONReader.read([0xEF, 0xBB, 0xBF] + Array("{}".utf8))
    #expect(result.root != nil)
    #expect(result.issues.map(\.kind) == [.byteOrderMark])
  }

  @Test func duplicateKeysAreReportedAndTheLastWins() throws {
    let result = read("{\"a\": 1,\n \"a\": 2}")
    #expect(result.issues.map(\.kind) == [.duplicateKey])
    #expect(result.issues.first?.line == 2)
    #expect(result.issues.first?.column == 2)
    #expect(result.issues.first?.path == "a")
    let root = try #require(result.root)
    #expect(root["a"]?.integer == 2)
    #expect(root.members?.count == 1)
  }

  @Test func deepNestingStopsWithAnErrorInsteadOfOverflowingTheStack() {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let result = read(deep)
    #expect(result.root == nil)
    #expect(result.issues.map(\.kind) == [.tooDeep])
  }

  @Test(arguments: [
    ("", "the file is not valid JSON: it is empty"),
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
      result.issues.contains { $0.kind == .syntax && $0.message.contains(message) },
      "\(result.issues)"
    )
  }

  @Test func detailsLeaveTheSubjectToTheCaller() {
    // A table file's message names the file; the detail is for callers that read something
    // else (a request body, a download) and name it themselves.
    let truncated = read("{\"a\": ")
    #expect(
      truncated.issues.map(\.message) == [
        "the file is not valid JSON: it ends in the middle of a value"
      ]
    )
    #expect(truncated.issues.map(\.detail) == ["it ends in the middle of a value"])
    let comma = read("[1,]")
    #expect(
      comma.issues.map(\.detail)
        == [
          "it has a trailing comma before a closing bracket, which JSON does not allow, first on line 1"
        ]
    )
    let twice = read("{\"a\": 1, \"a\": 2}")
    #expect(twice.issues.map(\.detail) == twice.issues.map(\.message))
  }

  @Test func errorsNameLineAndColumn() {
    let result = read("{\n  \"a\": [1,\n  2 3]\n}")
    #expect(result.issues.first.map { ($0.line, $0.column) } ?? (0, 0) == (3, 5))
  }

  @Test func rawControlCharactersInStringsAreErrors() {
    let result = read("{\"a\": \"x\ty\"}")
    #expect(result.root?["a"]?.string == "x\ty")
    #expect(result.issues.map(\.kind) == [.controlCharacter])
  }

  @Test func nodesKnowTheirLineAndColumn() throws {
    let root = try #require(read("{\n  \"a\": [1,\n    \"é\", 9223372036854775807]\n}").root)
    let elements = try #require(root["a"]?.elements)
    #expect((elements[1].line, elements[1].column) == (3, 5))
    #expect(elements[2].integer == Int.max)
    #expect(elements[0].number == 1)
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
