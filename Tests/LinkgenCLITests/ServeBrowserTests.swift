import Foundation
import LinkgenTestSupport
import Testing

/// Pages served by `linkgen serve`, loaded over HTTP by headless Chromium.
@Suite(.blockingWork, .serialized, .enabled(if: Chromium.path != nil, "\(Chromium.missing)"))
struct ServeBrowserTests {
  /// The desktop page loads with no Content-Security-Policy report (header and meta policy
  /// both apply), and its QR code, as Chromium draws it, scans as the universal link.
  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg is absent; skipped"))
  func theDesktopPageLoadsCleanAndItsQRCodeScans() throws {
    let server = try ServerProcess()
    let scratch = try TemporaryDirectory()
    let folder = scratch.url
    let url = server.url(ServeTests.page)
    let (dom, log) = try Chromium.dumpDOM(url: url)
    #expect(!log.contains("Content Security Policy"), "CSP violation: \(log)")
    #expect(dom.contains("<title>A shared checklist</title>"))
    #expect(dom.contains("id=\"qr\""))
    let png = folder.appendingPathComponent("desktop.png")
    try Chromium.screenshot(url: url, to: png, width: 1280, height: 1600)
    #expect(try Scanner.decode(png: png) == ServeTests.link)
    // The QR image itself, loaded by the browser as an image.
    let image = folder.appendingPathComponent("qr.png")
    try Chromium.screenshot(
      url: server.url("\(ServeTests.page)?qr=png&qr-size=400"),
      to: image,
      width: 600,
      height: 600
    )
    #expect(try Scanner.decode(png: image) == ServeTests.link)
    #expect(server.stop() == 0)
  }

  /// Instagram's page runs its one script, allowed by hash (the hidden Copy button is
  /// revealed), with no CSP report; the 404 page and the crawler card load clean too.
  @Test func thePagesWithAndWithoutScriptLoadClean() throws {
    let server = try ServerProcess()
    let instagram = try Chromium.dumpDOM(
      url: server.url(ServeTests.page),
      userAgent: UserAgent.instagramIOS
    )
    #expect(!instagram.log.contains("Content Security Policy"), "CSP violation: \(instagram.log)")
    let button = try #require(
      instagram.dom.range(of: "<button[^>]*id=\"copy\"[^>]*>", options: .regularExpression),
      "no copy button"
    )
    #expect(!instagram.dom[button].contains("hidden"), "the copy-link script did not run")
    #expect(instagram.dom.contains("id=\"escape\" href=\"instagram://extbrowser/?url="))
    for (path, agent) in [
      ("/nowhere/%3Cscript%3E", UserAgent.iPhoneSafari),
      (ServeTests.page, UserAgent.facebookCrawler),
    ] {
      let (dom, log) = try Chromium.dumpDOM(url: server.url(path), userAgent: agent)
      #expect(!log.contains("Content Security Policy"), "CSP violation on \(path): \(log)")
      #expect(dom.contains("</html>") || dom.contains("</body>"))
    }
    #expect(server.stop() == 0)
  }
}
