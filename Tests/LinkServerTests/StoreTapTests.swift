import Foundation
import HTTPTypes
import LinkKit
import LinkPages
import LinkgenTestSupport
import Logging
import NIOCore
import Synchronization
import Testing

@testable import LinkServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Store-button taps (deferred deep links' counting): the pings pages carry, what the
/// counter accepts, and a real browser's ping reaching a real server.
@Suite(.blockingWork)
struct StoreTapTests {
  static let android =
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36"
  static let prefix = StoreTap.pathPrefix

  @Test func pingPathsAreReadBack() throws {
    for store in StoreTap.Store.allCases {
      for code in [nil, "k7m2xq9rabcd", "spring-sale"] {
        let path = StoreTap.pingPath(store, route: "shared-checklist", code: code)
        let tap = try #require(
          StoreTap.read(method: .post, target: path, userAgent: Self.android, table: Pages.table)
        )
        #expect(tap.store == store && tap.route == "shared-checklist" && tap.code == code)
        #expect(tap.client.platform == .android)
      }
    }
    #expect(
      StoreTap.pingPath(.playStore, route: "invite", code: "abc")
        == "/_linkgen/store-tap/play?route=invite&code=abc"
    )
  }

  @Test(arguments: [
    "play?route=shared-checklist&x=1", "play?route=shared-checklist&route=invite",
    "play?route=nope", "play?route=Shared-Checklist", "play", "play?", "itunes?route=invite",
    "play?route=invite&code=ab", "play?route=invite&code=AB12", "play?route=invite&code=..%2Fx",
    "play?route=invite&code=", "play?route", "/play?route=invite",
    "play?route=invite&code=" + String(repeating: "a", count: 65),
  ])
  func malformedPingsAreNotTaps(_ rest: String) {
    #expect(
      StoreTap.read(method: .post, target: Self.prefix + rest, userAgent: nil, table: Pages.table)
        == nil
    )
  }

  @Test func onlyAPostIsATap() {
    let path = StoreTap.pingPath(.playStore, route: "invite")
    for method in [HTTPRequest.Method.get, .head, .options, .put] {
      #expect(
        StoreTap.read(method: method, target: path, userAgent: nil, table: Pages.table) == nil
      )
    }
  }

  /// With a counter installed, every page but the card pings, with the short code when the
  /// page is a short link's; without one, none does.
  @Test func pagesPingOnlyWithACounter() throws {
    let values = try Pages.table.values(for: "shared-checklist", arguments: ["id": Pages.id])
    for counts in [false, true] {
      let pages = LandingPages(
        renderer: try PageRenderer(table: Pages.table),
        security: SecurityHeaders(strictTransportSecurity: nil),
        cacheSize: 0,
        metrics: ServerMetrics(),
        countsStoreTaps: counts
      )
      let desktop = ClientClassification(userAgent: "Mozilla/5.0 (X11; Linux x86_64)", method: .get)
      var key = LandingPages.Key(link: Pages.link, page: desktop.page, locale: 0, copyLink: nil)
      key.shortCode = "k7m2xq9rabcd"
      let html = String(buffer: try pages.render(key, values: values).body)
      let play = StoreTap.pingPath(.playStore, route: "shared-checklist", code: "k7m2xq9rabcd")
      let app = StoreTap.pingPath(.appStore, route: "shared-checklist", code: "k7m2xq9rabcd")
      #expect(
        html.contains("ping=\"\(play.replacingOccurrences(of: "&", with: "&amp;"))\"") == counts
      )
      #expect(
        html.contains("ping=\"\(app.replacingOccurrences(of: "&", with: "&amp;"))\"") == counts
      )
      #expect(html.contains("connect-src &#39;self&#39;") == counts)
      let card = ClientClassification(userAgent: "facebookexternalhit/1.1", method: .get)
      let cardKey = LandingPages.Key(link: Pages.link, page: card.page, locale: 0, copyLink: nil)
      #expect(!String(buffer: try pages.render(cardKey, values: values).body).contains("ping="))
    }
  }

  /// A LinkServer with the counter, on a loopback port; headless Chromium taps Google Play on
  /// the Android page: the browser goes to the Play Store link with the deep link in its
  /// install referrer, and its ping reaches the server, which hands the tap to `record`.
  @Test(.enabled(if: BrowserTap.isAvailable, "\(BrowserTap.missing)"))
  func aBrowsersPingOnThePlayButtonIsCounted() async throws {
    let taps = Recorded()
    let (ports, listening) = AsyncStream.makeStream(of: Int.self)
    var configuration = LinkServer.Configuration()
    configuration.port = 0
    configuration.maximumRequestBodySize = 64
    configuration.extensions = [StoreTapCounter { tap, _ in taps.taps.withLock { $0.append(tap) } }]
    configuration.onListening = { _, port in listening.yield(port) }
    var logger = Logger(label: "test")
    logger.logLevel = .warning
    let server = try LinkServer(table: Pages.table, configuration: configuration, logger: logger)
    let running = Task { try await server.run() }
    defer { running.cancel() }
    var iterator = ports.makeAsyncIterator()
    let port = try #require(await iterator.next())
    let values = try Pages.table.values(for: "shared-checklist", arguments: ["id": Pages.id])
    let play = try #require(try Pages.table.links(for: values).playStore)

    let report = try await BrowserTap.onOwnThread {
      try BrowserTap.tap(
        "http://127.0.0.1:\(port)/shared-checklists/\(Pages.id)",
        button: "play-store",
        userAgent: Self.android,
        intercept: ["https://play.google.com/"]
      )
    }
    #expect(report.navigated == play)
    #expect(report.ping == StoreTap.pingPath(.playStore, route: "shared-checklist"))
    #expect(report.pings.count == 1)
    #expect(
      report.pings.first?.url
        == "http://127.0.0.1:\(port)" + StoreTap.pingPath(.playStore, route: "shared-checklist")
    )
    #expect(report.pings.first?.method == "POST")
    #expect(!report.log.contains { $0.contains("Content Security Policy") }, "\(report.log)")
    // The browser reports the ping once it has sent it; the server may count it later, by
    // seconds when CI's parallel tests load both cores: wait up to 30 s (a bound, not a timing
    // goal).
    var recorded: [StoreTap] = []
    for _ in 0..<300 {
      recorded = taps.taps.withLock { $0 }
      if !recorded.isEmpty { break }
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(recorded.map(\.store) == [.playStore])
    #expect(recorded.first?.route == "shared-checklist" && recorded.first?.code == nil)
    #expect(recorded.first?.client.platform == .android)

    // Not a tap: a GET is refused, a POST that is not a valid ping is answered and not counted.
    let base = "http://127.0.0.1:\(port)"
    var get = URLRequest(url: try #require(URL(string: base + StoreTap.pathPrefix + "play")))
    get.httpMethod = "GET"
    let (_, refused) = try await URLSession.shared.data(for: get)
    #expect((refused as? HTTPURLResponse)?.statusCode == 405)
    #expect((refused as? HTTPURLResponse)?.value(forHTTPHeaderField: "Allow") == "POST")
    var post = URLRequest(
      url: try #require(URL(string: base + StoreTap.pathPrefix + "play?route=nope"))
    )
    post.httpMethod = "POST"
    post.httpBody = Data("PING".utf8)
    let (_, answered) = try await URLSession.shared.data(for: post)
    #expect((answered as? HTTPURLResponse)?.statusCode == 204)
    #expect(taps.taps.withLock { $0.count } == 1)
  }
}

/// What a counter's `record` saw.
final class Recorded: Sendable {
  let taps = Mutex<[StoreTap]>([])
}
