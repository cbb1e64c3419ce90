import Foundation
import LinkServer
import LinkStore
import NIOConcurrencyHelpers
import NIOCore

/// Turns what the server knows about a request into a click event for the store's buffer: the
/// day, the route and short link, the platform, the in-app browser, the referrer's host, and
/// whether a person or a bot (and why) sent it. Nothing of the request is kept beyond that.
final class ClickRecording: Sendable {
  private let store: LinkStore
  /// User agents already classified (a few thousand distinct ones cover real traffic); cleared
  /// when full, so memory stays flat.
  private let visitors = NIOLockedValueBox<[String: Visitor]>([:])
  private static let visitorCacheSize = 4096
  /// `nil` when the unique-visitor estimate is off.
  private let hasher: VisitorHasher?

  init(store: LinkStore, uniqueVisitors: Bool = true) {
    self.store = store
    hasher = uniqueVisitors ? VisitorHasher(store: store) : nil
  }

  /// The hash for the unique-visitor estimate of a person's visit; `nil` for a bot, or when
  /// the estimate is off.
  func visitorHash(
    _ visitor: Visitor,
    forwardedFor: Substring?,
    remoteAddress: SocketAddress?,
    userAgent: String?
  ) -> UInt64? {
    guard let hasher, visitor == .human else { return nil }
    return hasher.hash(
      forwardedFor: forwardedFor,
      remoteAddress: remoteAddress,
      userAgent: userAgent
    )
  }

  /// A person, or a bot and why: the server's crawler table first (previews, crawlers,
  /// association-file fetchers), then the method (`HEAD`, `OPTIONS`), a prefetch, and the
  /// store's list of HTTP libraries and generic robots.
  func visitor(client: ClientClassification, method: String, userAgent: String?, purpose: String?)
    -> Visitor
  {
    if let crawler = client.crawler { return .bot(BotReason(.crawler, crawler.id)) }
    guard method == "GET", purpose == nil, let userAgent else {
      return ClickClassifier.classify(method: method, userAgent: userAgent, purpose: purpose)
    }
    if let known = visitors.withLockedValue({ $0[userAgent] }) { return known }
    let visitor = ClickClassifier.classify(method: method, userAgent: userAgent)
    visitors.withLockedValue { cache in
      if cache.count >= Self.visitorCacheSize { cache.removeAll(keepingCapacity: true) }
      cache[userAgent] = visitor
    }
    return visitor
  }

  /// Counts a hit in the store's buffer (never waits for the database).
  func record(
    _ kind: ClickEvent.Kind = .page,
    route: String,
    code: String?,
    visitor: Visitor,
    client: ClientClassification,
    referrerHost: String?,
    visitorHash: UInt64? = nil
  ) {
    let platform: ClickPlatform =
      switch client.platform {
      case .ios: .ios
      case .android: .android
      case .other: visitor == .human ? .desktop : .other
      }
    store.record(
      ClickEvent(
        kind: kind,
        route: route,
        code: code,
        visitor: visitor,
        platform: platform,
        browser: client.inAppBrowser?.id,
        referrerHost: referrerHost,
        visitorHash: visitorHash
      )
    )
  }
}
