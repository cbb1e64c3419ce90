import LinkgenTestSupport
import Testing

@testable import LinkBatch

@Suite(.blockingWork)
struct NamePatternTests {
  let columns = ["id", "name", "code"]

  func name(_ pattern: String, _ fields: [String], row: Int = 7, line: Int = 9) throws -> String {
    try NamePattern(pattern, columns: columns).name(fields: fields, row: row, line: line)
  }

  @Test func fillsColumnsRowAndLine() throws {
    let fields = ["42", "Jane", "AB12"]
    #expect(try name("{code}-{name}", fields) == "AB12-Jane")
    #expect(try name("card {row} of line {line}", fields) == "card 7 of line 9")
    #expect(try name("{id}.png", fields) == "42")  // the extension comes from each format
    #expect(try name("{id}.SVG", fields) == "42")
    #expect(try name("{{{id}}}", fields) == "{42}")
  }

  @Test func numberedPatternsNeedNoDuplicateCheck() throws {
    #expect(try NamePattern("{row}", columns: columns).isUniquePerRow)
    #expect(try NamePattern("card-{line}.png", columns: columns).isUniquePerRow)
    #expect(try !NamePattern("{name}{row}", columns: columns).isUniquePerRow)
    #expect(try !NamePattern("{id}", columns: columns).isUniquePerRow)
  }

  @Test(arguments: [
    ("../../etc/passwd", "_.._.._etc_passwd"),
    ("a/b\\c", "a_b_c"),
    ("tab\there\u{7F}\u{85}", "tab_here__"),
    ("evil\u{202E}gnp.exe", "evil_gnp.exe"),
    ("zero\u{200B}width", "zero_width"),
    (".hidden", "_.hidden"),
    ("Zoë 東京", "Zoë 東京"),
  ])
  func makesValuesSafeFileNames(value: String, expected: String) throws {
    #expect(try name("{name}", ["1", value, "x"]) == expected)
  }

  @Test func emptyAndOverlongNamesFailTheRow() throws {
    #expect(throws: CSVRecordError.self) { try name("{name}", ["1", "", "x"]) }
    let long = String(repeating: "n", count: NamePattern.maximumBytes + 1)
    #expect(throws: CSVRecordError.self) { try name("{name}", ["1", long, "x"]) }
  }

  @Test(arguments: [
    ("{nmae}", "names '{nmae}', which is not a column of the CSV; the columns are id, name, code"),
    ("dir/{id}", "contains '/'"),
    ("{id", "has a '{' without '}'"),
    ("id}", "has a '}' without '{'"),
    ("card.png", "names no column"),
    ("", "is empty"),
    ("a\u{1}{id}", "contains a control character"),
  ])
  func rejectsBadPatterns(pattern: String, message: String) throws {
    let error = try #require(throws: BatchError.self) {
      try NamePattern(pattern, columns: columns)
    }
    #expect(error.code == .invalidNamePattern)
    #expect(error.message.contains(message), "\(error.message)")
  }
}
