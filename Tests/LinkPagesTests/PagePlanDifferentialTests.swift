import Foundation
import LinkKit
import LinkQR
import LinkgenTestSupport
import Testing

@testable import LinkPages
@testable import LinkServer

/// Page plans print the bytes the per-request renderer printed (``Oracle``: swift-mustache
/// over dictionary contexts, hashes found after rendering): thousands of links of both example
/// tables (and OpenList without its `pages` section), every variant the server sends, the
/// hostile values of the hostile-input tests as parameters, fields, copy links and cards.
@Suite(.blockingWork)
struct PagePlanDifferentialTests {
  /// Seeded (LinkgenTestSupport), so that a failure can be replayed.
  typealias Generator = SplitMix64

  /// Text for string parameters: plain words, the hostile values (without the combining-mark
  /// case, see ``escapingIsByteWise``), Korean, emoji.
  static let strings =
    ["milk", "Groceries for Saturday", "지민의 목록", "👩‍💻 team", "a&b", "it's \"quoted\""]
    + Hostile.values

  static func values(for route: Route, in table: RouteTable, _ random: inout Generator)
    -> RouteValues?
  {
    var arguments: [String: String] = [:]
    for parameter in route.parameters {
      if parameter.isOptional, Bool.random(using: &random) { continue }
      switch parameter.type {
      case .uuid:
        let hex = (0..<32).map { _ in String(Int.random(in: 0..<16, using: &random), radix: 16) }
        arguments[parameter.name] = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32]
          .map { hex[$0].joined() }.joined(separator: "-")
      case .bool: arguments[parameter.name] = Bool.random(using: &random) ? "true" : "false"
      case .int(let low, let high):
        let low = low ?? -1000
        arguments[parameter.name] = String(
          Int.random(in: low...(high ?? low + 100_000), using: &random)
        )
      case .enumeration(let cases): arguments[parameter.name] = cases.randomElement(using: &random)
      case .string(let rules):
        if rules.allowedCharacters != nil {
          let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ0123456789")
          let length = Int.random(
            in: max(rules.minLength, 1)...min(rules.maxLength, 20),
            using: &random
          )
          arguments[parameter.name] = String(
            (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
          )
        } else {
          arguments[parameter.name] = String(
            strings[Int.random(in: 0..<strings.count, using: &random)].unicodeScalars.prefix(
              rules.maxLength
            )
          )
        }
      }
    }
    // Values the table takes but cannot build a link from (a '/' in a path segment) are
    // refused by both renderers alike; the comparisons need pages.
    guard let values = try? table.values(for: route.name, arguments: arguments),
      (try? table.link(.universal, for: values)) != nil
    else { return nil }
    return values
  }

  static func tables() throws -> [(String, RouteTable)] {
    [
      ("openlist", try Fixtures.openlist()),
      ("openlist without pages", try Fixtures.builtInOnly()),
      ("photos", try RouteTable(contentsOf: PackagePaths.example("photos"))),
    ]
  }

  /// Every served variant of `links` links per route of each table, both locales (and one
  /// without templates), compared byte for byte with their policies.
  @Test(arguments: [0, 1, 2])
  func plansPrintWhatTheRendererPrinted(_ tableIndex: Int) throws {
    let (name, table) = try Self.tables()[tableIndex]
    let renderer = try PageRenderer(table: table)
    var random = Generator(state: UInt64(tableIndex) + 24)
    var compared = 0
    for route in table.routes {
      for round in 0..<12 {
        guard let values = Self.values(for: route, in: table, &random) else { continue }
        for locale in ["en", "ko", "fr-CA"] {
          compared += try compareVariants(renderer, values, locale: locale, round: round, &random)
        }
      }
    }
    for locale in ["en", "ko", "fr"] {
      #expect(
        try renderer.notFoundPage(locale: locale) == renderer.oracleNotFoundPage(locale: locale)
      )
    }
    #expect(compared > 500, "\(name): \(compared) pages compared")
  }

  private func compareVariants(
    _ renderer: PageRenderer,
    _ values: RouteValues,
    locale: String,
    round: Int,
    _ random: inout Generator
  ) throws -> Int {
    let hostile = Hostile.values[Int.random(in: 0..<Hostile.values.count, using: &random)]
    let fields: [String: String] =
      round % 3 == 0
      ? [:]
      : [
        "inviter": hostile,
        "title": Self.strings[Int.random(in: 0..<Self.strings.count, using: &random)],
      ]
    let copy = round % 2 == 0 ? nil : "https://openlist.example.com/s/k7m2xq9r"
    let pings = DeferredLinkOptions(
      copyLink: copy,
      appStorePing: round % 4 == 1 ? "/_linkgen/store-tap/app-store?route=x&code=k7m2" : nil,
      playStorePing: round % 4 == 1 ? "/_linkgen/store-tap/play?route=x" : nil
    )
    let card =
      round % 5 == 2
      ? SocialCard(
        title: hostile,
        description: "About \(hostile)",
        image: "https://cdn.example.com/c.png?a=1&b=2"
      )
      : nil
    let link = try renderer.table.link(.universal, for: values)
    let svg = try QRCode(encoding: link).svg()
    var count = 0
    func same(_ plan: () throws -> ServedPage, _ oracle: () throws -> ServedPage, _ what: String) {
      let expected = Result { try oracle() }
      let actual = Result { try plan() }
      switch (actual, expected) {
      case (.success(let a), .success(let e)):
        #expect(a.html == e.html, "\(what) \(values.routeName) \(locale)")
        #expect(a.contentSecurityPolicy == e.contentSecurityPolicy, "\(what) policy")
      case (.failure(let a), .failure(let e)):
        #expect((a as? PageError)?.code == (e as? PageError)?.code, "\(what): \(a) / \(e)")
      default:
        Issue.record("\(what) \(values.routeName) \(locale): plan \(actual), renderer \(expected)")
      }
      count += 1
    }
    for platform in Platform.allCases {
      same(
        {
          try renderer.servedLandingPage(
            for: values,
            locale: locale,
            fields: fields,
            platform: platform,
            deferred: pings,
            card: card
          )
        },
        {
          try renderer.oracleLandingPage(
            for: values,
            locale: locale,
            fields: fields,
            platform: platform,
            deferred: pings,
            card: card
          )
        },
        "landing \(platform)"
      )
      for (index, browser) in InAppBrowser.all.enumerated() where index % 3 == round % 3 {
        let help = InAppBrowserHelp(
          browser: browser.name,
          escape: platform == .android ? browser.androidEscape : browser.iosEscape,
          copyLink: copy
        )
        same(
          {
            try renderer.servedLandingPage(
              for: values,
              locale: locale,
              platform: platform,
              inApp: help,
              deferred: pings
            )
          },
          {
            try renderer.oracleLandingPage(
              for: values,
              locale: locale,
              platform: platform,
              inApp: help,
              deferred: pings
            )
          },
          "in-app \(browser.name) \(platform)"
        )
      }
    }
    same(
      {
        try renderer.servedLandingPage(
          for: values,
          locale: locale,
          deferred: pings,
          desktop: true,
          card: card,
          qrDrawing: QRDrawing(code: try QRCode(encoding: link))
        )
      },
      {
        try renderer.oracleLandingPage(
          for: values,
          locale: locale,
          qrSVG: svg,
          deferred: pings,
          card: card
        )
      },
      "desktop"
    )
    same(
      {
        try renderer.servedLandingPage(
          for: values,
          locale: locale,
          fields: fields,
          qrSVG: svg,
          desktop: false
        )
      },
      {
        try renderer.oracleLandingPage(
          for: values,
          locale: locale,
          fields: fields,
          qrSVG: svg,
          desktop: false
        )
      },
      "linkgen page"
    )
    same(
      { try renderer.previewCard(for: values, locale: locale, fields: fields, card: card) },
      { try renderer.oraclePreviewCard(for: values, locale: locale, fields: fields, card: card) },
      "card"
    )
    return count
  }

  /// The one intended difference: a plan escapes `& < > " '` byte by byte, so a quote before a
  /// combining mark is escaped too; the renderer compared characters, and `"` followed by
  /// U+0301 is one character that is not `"`, so it printed the quote raw (ending an attribute
  /// value early).
  @Test func escapingIsByteWise() throws {
    let table = try Fixtures.openlist()
    let renderer = try PageRenderer(table: table)
    let values = try Fixtures.values(table)
    let title = "x\"\u{301} onmouseover=alert(1) y"
    let plan = try renderer.previewCard(for: values, card: SocialCard(title: title)).html
    let oracle = try renderer.oraclePreviewCard(for: values, card: SocialCard(title: title)).html
    #expect(plan.contains("content=\"x&quot;\u{301} onmouseover=alert(1) y\""))
    #expect(oracle.contains("content=\"x\"\u{301} onmouseover=alert(1) y\""))
  }

  /// The desktop page's QR drawing (edges found branch-free, outlines traced and written in one
  /// pass) prints what `QRCode.svg()` prints, as the page inlines it, for codes of many sizes,
  /// every error-correction level and random bytes (saddle points, holes, one-module islands).
  @Test func qrDrawingPrintsTheSVG() throws {
    var generator = Generator(state: 0x5EED_0D2A)
    let levels: [QRErrorCorrection] = [.low, .medium, .quartile, .high]
    for round in 0..<300 {
      let count = 1 + Int.random(in: 0..<(round < 200 ? 120 : 900), using: &generator)
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let code = try QRCode(bytes: bytes, errorCorrection: levels[round % 4])
      var drawn: [UInt8] = []
      QRDrawing(code: code).draw(into: &drawn)
      let expected = try InlineSVG.checked(code.svg()).get()
      #expect(String(decoding: drawn, as: UTF8.self) == expected, "round \(round), \(count) bytes")
    }
  }
}
