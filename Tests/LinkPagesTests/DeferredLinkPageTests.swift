import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// The landing page's part in deferred deep links (docs/deferred-links.md): the App Store
/// button carries the link it copies, its script is allowed by hash, the store buttons carry
/// their pings; and the policy's hashes are those of what the page really carries.
@Suite(
  .blockingWork,
  .enabled(if: ParsedHTML.python != nil, "python3 is not on the PATH; skipping")
)
struct DeferredLinkPageTests {
  static let pings = DeferredLinkOptions(
    appStorePing: "/_linkgen/store-tap/app-store?route=shared-checklist",
    playStorePing: "/_linkgen/store-tap/play?route=shared-checklist"
  )
  let table: RouteTable
  let values: RouteValues
  let links: LinkSet

  init() throws {
    table = try Fixtures.openlist()
    values = try Fixtures.values(table)
    links = try table.links(for: values)
  }

  /// The policy's `script-src` and `style-src` list exactly the SHA-256 of each script and
  /// style element the page carries, computed apart from linkgen (Python's hashlib over the
  /// element text Python's HTML parser reads), for a page with both scripts and pings.
  @Test(arguments: [Platform.ios, .any])
  func thePolicyHashesAreThoseOfThePagesOwnScriptsAndStyles(_ platform: Platform) throws {
    let served = try PageRenderer(table: table).servedLandingPage(
      for: values,
      platform: platform,
      inApp: InAppBrowserHelp(browser: "Instagram", escape: .instagram),
      deferred: Self.pings
    )
    let page = try #require(try ParsedHTML.parse([served.html]).first)
    let meta = try #require(
      page.elements("meta").first { $0.attribute("http-equiv") == "Content-Security-Policy" }?
        .attribute("content")
    )
    #expect(meta == served.contentSecurityPolicy)
    let scripts = page.elements("script").filter { $0.attribute("type") == nil }.map(\.text)
    let styles = page.elements("style").map(\.text)
    #expect(scripts == [PageScript.copyLink, PageScript.copyBeforeAppStore])
    #expect(!styles.isEmpty)
    let scriptSources = try Self.hashlibSources(scripts)
    let styleSources = try Self.hashlibSources(styles)
    #expect(Self.directive("script-src", in: meta) == scriptSources)
    #expect(Self.directive("style-src", in: meta) == styleSources)
    #expect(Self.directive("connect-src", in: meta) == ["'self'"])
    #expect(Self.directive("default-src", in: meta) == ["'none'"])
  }

  /// iOS: the App Store button copies the universal link (or the short link given), its
  /// script is the page's only script; the href is still the App Store link.
  @Test(arguments: ["en", "ko"])
  func theIOSPageCopiesTheLinkOnTheAppStoreButton(_ locale: String) throws {
    let renderer = try PageRenderer(table: table)
    for (copy, expected) in [
      (nil, links.universal), ("https://openlist.example.com/s/k7m2xq9rabcd", nil),
    ] {
      let served = try renderer.servedLandingPage(
        for: values,
        locale: locale,
        platform: .ios,
        deferred: DeferredLinkOptions(copyLink: copy)
      )
      let page = try #require(try ParsedHTML.parse([served.html]).first)
      let button = try #require(page.element(id: "app-store"))
      #expect(button.attribute("href") == links.appStore)
      #expect(button.attribute("data-copy") == (expected ?? copy))
      #expect(button.attribute("ping") == nil)
      #expect(
        button.text.contains(locale == "ko" ? "App Store에서 다운로드" : "Download on the App Store")
      )
      let scripts = page.elements("script").filter { $0.attribute("type") == nil }
      #expect(scripts.map(\.text) == [PageScript.copyBeforeAppStore])
      #expect(
        served.contentSecurityPolicy.contains("script-src \(PageScript.copyBeforeAppStoreSource);")
      )
      #expect(!served.contentSecurityPolicy.contains("connect-src"))
    }
  }

  /// Android: no copy script (the Play Store's install referrer carries the link), the Play
  /// button pings when asked to; the desktop page has both buttons, both pinging.
  @Test func theStoreButtonsCarryTheirPings() throws {
    let renderer = try PageRenderer(table: table)
    let android = try renderer.servedLandingPage(
      for: values,
      platform: .android,
      deferred: Self.pings
    )
    let page = try #require(try ParsedHTML.parse([android.html]).first)
    let play = try #require(page.element(id: "play-store"))
    #expect(play.attribute("href") == links.playStore)
    #expect(links.playStore?.contains("&referrer=deep_link%3Dhttps%253A%252F%252F") == true)
    #expect(play.attribute("ping") == Self.pings.playStorePing)
    #expect(page.element(id: "app-store") == nil)
    #expect(page.elements("script").filter { $0.attribute("type") == nil }.isEmpty)
    #expect(android.contentSecurityPolicy.contains("script-src 'none'; "))
    #expect(android.contentSecurityPolicy.contains("connect-src 'self'; "))

    let desktop = try renderer.servedLandingPage(for: values, platform: .any, deferred: Self.pings)
    let both = try #require(try ParsedHTML.parse([desktop.html]).first)
    #expect(both.element(id: "app-store")?.attribute("ping") == Self.pings.appStorePing)
    #expect(both.element(id: "app-store")?.attribute("data-copy") == links.universal)
    #expect(both.element(id: "play-store")?.attribute("ping") == Self.pings.playStorePing)
  }

  /// Without the server's options, and in the public landing page, nothing changes: no
  /// script, no `data-copy`, no ping.
  @Test func pagesWithoutTheOptionsCarryNoScript() throws {
    let renderer = try PageRenderer(table: table)
    let served = try renderer.servedLandingPage(for: values, platform: .ios)
    let public_ = try renderer.landingPage(for: values, platform: .any)
    for html in [served.html, public_] {
      #expect(!html.contains("<script>") && !html.contains("data-copy") && !html.contains("ping="))
    }
    #expect(served.contentSecurityPolicy.contains("script-src 'none'; "))
  }

  /// A copy link or a ping that is not safe is refused, not printed.
  @Test(arguments: [
    DeferredLinkOptions(copyLink: "javascript:alert(1)"),
    DeferredLinkOptions(copyLink: "https://openlist.example.com/s/abc\"><script>x</script>"),
    DeferredLinkOptions(appStorePing: "https://evil.example/ping"),
    DeferredLinkOptions(appStorePing: "//evil.example/ping"),
    DeferredLinkOptions(playStorePing: "/ping\" onclick=\"x"),
    DeferredLinkOptions(playStorePing: "relative/ping"),
  ])
  func unsafeOptionsAreRefused(_ options: DeferredLinkOptions) throws {
    #expect(throws: PageError.self) {
      try PageRenderer(table: table).servedLandingPage(
        for: values,
        platform: .any,
        deferred: options
      )
    }
  }

  /// The sources of a directive of a policy.
  static func directive(_ name: String, in policy: String) -> [String]? {
    for part in policy.split(separator: ";") {
      let words = part.split(separator: " ").map(String.init)
      if words.first == name { return Array(words.dropFirst()) }
    }
    return nil
  }

  /// `'sha256-<base64>'` of each text's UTF-8 bytes, by Python's hashlib.
  static func hashlibSources(_ texts: [String]) throws -> [String] {
    let python = try #require(ParsedHTML.python)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [
      "-c",
      "import sys, json, hashlib, base64\n"
        + "print(json.dumps([\"'sha256-\" + base64.b64encode(hashlib.sha256(t.encode()).digest())"
        + ".decode() + \"'\" for t in json.load(sys.stdin)]))",
    ]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: texts))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return try JSONDecoder().decode([String].self, from: data)
  }
}
