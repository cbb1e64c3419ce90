import LinkKit
import LinkQR
import LinkgenTestSupport
import Testing

@testable import LinkServer

/// What `?qr=…` accepts: only the items the route leaves undeclared (the parser's ignored
/// query items, decoded), each at most once, each in range.
@Suite(.blockingWork)
struct QROptionTests {
  func options(_ query: String) -> Result<QRResponses.Options, QRRequestError>? {
    let items = query.split(separator: "&").map { item in
      let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return ParsedLink.QueryItem(
        name: String(parts[0]),
        value: parts.count > 1 ? String(parts[1]) : ""
      )
    }
    return QRResponses.options(items)
  }

  @Test func notAQRRequest() {
    #expect(options("utm_source=x").map { _ in true } == nil)
    #expect(QRResponses.options([]).map { _ in true } == nil)
  }

  /// Through the parser: a route that declares `q` keeps it; `qr` undeclared asks for a code.
  @Test func onlyUndeclaredItemsAreRead() throws {
    let parsed = try Pages.table.parse(
      "https://openlist.example.com/search?q=qr&qr=svg&qr-size=300"
    )
    let options = try #require(try QRResponses.options(parsed.ignoredQueryItems)?.get())
    #expect(options.format == .svg && options.size == 300)
  }

  @Test func goodOptions() throws {
    let plain = try #require(try options("qr=png")?.get())
    #expect(plain == QRResponses.Options())
    let full = try #require(
      try options(
        "qr=SVG&qr-size=512&qr-margin=0&qr-fg=#1a237e&qr-bg=ffffff&qr-ecc=h&utm_source=x"
      )?
      .get()
    )
    #expect(full.format == .svg && full.size == 512 && full.margin == 0)
    #expect(full.foreground == (try QRColor(parsing: "#1a237e")))
    #expect(full.errorCorrection == .high)
  }

  @Test(arguments: [
    "qr=gif", "qr=", "qr", "qr=png&qr=png", "qr=png&qr-size=63", "qr=png&qr-size=2049",
    "qr=png&qr-size=-1", "qr=png&qr-size=00512", "qr=png&qr-margin=17", "qr=png&qr-ecc=Z",
    "qr=png&qr-fg=#ccc", "qr=png&qr-fg=white&qr-bg=black", "qr=png&qr-fg=<script>",
    "qr=png&qr-bg=#000000", "qr=png&qr-size=", "qr=png&qr-size=100&qr-size=100",
    "qr=png&qr-ecc=L&qr-margin=2&qr-ecc=L", "qr-fg=black&qr=png&qr-fg=black",
  ])
  func badOptions(_ query: String) {
    guard case .failure = options(query) else {
      Issue.record("\(query) was accepted")
      return
    }
  }
}
