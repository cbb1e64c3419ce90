import LinkgenTestSupport
import Testing

@testable import LinkBatch

@Suite(.blockingWork)
struct ManifestCellTests {
  @Test(arguments: [
    ("https://a.example/x?y=1&z=2", "https://a.example/x?y=1&z=2"),
    ("a,b", "\"a,b\""),
    ("say \"hi\"", "\"say \"\"hi\"\"\""),
    ("two\nlines", "\"two\nlines\""),
    ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
    ("+1", "'+1"), ("-1", "'-1"), ("@sum", "'@sum"), ("", ""),
  ])
  func quotesAndDefusesFormulas(text: String, cell: String) {
    #expect(ManifestWriter.csvCell(text) == cell)
  }
}
