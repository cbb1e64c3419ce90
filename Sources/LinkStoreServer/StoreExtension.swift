import Foundation
import HTTPTypes
package import Hummingbird
import LinkKit
import LinkPages
package import LinkServer
package import LinkStore
package import Logging
import NIOConcurrencyHelpers
import NIOCore

/// What `linkgen serve` does with a database, on top of the link domain:
///
/// - `/<prefix>/<code>` (`/s/…`): the short link's landing page, served directly (no redirect;
///   410 for an expired or used-up link, the 404 page for an unknown code);
/// - `POST /api/v1/links`, `GET|DELETE /api/v1/links/<code>`, `GET /api/v1/stats`: the API,
///   with API keys (`Authorization: Bearer lgk_…`) and their scopes; `POST /api/v1/opens`
///   (public): the app reports a deep link it restored after install;
/// - a click count for every landing page and short-link hit, buffered by the store;
/// - rate limits per API key and per client address (`RateLimit-*`, `Retry-After`, 429);
/// - 503 while the database cannot be reached, with a log line when it goes and when it
///   comes back.
package struct StoreExtension: LinkServerExtension {
  /// How the extension behaves.
  package struct Settings: Sendable {
    /// The largest API request body, in bytes (413 beyond it).
    package var maximumBodySize = 16 * 1024
    /// Requests per minute per client address (API and short links); 0 for no limit.
    package var addressRateLimit = 600
    /// Requests per minute per API key; 0 for no limit.
    package var keyRateLimit = 1200
    /// Take the client's address from the last entry of `X-Forwarded-For` (the one the proxy
    /// in front added) rather than the connection.
    package var trustForwardedFor = false
    /// Count clicks on the table's landing pages and on short links.
    package var recordClicks = true
    /// Estimate the distinct people among the clicks (``ClickEvent/visitorHash``).
    package var uniqueVisitors = true
    /// How long a short link read from the database is reused (links with a visit limit never
    /// are); zero reads the database on every visit.
    package var linkCacheTTL: Duration = .seconds(1)

    package init() {}
  }

  let store: LinkStore
  let settings: Settings
  let shortPrefix: String
  let clicks: ClickRecording
  let addressLimiter: RateLimiter
  let keyLimiter: RateLimiter
  let health: DatabaseHealth
  let cache: LinkCache
  /// The `/api/v1` operations APIHandlers answers, through the generated code.
  let apiRouter: APIRouter

  package init(store: LinkStore, settings: Settings, logger: Logger) {
    self.store = store
    self.settings = settings
    shortPrefix = "/\(store.options.shortLinkPrefix)/"
    clicks = ClickRecording(store: store, uniqueVisitors: settings.uniqueVisitors)
    addressLimiter = RateLimiter(limit: settings.addressRateLimit)
    keyLimiter = RateLimiter(limit: settings.keyRateLimit)
    health = DatabaseHealth(logger: logger, database: store.databaseURL.description)
    cache = LinkCache(ttl: settings.linkCacheTTL)
    apiRouter = APIRouter(
      handlers: APIHandlers(
        store: store,
        cache: cache,
        health: health,
        clicks: clicks,
        recordClicks: settings.recordClicks,
        shortPrefix: shortPrefix
      )
    )
  }

  /// The server extensions to install: this one, and (when clicks are recorded) the counter of
  /// the landing pages' store-button taps, which also makes the pages send those pings.
  package var serverExtensions: [any LinkServerExtension] {
    settings.recordClicks ? [self, storeTapCounter] : [self]
  }

  /// Counts each store-button tap (``StoreTap``, a ping the browser sends) as a click of kind
  /// `store`, with its route and short link: how many visitors went on to install from a link.
  var storeTapCounter: StoreTapCounter {
    StoreTapCounter { [clicks] tap, request in
      let visitor = ClickClassifier.classify(
        method: "POST",
        userAgent: request.headers[.userAgent],
        knownCrawler: tap.client.crawler?.id,
        allowPost: true
      )
      clicks.record(
        .storeTap,
        route: tap.route,
        code: tap.code,
        visitor: visitor,
        client: tap.client,
        referrerHost: nil
      )
    }
  }

  /// The pattern the association file claims for short links: `/s/*`.
  package var associatedPath: String { shortPrefix + "*" }

  package var pathPrefixes: [String] { [shortPrefix, "/api/v1/"] }

  static let forwardedFor = HTTPField.Name.named("X-Forwarded-For")
  static let rateLimitLimit = HTTPField.Name.named("RateLimit-Limit")
  static let rateLimitRemaining = HTTPField.Name.named("RateLimit-Remaining")
  static let rateLimitReset = HTTPField.Name.named("RateLimit-Reset")

  package func respond(
    to request: Request,
    context: LinkRequestContext,
    server: LinkServerContext
  ) async throws -> ExtensionResponse {
    let target = request.head.path ?? ""
    let path = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    if path.hasPrefix(shortPrefix) {
      return await shortLink(
        code: String(path.dropFirst(shortPrefix.count)),
        request,
        context,
        server
      )
    }
    return await api(path: path.dropFirst("/api/v1/".count), request, context)
  }

  package func observe(_ event: RequestEvent) {
    guard settings.recordClicks, event.endpoint == "page", let route = event.route,
      event.status < 400
    else { return }
    let visit = Visit(event)
    record(visit, as: visitor(visit), route: route, code: nil, scan: event.scan)
  }
}
