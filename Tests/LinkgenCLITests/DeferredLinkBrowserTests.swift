import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

/// Deferred deep links on the pages `linkgen serve` sends, tapped in headless Chromium
/// (`BrowserTap`: a trusted mouse click on the button, the store navigation paused and
/// answered locally, the clipboard read back from a second page of the same origin, which has
/// clipboard permission as a person's browser grants it after a tap).
///
/// What is not tested here: Safari itself (the script uses only `navigator.clipboard.writeText`
/// within the tap, which WebKit allows), and the app reading the clipboard.
@Suite(.blockingWork, .serialized, .enabled(if: BrowserTap.isAvailable, "\(BrowserTap.missing)"))
struct DeferredLinkBrowserTests {
  static let appStore = "https://apps.apple.com/app/id1234567890"

  /// Starts `linkgen serve`, taps a button of the shared-checklist page, stops the server.
  static func tap(
    _ button: String = "app-store",
    userAgent: String = UserAgent.iPhoneSafari,
    language: String = "en",
    script: Bool = true,
    inject: Bool = false
  ) async throws -> BrowserTap.Report {
    // #expect only outside the thread: a test's issues are recorded on its own task.
    let (report, status) = try await BrowserTap.onOwnThread {
      let server = try ServerProcess()
      let report = try BrowserTap.tap(
        server.url(ServeTests.page),
        button: button,
        userAgent: userAgent,
        acceptLanguage: language,
        intercept: ["https://apps.apple.com/", "https://play.google.com/"],
        script: script,
        inject: inject
      )
      return (report, server.stop())
    }
    #expect(status == 0)
    return report
  }

  /// iPhone, English and Korean: the tap copies exactly the universal link, then goes to
  /// exactly the App Store link; no policy violation.
  @Test(arguments: [("en", "Download on the App Store"), ("ko", "App Store에서 다운로드")])
  func tappingGetTheAppCopiesTheLinkThenOpensTheAppStore(
    _ language: String,
    _ label: String
  ) async throws {
    let report = try await Self.tap(language: language)
    #expect(report.text == label)
    #expect(report.href == Self.appStore)
    #expect(report.copy == ServeTests.link)
    #expect(report.navigated == Self.appStore)
    #expect(report.clipboard == ServeTests.link)
    #expect(report.violations == [])
    #expect(!report.log.contains { $0.contains("Content Security Policy") }, "\(report.log)")
    #expect(report.pings.isEmpty, "no counter in plain linkgen serve")
  }

  /// Without JavaScript the button is still a link to the App Store (nothing is copied).
  @Test func withoutScriptTheButtonStillOpensTheAppStore() async throws {
    let report = try await Self.tap(script: false)
    #expect(report.navigated == Self.appStore)
    #expect(report.clipboard != ServeTests.link)
  }

  /// The page's policy runs its own script and nothing else: a `<script>` element added to
  /// the page, an inline event handler, and the page's own script with one statement added
  /// are all refused (each a `script-src` violation); the tap still copies afterwards.
  @Test func thePolicyBlocksEveryOtherInlineScript() async throws {
    let report = try await Self.tap(inject: true)
    let injected = try #require(report.injected)
    #expect(injected["own-scripts"] == 1)
    #expect(injected["foreign-script"] == 0)
    #expect(injected["inline-handler"] == 0)
    #expect(injected["changed-copy-0"] == 0)
    // Each refusal is reported once per policy: the header's and the <meta>'s.
    let violations = try #require(report.violations)
    #expect(violations.filter { $0.hasPrefix("script-src-elem") }.count == 2 * 2, "\(violations)")
    #expect(violations.filter { $0.hasPrefix("script-src-attr") }.count == 1 * 2, "\(violations)")
    #expect(report.clipboard == ServeTests.link)
    #expect(report.navigated == Self.appStore)
  }

  /// Android: the Play button goes to the Play Store link whose install referrer carries the
  /// universal link, exactly as LinkKit builds it; no script on the page.
  @Test func thePlayButtonCarriesTheLinkInTheInstallReferrer() async throws {
    let table = try RouteTable(contentsOf: PackagePaths.example("openlist"))
    let values = try table.values(for: "shared-checklist", arguments: ["id": ServeTests.id])
    let play = try #require(try table.links(for: values).playStore)
    // The referrer is `deep_link=<link>`, encoded once as a value and once more as the
    // `referrer` item.
    #expect(play.hasSuffix("&referrer=deep_link%3D" + Self.encoded(Self.encoded(ServeTests.link))))
    let report = try await Self.tap("play-store", userAgent: UserAgent.androidChrome, inject: true)
    #expect(report.navigated == play)
    #expect(report.injected?["own-scripts"] == 0)
  }

  /// Percent-encodes as LinkKit does (unreserved characters kept), written out here so the
  /// test does not use the code it checks.
  static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      if (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || (0x30...0x39).contains(byte) || [0x2D, 0x2E, 0x5F, 0x7E].contains(byte)
      {
        result.append(Character(Unicode.Scalar(byte)))
      } else {
        result += String(format: "%%%02X", byte)
      }
    }
    return result
  }
}
