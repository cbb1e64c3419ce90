import LinkQR
import Testing

@testable import LinkServer

/// What `?qr=…` accepts: only the items the route leaves undeclared, each at most once, each
/// in range.
struct QROptionTests {
  static let ignored = ["qr", "qr-size", "qr-margin", "qr-fg", "qr-bg", "qr-ecc", "utm_source"]

  func options(_ query: String, ignored: [String] = ignored) -> Result<
    QRResponses.Options, QRRequestError
  >? {
    QRResponses.options(query: Substring(query), ignored: ignored)
  }

  @Test func notAQRRequest() {
    #expect(options("utm_source=x", ignored: ["utm_source"]).map { _ in true } == nil)
    #expect(QRResponses.options(query: nil, ignored: []).map { _ in true } == nil)
    // A route that declares `qr` itself: the item is the route's, not a QR request.
    #expect(options("qr=png", ignored: []).map { _ in true } == nil)
  }

  @Test func goodOptions() throws {
    let plain = try #require(try options("qr=png")?.get())
    #expect(plain == QRResponses.Options())
    let full = try #require(
      try options(
        "qr=SVG&qr-size=512&qr-margin=0&qr-fg=%231a237e&qr-bg=ffffff&qr-ecc=h&utm_source=x"
      )?.get()
    )
    #expect(full.format == .svg && full.size == 512 && full.margin == 0)
    #expect(full.foreground == (try QRColor(parsing: "#1a237e")))
    #expect(full.errorCorrection == .high)
  }

  @Test(arguments: [
    "qr=gif", "qr=", "qr", "qr=png&qr=png", "qr=png&qr-size=63", "qr=png&qr-size=2049",
    "qr=png&qr-size=-1", "qr=png&qr-size=00512", "qr=png&qr-margin=17", "qr=png&qr-ecc=Z",
    "qr=png&qr-fg=%ZZ", "qr=png&qr-fg=%23ccc", "qr=png&qr-fg=white&qr-bg=black",
    "qr=png&qr-fg=%3Cscript%3E", "qr=png&qr-bg=%23000000",
  ])
  func badOptions(_ query: String) {
    guard case .failure = options(query) else {
      Issue.record("\(query) was accepted")
      return
    }
  }

  @Test func percentDecoding() {
    #expect(QRResponses.percentDecoded("%231a237e") == "#1a237e")
    #expect(QRResponses.percentDecoded("a+b") == "a+b")
    #expect(QRResponses.percentDecoded("%") == nil)
    #expect(QRResponses.percentDecoded("%FF") == nil)
  }
}
