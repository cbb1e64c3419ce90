import Foundation
import LinkgenTestSupport
import Testing

/// Landing pages written by `linkgen page`, opened in headless Chromium.
@Suite(.blockingWork, .serialized, .enabled(if: Chromium.path != nil, "\(Chromium.missing)"))
struct BrowserTests {
  static let id = PagesCLITests.id
  static let link = PagesCLITests.link
  /// Would set the title to PWNED, mark the body, or add text if it ever ran.
  static let hostile = [
    "\"><script>document.title='PWN'+'ED'</script>",
    "'><img src=x onerror=\"document.body.dataset.pwned=1\">",
    "</title><script>document.body.append('INJECTED'+'RAN')</script>",
    "\u{202E}, app-id=666\r\njavascript:alert(1) {{links.scheme}}",
  ].joined(separator: " ")

  let scratch: TemporaryDirectory
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryDirectory() }

  func page(_ name: String, _ extra: [String]) throws -> URL {
    let out = folder.appendingPathComponent(name)
    let result = try Linkgen.run(
      ["page", "shared-checklist", "--id", Self.id, "--out", out.path] + extra
        + PagesCLITests.config
    )
    #expect(result.status == 0, "\(result.error)")
    return out
  }

  @Test func theLandingPageRendersItsTagsButtonsAndStoreLinks() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try page("page.html", ["--field", "inviter=Ada", "--field", "title=Groceries"])
    let (dom, log) = try Chromium.dumpDOM(file)
    #expect(!log.contains("Content Security Policy"), "CSP violation: \(log)")
    for expected in [
      "<title>Groceries</title>",
      "<meta name=\"apple-itunes-app\" content=\"app-id=1234567890, app-argument=\(Self.link)\">",
      "<meta property=\"og:title\" content=\"Groceries\">",
      "<meta property=\"og:url\" content=\"\(Self.link)\">",
      "<meta property=\"og:image\" content=\"https://openlist.example.com/images/preview.png\">",
      "<meta name=\"twitter:card\" content=\"summary_large_image\">",
      "<meta name=\"twitter:app:id:iphone\" content=\"1234567890\">",
      "<meta name=\"twitter:app:id:googleplay\" content=\"com.example.openlist\">",
      "<a class=\"button open\" id=\"open\" href=\"openlist://shared-checklists?shared-checklistId=\(Self.id)\">Open in OpenList</a>",
      "id=\"app-store\" href=\"https://apps.apple.com/app/id1234567890\"",
      "id=\"play-store\" href=\"https://play.google.com/store/apps/details?id=com.example.openlist&amp;referrer=",
      "id=\"open-android\" href=\"intent://shared-checklists?shared-checklistId=\(Self.id)#Intent;scheme=openlist;package=com.example.openlist;S.browser_fallback_url=https%3A%2F%2Fplay.google.com",
    ] {
      #expect(dom.contains(expected), "missing \(expected)")
    }
    #expect(!dom.contains("http-equiv=\"refresh\""))
  }

  @Test func hostileFieldsNeitherRunNorBreakTheMarkup() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let benign = try Chromium.dumpDOM(
      try page("benign.html", ["--field", "inviter=Ada", "--field", "title=Groceries"])
    )
    let hostileFile = try page(
      "hostile.html",
      ["--field", "inviter=\(Self.hostile)", "--field", "title=\(Self.hostile)"]
    )
    let hostile = try Chromium.dumpDOM(hostileFile)
    // No CSP report: nothing injected even reached the point where the policy had to block it.
    #expect(!hostile.log.contains("Content Security Policy"), "CSP violation: \(hostile.log)")
    // Escaping alone holds: the same page without its Content-Security-Policy runs nothing.
    let html = try String(contentsOf: hostileFile, encoding: .utf8)
    let withoutPolicy = html.split(separator: "\n").filter {
      !$0.contains("Content-Security-Policy")
    }
    .joined(separator: "\n")
    #expect(withoutPolicy != html)
    let unprotected = folder.appendingPathComponent("no-csp.html")
    try Data(withoutPolicy.utf8).write(to: unprotected)
    let bare = try Chromium.dumpDOM(unprotected)
    for (dom, removed) in [(hostile.dom, 0), (bare.dom, 1)] {
      #expect(!dom.contains("PWNED") && !dom.contains("data-pwned") && !dom.contains("INJECTEDRAN"))
      #expect(count("<script", in: dom) == 1)
      #expect(count("<img", in: dom) == 0)
      for tag in ["<meta ", "<a ", "<h1", "<section", "<title>", "<style>"] {
        let expected = count(tag, in: benign.dom) - (tag == "<meta " ? removed : 0)
        #expect(count(tag, in: dom) == expected, "\(tag) count changed")
      }
      #expect(dom.contains("content=\"app-id=1234567890, app-argument=\(Self.link)\""))
    }
  }

  /// Controls that show the checks above can fail: without a policy an injected script does
  /// run, and a stylesheet the policy does not list is reported.
  @Test func theDetectorsWork() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let html = try String(contentsOf: try page("page.html", []), encoding: .utf8)
    let injected = html.split(separator: "\n").filter { !$0.contains("Content-Security-Policy") }
      .joined(separator: "\n").replacingOccurrences(
        of: "<main>",
        with: "<main><script>document.title='PWN'+'ED'</script>"
      )
    let scripted = folder.appendingPathComponent("scripted.html")
    try Data(injected.utf8).write(to: scripted)
    #expect(try Chromium.dumpDOM(scripted).dom.contains("<title>PWNED</title>"))
    let tampered = folder.appendingPathComponent("tampered.html")
    try Data(
      html.replacingOccurrences(of: "box-sizing: border-box", with: "box-sizing: content-box").utf8
    )
    .write(to: tampered)
    #expect(
      try Chromium.dumpDOM(tampered).log.contains(
        "violates the following Content Security Policy directive 'style-src"
      )
    )
  }

  @Test func phoneSizedScreenshot() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try page(
      "page.html",
      ["--field", "inviter=지민", "--field", "title=장보기", "--locale", "ko"]
    )
    let png = folder.appendingPathComponent("page.png")
    try Chromium.screenshot(file, to: png)
    let data = try Data(contentsOf: png)
    #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    // IHDR: width and height, big-endian, at bytes 16–23.
    let size = data.count >= 24 ? (be32(data, 16), be32(data, 20)) : (0, 0)
    #expect(size == (390, 844))
    #expect(data.count > 10_000)
  }

  /// The desktop section's QR code, drawn by Chromium, scans as the universal link.
  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg is absent; skipped"))
  func theInlineQRCodeScans() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = try page("desktop.html", ["--field", "title=Groceries"])
    let html = try String(contentsOf: file, encoding: .utf8)
    #expect(html.contains("<svg") && html.contains("shape-rendering=\"crispEdges\""))
    let png = folder.appendingPathComponent("desktop.png")
    try Chromium.screenshot(file, to: png, width: 1280, height: 1600)
    #expect(try Scanner.decode(png: png) == Self.link)
  }

  private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  private func be32(_ data: Data, _ offset: Int) -> Int {
    data[data.startIndex + offset..<data.startIndex + offset + 4].reduce(0) { $0 << 8 | Int($1) }
  }
}
