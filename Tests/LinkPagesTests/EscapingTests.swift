import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkKit
@testable import LinkPages

/// Hostile display fields and parameter values through every HTML template and context,
/// checked by parsing the output with a real HTML parser.
@Suite(
  .blockingWork,
  .enabled(
    if: ParsedHTML.python != nil,
    "python3 is not on the PATH; skipping the HTML structure tests"
  )
)
struct EscapingTests {
  let table: RouteTable
  let renderer: PageRenderer

  init() throws {
    table = try Fixtures.builtInOnly()
    renderer = try PageRenderer(table: table)
  }

  static let benign = ["inviter": "Ada", "title": "Groceries", "note": "See you"]

  static func hostileFields(_ value: String) -> [String: String] {
    ["inviter": value, "title": value, "note": value]
  }

  @Test(arguments: [Platform.any, .ios, .android], ["en", "ko"])
  func landingPageMarkupSurvivesHostileFields(platform: Platform, locale: String) throws {
    let values = try Fixtures.values(table)
    var documents = [
      try renderer.landingPage(for: values, locale: locale, fields: Self.benign, platform: platform)
    ]
    for hostile in Hostile.values {
      documents.append(
        try renderer.landingPage(
          for: values,
          locale: locale,
          fields: Self.hostileFields(hostile),
          platform: platform
        )
      )
    }
    let pages = try ParsedHTML.parse(documents)
    let reference = pages[0].elements.map(\.shape)
    for (hostile, page) in zip(Hostile.values, pages.dropFirst()) {
      let clean = PlainText.clean(hostile)
      #expect(
        page.elements.map(\.shape) == reference,
        "the markup changed for \(hostile.debugDescription)"
      )
      #expect(page.comments.isEmpty)
      #expect(page.element(id: "title")?.text == clean)
      #expect(page.elements("title").map(\.text) == [clean])
      #expect(page.meta("og:title") == [clean])
      #expect(page.meta("twitter:title") == [clean])
      try checkScriptsAndLinks(page, fields: ["inviter": clean, "title": clean, "note": clean])
      try checkSmartBanner(page, values: values)
    }
  }

  /// A template that would print a per-link value unescaped (`{{{fields.title}}}`) is refused
  /// when its page is compiled, naming the file and line, rather than printing the value raw.
  @Test func anUnescapedPerLinkValueIsRefusedWithItsFileAndLine() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.write(
      "{{<page-layout}}\n{{$desktop}}{{{fields.title}}}{{/desktop}}\n{{/page-layout}}",
      to: folder.appendingPathComponent("en/page.mustache")
    )
    let careless = try PageRenderer(table: table, templatesDirectory: folder)
    let values = try Fixtures.values(table)
    #expect {
      try careless.landingPage(for: values, fields: Self.hostileFields(Hostile.values[0]))
    } throws: { error in
      let error = try #require(error as? PageError)
      return error.code == .templateSyntax
        && error.message.contains("en/page.mustache:2:")
        && error.message.contains("{{{fields.title}}}")
    }
  }

  @Test func hostileParameterValuesStayInTheirContexts() throws {
    let hostile = "\"><script>document.title='PWNED'</script>, app-id=666 & {{x}}"
    let values = try table.values(
      for: "search",
      arguments: ["query": hostile, "from": "', app-id=1"]
    )
    let benign = try table.values(for: "search", arguments: ["query": "milk", "from": "home"])
    let pages = try ParsedHTML.parse([
      try renderer.landingPage(for: benign), try renderer.landingPage(for: values),
    ])
    #expect(pages[1].elements.map(\.shape) == pages[0].elements.map(\.shape))
    try checkScriptsAndLinks(pages[1], fields: [:])
    try checkSmartBanner(pages[1], values: values)
    let json = try jsonData(pages[1])
    #expect((json["params"] as? [String: String])?["query"] == hostile)
  }

  @Test func hostileAppIdentityTextIsEscaped() throws {
    let table = try Fixtures.table {
      var app = $0["app"] as? [String: Any] ?? [:]
      app["name"] = "Open\"><script>document.title='PWNED'</script>"
      $0["app"] = app
      $0["pages"] = nil
    }
    let renderer = try PageRenderer(table: table)
    let values = try Fixtures.values(table)
    let reference = try renderer.landingPage(for: try Fixtures.values(try Fixtures.builtInOnly()))
    let pages = try ParsedHTML.parse([reference, try renderer.landingPage(for: values)])
    #expect(pages[1].elements.map(\.shape) == pages[0].elements.map(\.shape))
    #expect(pages[1].meta("og:site_name") == ["Open\"><script>document.title='PWNED'</script>"])
    #expect(pages[1].elements("script").count == 1)
  }

  @Test func bannerSnippetSurvivesHostileFields() throws {
    let values = try Fixtures.values(table)
    for platform in Platform.allCases {
      var documents = [
        try renderer.bannerSnippet(for: values, fields: Self.benign, platform: platform)
      ]
      for hostile in Hostile.values {
        documents.append(
          try renderer.bannerSnippet(
            for: values,
            fields: Self.hostileFields(hostile),
            platform: platform
          )
        )
      }
      let banners = try ParsedHTML.parse(documents)
      for (hostile, banner) in zip(Hostile.values, banners.dropFirst()) {
        #expect(banner.elements.map(\.shape) == banners[0].elements.map(\.shape))
        #expect(banner.elements("script").isEmpty)
        #expect(banner.elements("span").first?.text == "OpenList" + PlainText.clean(hostile))
        let open = try #require(banner.elements("a").first?.attribute("href"))
        #expect(open.hasPrefix(platform == .android ? "intent://" : "openlist://"))
      }
    }
  }

  @Test func smartBannerMetaHasExactlyTheTwoKeys() throws {
    let meta = try renderer.smartBannerMeta(for: try Fixtures.values(table))
    #expect(
      meta
        == "<meta name=\"apple-itunes-app\" content=\"app-id=1234567890, app-argument="
        + "https://openlist.example.com/shared-checklists/\(Fixtures.id)\">\n"
    )
    let parsed = try ParsedHTML.parse([meta])[0]
    try checkSmartBanner(parsed, values: try Fixtures.values(table))
  }

  @Test func smartBannerContentEncodesWhatWouldAddAKey() {
    let content = RenderContext.smartBannerContent(
      appID: "1234567890",
      link: "https://a.example/x, app-id=666,\"'q"
    )
    #expect(
      content == "app-id=1234567890, app-argument=https://a.example/x%2C%20app-id=666%2C%22%27q"
    )
    #expect(RenderContext.smartBannerContent(appID: "12a", link: "https://a.example/") == nil)
    #expect(RenderContext.smartBannerContent(appID: "", link: "https://a.example/") == nil)
  }

  /// The Android store intent replaces the fallback of an intent that carries the marker and
  /// ends with `;end` (as characters: a non-ASCII scalar before `;` that joins it to a character,
  /// U+0600, leaves the intent as it is), and keeps any other intent whole.
  @Test(arguments: [
    ("intent://x#Intent;scheme=a;S.browser_fallback_url=https%3A%2F%2Fw;end", true),
    ("intent://x\u{E9}#Intent;S.browser_fallback_url=w\u{E9};end", true),
    ("intent://x#Intent;S.browser_fallback_url=w\u{600};end", false),
    ("intent://x#Intent;S.browser_fallback_url=w;en", false),
    ("intent://x#Intent;scheme=a;end", false),
    (";end", false),
  ])
  func androidStoreIntentReplacesOnlyAWellFormedFallback(intent: String, replaced: Bool) throws {
    let table = try Fixtures.openlist()
    let links = LinkSet(
      scheme: "openlist://x",
      universal: "https://openlist.example.com/x",
      appStore: nil,
      appStoreApp: nil,
      playStore: "https://play.example/d?id=a&r=b",
      androidIntent: intent,
      web: "https://openlist.example.com/x"
    )
    let context = try RenderContext(
      table: table,
      values: try Fixtures.values(table),
      locale: "en",
      fields: [:],
      platform: .android,
      links: links
    )
    let marker = ";S.browser_fallback_url="
    let expected =
      replaced
      ? String(intent[..<intent.range(of: marker)!.upperBound])
        + "https%3A%2F%2Fplay.example%2Fd%3Fid%3Da%26r%3Db;end"
      : intent
    #expect(context.androidStoreIntent == expected)
  }

  /// The byte-by-byte banner (ASCII links) writes what the character-by-character encoding
  /// writes, for links made of pieces that need it and pieces that do not, ASCII or not.
  @Test func smartBannerContentMatchesEncodingCharacterByCharacter() {
    let pieces = [
      "https://a.example/", ",", "\"", "'", " ", "%2C", "?q=1&b=2", "é", "e\u{301}", ",\u{301}",
      "👩‍💻", "\u{600}", ";end", "x",
    ]
    var random = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let link = (0..<Int.random(in: 0...8, using: &random))
        .map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
      let argument = RenderContext.bannerArgument(byCharacter: link)
      let content = RenderContext.smartBannerContent(appID: "42", link: link)
      #expect(content == "app-id=42, app-argument=\(argument)", "link: \(link)")
    }
  }

  @Test func qrSVGIsInlinedWhenPlainAndRefusedOtherwise() throws {
    let svg = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">
      <!-- QR code --><title>QR code of https://openlist.example.com/?a=1&amp;b=2</title>
      <rect width="29" height="29" fill="#fff"/><path d="M4 4h7v1H4z" fill="#000"/></svg>
      """
    let values = try Fixtures.values(table)
    let page = try ParsedHTML.parse([try renderer.landingPage(for: values, qrSVG: svg)])[0]
    let qr = try #require(page.element(id: "qr"))
    #expect(qr.text.contains("QR code of https://openlist.example.com/?a=1&b=2"))
    #expect(page.elements("svg").count == 1)
    #expect(page.elements("path").first?.attribute("d") == "M4 4h7v1H4z")
    for unsafe in [
      "<svg><script>alert(1)</script></svg>",
      "<svg onload=\"alert(1)\"></svg>",
      "<svg><a href=\"javascript:alert(1)\"><rect/></a></svg>",
      "<svg><foreignObject><p>x</p></foreignObject></svg>",
      "<svg><style>*{}</style></svg>",
      "<svg><rect fill=\"url(javascript:x)\"/></svg>",
      "<!DOCTYPE svg [<!ENTITY x \"y\">]><svg>&x;</svg>",
      "<svg>&x;</svg>",
      "<p>not svg</p>",
    ] {
      #expect(throws: PageError.self, "\(unsafe)") {
        try renderer.landingPage(for: values, qrSVG: unsafe)
      }
    }
  }

  // MARK: Checks

  private func jsonData(_ page: ParsedHTML) throws -> [String: Any] {
    let scripts = page.elements("script")
    #expect(scripts.count == 1)
    #expect(scripts.first?.attribute("type") == "application/json")
    let text = try #require(scripts.first?.text)
    return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  /// One JSON data block holding the fields; no event handlers; every link allowed.
  private func checkScriptsAndLinks(_ page: ParsedHTML, fields: [String: String]) throws {
    let json = try jsonData(page)
    #expect((json["fields"] as? [String: String]) == fields)
    for element in page.elements {
      for attribute in element.attrs {
        #expect(!attribute[0].hasPrefix("on"), "event handler on <\(element.tag)>")
        #expect(attribute[0] != "style" && attribute[0] != "src")
      }
      if let href = element.attribute("href") {
        let allowed = ["https://", "openlist://", "intent://"].contains { href.hasPrefix($0) }
        #expect(allowed, "href \(href)")
      }
    }
    #expect(page.elements("img").isEmpty && page.elements("iframe").isEmpty)
    #expect(page.meta("refresh").isEmpty)
    #expect(
      !page.elements("meta").contains { $0.attribute("http-equiv")?.lowercased() == "refresh" }
    )
  }

  /// `apple-itunes-app` holds exactly app-id and app-argument, and the argument is linkgen's
  /// canonical universal link for the values.
  private func checkSmartBanner(_ page: ParsedHTML, values: RouteValues) throws {
    let content = try #require(page.meta("apple-itunes-app").first)
    let pairs = content.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(pairs.map { $0.prefix { $0 != "=" } } == ["app-id", "app-argument"])
    #expect(pairs.first == "app-id=1234567890")
    let argument = String(pairs.last?.drop { $0 != "=" }.dropFirst() ?? "")
    #expect(argument == (try table.link(.universal, for: values)))
    #expect((try table.parse(argument)).values == values)
  }
}
