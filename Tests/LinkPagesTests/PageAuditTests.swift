import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// What an outside audit of the landing pages found (issue 21, points 1–8), one test per
/// point, over the page variants the server renders: desktop, phone (iOS, Android), any
/// device, in-app browsers, and the 404 page; English and Korean. The browser half (axe-core,
/// the Nu checker, hidden elements and sideways scrolling as Chromium lays the page out) is
/// scripts/page-gate.sh.
@Suite(
  .blockingWork,
  .enabled(if: ParsedHTML.python != nil, "python3 is not on the PATH; skipping")
)
struct PageAuditTests {
  static let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29" shape-rendering="crispEdges">\
    <path d="M4 4h7v7h-7z"/></svg>
    """
  static let locales = ["en", "ko"]

  /// A served variant: what the server passes for each kind of client.
  enum Variant: String, CaseIterable {
    case desktop, iPhone, android, androidFirefox, inAppIOS, inAppAndroid, staticAny
  }

  static func render(
    _ variant: Variant,
    locale: String,
    table: RouteTable? = nil,
    renderer: PageRenderer? = nil,
    route: String = "shared-checklist",
    arguments: [String: String]? = nil
  ) throws -> String {
    let table = try table ?? Fixtures.openlist()
    let renderer = try renderer ?? PageRenderer(table: table)
    let values = try Fixtures.values(table, route, arguments)
    let inApp = InAppBrowserHelp(browser: "Instagram", escape: .instagram)
    switch variant {
    case .desktop:
      return try renderer.servedLandingPage(for: values, locale: locale, qrSVG: svg).html
    case .iPhone:
      return try renderer.servedLandingPage(for: values, locale: locale, platform: .ios).html
    case .android:
      return try renderer.servedLandingPage(for: values, locale: locale, platform: .android).html
    case .androidFirefox:
      return try renderer.servedLandingPage(for: values, locale: locale).html
    case .inAppIOS:
      return try renderer.servedLandingPage(
        for: values,
        locale: locale,
        platform: .ios,
        inApp: inApp
      ).html
    case .inAppAndroid:
      return try renderer.servedLandingPage(
        for: values,
        locale: locale,
        platform: .android,
        inApp: InAppBrowserHelp(browser: "KakaoTalk", escape: .kakaoTalk)
      ).html
    case .staticAny:
      return try renderer.landingPage(for: values, locale: locale, qrSVG: svg)
    }
  }

  /// Every variant in both languages, and the 404 page, named by variant and locale.
  static func allPages(table: RouteTable? = nil) throws -> [(String, String)] {
    let table = try table ?? Fixtures.openlist()
    let renderer = try PageRenderer(table: table)
    var pages: [(String, String)] = []
    for locale in locales {
      for variant in Variant.allCases {
        let html = try render(variant, locale: locale, table: table, renderer: renderer)
        pages.append(("\(variant.rawValue) \(locale)", html))
      }
      pages.append(("404 \(locale)", try renderer.notFoundPage(locale: locale).html))
    }
    return pages
  }

  /// ``allPages(table:)`` parsed (in one batch).
  static func allParsedPages(table: RouteTable? = nil) throws -> [(String, ParsedHTML)] {
    let pages = try allPages(table: table)
    return Array(zip(pages.map(\.0), try ParsedHTML.parse(pages.map(\.1))))
  }

  // MARK: 1. Contrast

  static let hostileColours = [
    "#ffff00", "#ffffff", "#000000", "#777777", "#fff", "#00ff00", "#ff0000", "#121212",
    "#2f6fed", "#7f7f00",
  ]

  /// WCAG's own figures: black on white is 21:1, #777 on white just under 4.5:1, and the
  /// audit's 4.11:1 for #2f6fed on #121212.
  @Test func contrastIsWCAGsRelativeLuminance() throws {
    let ratio = { (a: String, b: String) in
      try #require(RGBColor(hex: a)).contrast(with: try #require(RGBColor(hex: b)))
    }
    #expect(abs(try ratio("#000000", "#ffffff") - 21) < 0.001)
    #expect(abs(try ratio("#777777", "#ffffff") - 4.48) < 0.01)
    #expect(abs(try ratio("#2f6fed", "#121212") - 4.11) < 0.01)
    #expect(try ratio("#abc", "#aabbcc") == 1)
    #expect(RGBColor(hex: "red") == nil && RGBColor(hex: "#12345g") == nil)
  }

  /// Each scheme's colours reach 4.5:1 for text and links and 3:1 for the buttons' fill and
  /// the borders, for both example tables and hostile theme colours; the brand is kept where it
  /// passes, and a colour that cannot be shaded into passing is reported (and not used).
  @Test(arguments: [nil] + hostileColours)
  func everySchemeReachesTheRatios(_ themeColor: String?) throws {
    let palette = PagePalette(themeColor: themeColor)
    for scheme in [palette.light, palette.dark] {
      let background = scheme.background
      #expect(scheme.text.contrast(with: background) >= 4.5, "\(scheme.name)")
      #expect(scheme.muted.contrast(with: background) >= 4.5, "\(scheme.name)")
      #expect(scheme.accent.contrast(with: background) >= 4.5, "\(scheme.name) \(scheme.accent)")
      #expect(scheme.onFill.contrast(with: scheme.fill) >= 4.5, "\(scheme.name)")
      #expect(scheme.fill.contrast(with: background) >= 3, "\(scheme.name)")
      #expect(scheme.border.contrast(with: background) >= 3, "\(scheme.name)")
      if palette.brand.contrast(with: background) >= 4.5 {
        #expect(scheme.accent == palette.brand, "the brand passes, so it is used")
      }
    }
  }

  @Test func theExamplesKeepTheirBrandAndTheAuditsDarkAccentIsFixed() throws {
    let openlist = PagePalette(themeColor: try Fixtures.openlist().pages?.themeColor)
    #expect(openlist.light.accent.hex == "#2f6fed" && openlist.light.fill.hex == "#2f6fed")
    #expect(openlist.dark.accent != openlist.brand)
    #expect(openlist.dark.accent.contrast(with: openlist.dark.background) >= 4.5)
    #expect(openlist.problems.isEmpty)
    let photosTable = try RouteTable(contentsOf: PackagePaths.example("photos"))
    let photos = PagePalette(themeColor: photosTable.pages?.themeColor)
    #expect(photos.light.accent == PagePalette.defaultBrand && photos.problems.isEmpty)
    let yellow = PagePalette(themeColor: "#ffff00")
    #expect(yellow.light.problems.count == 1 && yellow.dark.problems.isEmpty)
    #expect(yellow.light.accent == yellow.light.text)
  }

  /// The rendered CSS itself: the custom properties of the light block and of the
  /// `prefers-color-scheme: dark` block reach the ratios, on every page and for hostile colours;
  /// every colour in the stylesheet comes from them (the QR code's white plate aside).
  @Test(arguments: [nil, "#ffff00", "#2f6fed", "#000000"])
  func theStylesheetsColoursReachTheRatios(_ themeColor: String?) throws {
    let table = try Fixtures.table { object in
      var pages = object["pages"] as? [String: Any] ?? [:]
      pages["themeColor"] = themeColor
      pages["templates"] = nil  // the built-in templates (the example's folder is relative)
      object["pages"] = pages
    }
    for (name, page) in try Self.allParsedPages(table: table) {
      let style = try #require(page.elements("style").first?.text)
      let blocks = style.components(separatedBy: "@media (prefers-color-scheme: dark)")
      #expect(blocks.count == 2, "\(name): one dark block")
      for block in blocks {
        let colour = { (name: String) throws -> RGBColor in
          let match = try #require(block.firstMatch(of: try Regex("--\(name): (#[0-9a-f]{6});")))
          return try #require(RGBColor(hex: String(match.output[1].substring ?? "")))
        }
        let background = try colour("bg")
        for text in ["text", "muted", "accent"] {
          #expect(try colour(text).contrast(with: background) >= 4.5, "\(name): \(text)")
        }
        #expect(try colour("on-fill").contrast(with: try colour("fill")) >= 4.5, "\(name)")
        #expect(try colour("fill").contrast(with: background) >= 3, "\(name)")
        #expect(try colour("border").contrast(with: background) >= 3, "\(name)")
      }
      let literal = style.replacingOccurrences(of: "background: #fff;", with: "")
        .split(separator: "\n").filter { !$0.contains("--") && $0.contains("#") }
      #expect(literal.isEmpty, "\(name): colours outside the palette: \(literal)")
      #expect(!style.contains("opacity"), "\(name): opacity lowers the contrast")
    }
  }

  // MARK: 2. The in-app section's heading

  @Test(arguments: locales)
  func theInAppSectionHasAHeading(_ locale: String) throws {
    for variant in [Variant.inAppIOS, .inAppAndroid] {
      let page = try #require(
        try ParsedHTML.parse([try Self.render(variant, locale: locale)]).first
      )
      let section = try #require(page.element(id: "in-app"))
      #expect(section.tag == "section")
      #expect(section.attribute("aria-labelledby") == "in-app-heading")
      let heading = try #require(page.element(id: "in-app-heading"))
      #expect(heading.tag == "h2" && !heading.text.isEmpty)
      #expect(section.text.hasPrefix(heading.text) || section.text.contains(heading.text))
      let index = { (id: String) in page.elements.firstIndex { $0.attribute("id") == id } }
      #expect(try #require(index("in-app")) < #require(index("in-app-heading")))
      #expect(try #require(index("in-app-heading")) < #require(index("copy")))
    }
  }

  // MARK: 3. Hidden stays hidden without script

  @Test func hiddenElementsAreHiddenWithoutScript() throws {
    for (name, page) in try Self.allParsedPages() {
      let style = try #require(page.elements("style").first?.text)
      #expect(
        style.contains(try Regex(#"\[hidden\]\s*\{\s*display:\s*none\s*!important;?\s*\}"#)),
        "\(name)"
      )
    }
    let inApp = try ParsedHTML.parse([try Self.render(.inAppIOS, locale: "en")])[0]
    #expect(inApp.element(id: "copy")?.attrs.contains { $0[0] == "hidden" } == true)
  }

  // MARK: 4. Phone pages and the code

  @Test(arguments: locales)
  func pagesTalkAboutACodeOnlyWhenTheyShowIt(_ locale: String) throws {
    let scan = locale == "ko" ? ["스캔", "코드"] : ["Scan", "scan", "code"]
    for variant in Variant.allCases {
      let html = try Self.render(variant, locale: locale)
      let page = try #require(try ParsedHTML.parse([html]).first)
      let shown = page.element(id: "qr") != nil
      let body = try #require(page.elements("main").first?.text)
      let mentions = scan.contains { body.contains($0) }
      #expect(mentions == shown, "\(variant) \(locale): code shown \(shown), mentioned \(mentions)")
      let phone = [.iPhone, .android, .inAppIOS, .inAppAndroid].contains(variant)
      if phone {
        #expect(!shown && page.element(id: "desktop") == nil, "\(variant): no computer section")
      }
    }
  }

  // MARK: 5. Korean wraps between words

  @Test func koreanLinesBreakBetweenWordsAndLongLinksStillWrap() throws {
    for (name, page) in try Self.allParsedPages() {
      let style = try #require(page.elements("style").first?.text)
      #expect(style.contains(try Regex(#":lang\(ko\)\s*\{\s*word-break:\s*keep-all;"#)), "\(name)")
      #expect(
        style.contains(try Regex(#"body\s*\{[^}]*overflow-wrap:\s*anywhere;"#)),
        "\(name): long links wrap"
      )
      let lang = page.elements("html").first?.attribute("lang")
      #expect(lang == (name.hasSuffix("ko") ? "ko" : "en"), "\(name)")
    }
  }

  // MARK: 6. Wording for people

  /// The home route's page (no fields, no route templates) in both languages: the title,
  /// heading and description say what the link opens, never the route's summary (developer
  /// text); no page has a straight apostrophe in its text.
  @Test(arguments: locales)
  func theDefaultWordingIsWrittenForPeople(_ locale: String) throws {
    let table = try Fixtures.openlist()
    let summary = try #require(table.routes.first { $0.name == "home" }?.summary)
    let html = try Self.render(.iPhone, locale: locale, route: "home", arguments: [:])
    let page = try #require(try ParsedHTML.parse([html]).first)
    let title = try #require(page.elements("title").first?.text)
    let heading = try #require(page.element(id: "title")?.text)
    let description = try #require(page.element(id: "description")?.text)
    for text in [title, heading, description] + page.meta("og:title") {
      #expect(!text.contains(summary), "\(text)")
      #expect(text.contains("OpenList"), "\(text)")
    }
    #expect(title == (locale == "ko" ? "OpenList에서 열 수 있는 링크" : "A link to open in OpenList"))
    for (name, parsed) in try Self.allParsedPages() + [("home \(locale)", page)] {
      let visible = parsed.elements.filter {
        !["script", "style", "html", "head"].contains($0.tag)
      }
      for element in visible where element.text.contains("'") {
        Issue.record("\(name): a straight apostrophe in <\(element.tag)>: \(element.text)")
      }
    }
  }

  // MARK: 7. The desktop page

  @Test(arguments: locales)
  func theDesktopPageLeadsWithTheCodeThenTheStores(_ locale: String) throws {
    let page = try #require(try ParsedHTML.parse([try Self.render(.desktop, locale: locale)]).first)
    let order = page.elements.compactMap { $0.attribute("id") }
      .filter { ["qr", "app-store", "play-store", "open", "open-android"].contains($0) }
    #expect(order == ["qr", "app-store", "play-store", "open"])
    let hrefs = page.elements("a").compactMap { $0.attribute("href") }
    #expect(!hrefs.contains { $0.hasPrefix("intent:") }, "no intent: link on a computer")
    let open = try #require(page.element(id: "open"))
    #expect(open.attribute("href")?.hasPrefix("openlist://") == true)
    #expect(open.attribute("class") == nil, "the custom-scheme link is a plain link, not a button")
    // iPadOS Safari reads as a Mac: on a touch screen the Open button comes first instead.
    let touch = try #require(page.element(id: "open-touch"))
    #expect(touch.attribute("href") == open.attribute("href"))
    let style = try #require(page.elements("style").first?.text)
    #expect(style.contains(".touch { display: none;"))
    #expect(
      style.contains(
        "@media (pointer: coarse) { .touch { display: block; } .here { display: none; } }"
      )
    )
    // The page for any device (linkgen page) keeps the phone's order: Open first.
    let any = try ParsedHTML.parse([try Self.render(.staticAny, locale: locale)])[0]
    let anyOrder = any.elements.compactMap { $0.attribute("id") }
      .filter { ["qr", "app-store", "open"].contains($0) }
    #expect(anyOrder == ["open", "app-store", "qr"])
    // …but a computer (a fine pointer that hovers) does not show it the Android intent: link.
    let anyStyle = try #require(any.elements("style").first?.text)
    #expect(
      anyStyle.contains("@media (hover: hover) and (pointer: fine) { .android { display: none; } }")
    )
    #expect(any.element(id: "open-android")?.attribute("href")?.hasPrefix("intent:") == true)
  }

  // MARK: 8. The code's accessible name

  @Test(arguments: locales)
  func theQRCodeHasAnAccessibleName(_ locale: String) throws {
    for variant in [Variant.desktop, .staticAny] {
      let page = try ParsedHTML.parse([try Self.render(variant, locale: locale)])[0]
      let qr = try #require(page.element(id: "qr"), "\(variant)")
      #expect(qr.attribute("role") == "img")
      let label = try #require(qr.attribute("aria-label"))
      #expect(label.contains("QR"))
      let index = try #require(page.elements.firstIndex { $0.attribute("id") == "qr" })
      #expect(page.elements[index + 1].tag == "svg", "the svg is the named wrapper's child")
    }
  }
}
