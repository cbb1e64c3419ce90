package import HTTPTypes

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the server knows about who sent a request, from its user agent and method: the
/// platform, the in-app browser, whether it is a crawler or a probe, and so which landing page
/// it gets. A value, computed once per request, that a click recorder can store as it is (no
/// user agent, no address).
///
/// ```swift
/// let client = ClientClassification(userAgent: "… Instagram 312.0 …", method: .get)
/// client.platform           // .ios
/// client.inAppBrowser?.id   // "instagram"
/// client.page               // .inApp(index: 0, platform: .ios)
/// ```
package struct ClientClassification: Sendable, Hashable {
  /// The device family.
  package enum Platform: String, Sendable, Hashable, CaseIterable {
    /// iPhone, iPad (when it says so; iPadOS Safari reads as a Mac) and iPod.
    case ios
    /// Android phones and tablets.
    case android
    /// Anything else: computers, and clients that send no user agent.
    case other
  }

  /// Which landing page the client gets.
  package enum Page: Sendable, Hashable {
    /// A link-preview crawler: the Open Graph card.
    case card
    /// Safari and other browsers on iOS: "Open" is the custom-scheme link, the App Store.
    case ios
    /// Chrome and other browsers on Android: "Open" is the `intent:` link, Google Play.
    case android
    /// Firefox on Android, which always takes an `intent:` link's fallback: the page for any
    /// device, whose "Open" is the custom-scheme link.
    case androidFirefox
    /// A computer: the page for any device with the link's QR code.
    case desktop
    /// An in-app browser (``InAppBrowser/all`` at `index`), on a platform.
    case inApp(index: Int, platform: Platform)
  }

  /// The device family.
  package let platform: Platform
  /// The in-app browser, when the user agent names one.
  package var inAppBrowser: InAppBrowser? { inAppIndex.map { InAppBrowser.all[$0] } }
  /// Its place in ``InAppBrowser/all``, which the landing page's variant is chosen by.
  private let inAppIndex: Int?
  /// The crawler or fetcher, when the user agent names one.
  package let crawler: Crawler?
  /// `HEAD` or `OPTIONS`, methods people's browsers do not send when opening a link (X sends
  /// three `HEAD`s with browser user agents for each post); `nil` for others.
  package let probeMethod: String?
  /// Whether the user agent is Firefox.
  package let isFirefox: Bool

  /// Classifies a request.
  package init(userAgent: String?, method: HTTPRequest.Method) {
    probeMethod = method == .head ? "HEAD" : method == .options ? "OPTIONS" : nil
    guard var agent = userAgent, !agent.isEmpty else {
      platform = .other
      inAppIndex = nil
      crawler = nil
      isFirefox = false
      return
    }
    let found = Self.classified(&agent)
    platform = found.platform
    crawler = found.crawler.map { Crawler.all[$0] }
    inAppIndex = found.crawler == nil ? found.inApp : nil
    isFirefox = found.firefox
  }

  /// Why the request is not a person's click, or `nil` when it may be one: `crawler:<id>`,
  /// `fetcher:<id>`, `method:HEAD`, `method:OPTIONS`.
  package var botReason: String? {
    if let crawler { return (crawler.kind == .fetcher ? "fetcher:" : "crawler:") + crawler.id }
    if let probeMethod { return "method:" + probeMethod }
    return nil
  }

  /// Whether the request is a crawler's, a fetcher's or a probe's.
  package var isBot: Bool { crawler != nil || probeMethod != nil }

  /// The landing page for the client.
  package var page: Page {
    if let crawler, crawler.kind == .preview { return .card }
    if let inAppIndex { return .inApp(index: inAppIndex, platform: platform) }
    switch platform {
    case .ios: return .ios
    case .android: return isFirefox ? .androidFirefox : .android
    case .other: return .desktop
    }
  }
}

extension ClientClassification {
  /// What one pass over the user agent found: indexes into the tables.
  private struct Found: CacheCosted {
    var platform = Platform.other
    var crawler: Int?
    var inApp: Int?
    var firefox = false
    /// Bounded by count alone (the user agents kept are at most 512 bytes).
    var cacheCost: Int { 0 }
  }

  /// The longest prefix of a user agent that is read.
  static let maximumLength = 1024

  /// User agents already scanned: a few thousand distinct ones make most real traffic, and a
  /// lookup costs a fraction of a scan. Bounded (two generations), so a flood of made-up user
  /// agents costs scans, not memory; long ones are not kept.
  private static let scanned = BoundedCache<String, Found>(capacity: 4096)
  private static let longestKept = 512

  private static func classified(_ agent: inout String) -> Found {
    guard agent.utf8.count <= longestKept else { return agent.withUTF8 { scan($0) } }
    if let found = scanned.value(for: agent) { return found }
    let found = agent.withUTF8 { scan($0) }
    scanned.store(found, for: agent)
    return found
  }

  private static let crawlerTokens = Crawler.all.map { Array($0.token.utf8) }
  private static let inAppTokens = InAppBrowser.all.map { $0.tokens.map { Array($0.utf8) } }
  private static let iosTokens = ["iphone", "ipad", "ipod"].map { Array($0.utf8) }
  private static let androidToken = Array("android".utf8)
  private static let firefoxToken = Array("firefox/".utf8)

  /// Lower-cases the user agent (ASCII only) into a stack buffer and searches it for the
  /// tables' tokens.
  private static func scan(_ agent: UnsafeBufferPointer<UInt8>) -> Found {
    let count = min(agent.count, maximumLength)
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { lower in
      for index in 0..<count {
        let byte = agent[index]
        lower[index] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
      }
      let text = UnsafeBufferPointer(lower)
      var found = Found()
      if iosTokens.contains(where: { contains(text, $0) }) {
        found.platform = .ios
      } else if contains(text, androidToken) {
        found.platform = .android
      }
      found.crawler = crawlerTokens.firstIndex { contains(text, $0) }
      if found.crawler == nil {
        found.inApp = inAppTokens.firstIndex { tokens in tokens.contains { contains(text, $0) } }
      }
      found.firefox = contains(text, firefoxToken)
      return found
    }
  }

  /// Whether `token` occurs in `text`: `memchr` to the candidates for its first byte, then
  /// `memcmp`.
  private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ token: [UInt8]) -> Bool {
    guard let base = text.baseAddress, let first = token.first, token.count <= text.count else {
      return false
    }
    return token.withUnsafeBufferPointer { needle in
      guard let pattern = needle.baseAddress else { return false }
      let last = base + (text.count - needle.count)
      var start = base
      while start <= last,
        let hit = memchr(start, Int32(first), last - start + 1)?.assumingMemoryBound(to: UInt8.self)
      {
        if memcmp(hit, pattern, needle.count) == 0 { return true }
        start = UnsafePointer(hit) + 1
      }
      return false
    }
  }
}
