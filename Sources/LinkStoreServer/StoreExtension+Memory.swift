import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkPages
package import LinkServer
import LinkStore
import Logging
package import NIOCore

// Answers from memory: a popular short link's page and its resolve, sent on the event loop;
// a short link read from the database without a trip through hummingbird.

extension StoreExtension {
  /// A short link's page and the answer of `GET /api/v1/links/<code>` for a link in
  /// ``cache`` (or read without waiting, on SQLite): sent on the event loop, the page from the
  /// page cache or rendered now, the click counted as ``shortLink(code:_:_:_:)`` counts it.
  /// Anything else (a link not cached and not readable at once, a page that cannot be made, a
  /// client over its rate limit) goes on to ``respond(to:context:server:)`` with nothing
  /// done.
  package func answerFromMemory(_ request: MemoryRequest, server: LinkServerContext)
    -> MemoryAnswer?
  {
    let path = request.path
    if path.hasPrefix(shortPrefix) {
      return shortLinkFromMemory(code: String(path.dropFirst(shortPrefix.count)), request, server)
    }
    guard let code = Self.resolvedCode(path),
      let (link, response) = cache.resolved(code, make: { Self.resolvedResponse($0, server) })
    else { return nil }
    return countedAnswer(response, route: link.route, request)
  }

  /// The code of `GET /api/v1/links/<code>`; `nil` for another path.
  private static func resolvedCode(_ path: Substring) -> String? {
    let resolvePrefix = "/api/v1/links/"
    guard path.hasPrefix(resolvePrefix) else { return nil }
    let code = path.dropFirst(resolvePrefix.count)
    return code.contains("/") ? nil : String(code)
  }

  /// The answer of `GET /api/v1/links/<code>` for a link's state, as ``resolve(code:_:)`` sends
  /// it.
  private static func resolvedResponse(
    _ state: ShortLinkState,
    code: String,
    _ server: LinkServerContext
  ) -> CannedResponse {
    let (status, body) = resolveAnswer(state, code: code)
    return server.cannedResponse(
      status: status,
      contentType: "application/json",
      body: Array((body.rendered() + "\n").utf8),
      cacheControl: "no-store"
    )
  }

  /// An active link's JSON (``resolvedResponse(_:code:_:)``).
  private static func resolvedResponse(_ link: ShortLink, _ server: LinkServerContext)
    -> CannedResponse
  {
    resolvedResponse(.active(link), code: link.code, server)
  }

  /// A resolve answer counted against the client address's limit, with its rate-limit headers;
  /// `nil` when the client is over its limit (the routes refuse it).
  private func countedAnswer(
    _ response: CannedResponse,
    route: String?,
    _ request: MemoryRequest
  ) -> MemoryAnswer? {
    var headers: [(name: String, value: String)] = []
    if let decision = take(addressLimiter, request) {
      guard decision.allowed else { return nil }
      headers = [
        (Self.rateLimitLimit.rawName, String(decision.limit)),
        (Self.rateLimitRemaining.rawName, String(decision.remaining)),
        (Self.rateLimitReset.rawName, String(decision.reset)),
      ]
    }
    return MemoryAnswer(response, headers: headers, endpoint: APIEndpoint.link.label, route: route)
  }

  /// Counts a request against the client address's limit (`nil`: no limit).
  func take(_ limiter: RateLimiter, _ request: MemoryRequest) -> RateLimiter.Decision? {
    guard limiter.limit > 0 else { return nil }
    return limiter.take(address(request))
  }

  /// The client address a limit counts the request against.
  func address(_ request: MemoryRequest) -> String {
    address(request.header("x-forwarded-for"), request.remoteAddress)
  }

  /// Whether the client address's limit lets the request through (counted when it does).
  func allows(_ request: MemoryRequest) -> Bool {
    take(addressLimiter, request)?.allowed ?? true
  }

  func shortLinkFromMemory(
    code: String,
    _ request: MemoryRequest,
    _ server: LinkServerContext
  ) -> MemoryAnswer? {
    guard case .active(let link)? = cache.state(of: code) ?? readWithoutWaiting(code) else {
      return nil
    }
    return memoryPage(of: link, request, server)
  }

  /// An active link's page from memory, its click counted; `nil` when the page cannot be made
  /// here or the client is over its limit.
  private func memoryPage(
    of link: ShortLink,
    _ request: MemoryRequest,
    _ server: LinkServerContext
  ) -> MemoryAnswer? {
    let client = ClientClassification(
      userAgent: request.header("user-agent"),
      method: request.method
    )
    guard
      let page = server.pages.memoryResponse(
        values: link.values,
        links: link.links,
        client: client,
        acceptLanguage: request.header("accept-language"),
        copyLink: link.shortURL,
        shortCode: link.code,
        card: Self.pageCard(link.card?.title, link.card?.description, link.card?.imageURL)
      )
    else { return nil }
    guard allows(request) else { return nil }
    let visit = Visit(request, client: client, server: server)
    // The scan marker (`src=qr`): a scan instead of a click; nothing else reads the query.
    let scan = ScanMarker.removing(from: request.target) != nil
    record(visit, as: visitor(visit), route: link.route, code: link.code, scan: scan)
    return MemoryAnswer(page, endpoint: "short_link", route: link.route)
  }

  /// A link not in ``cache`` read on the event loop when the store can without waiting
  /// (SQLite), and kept in the cache: its page is answered here. Only an active link without a
  /// visit limit is kept and answered here (the cache's own rule); anything else is left to
  /// ``shortLink(code:_:_:_:)``, which reads it again (a limited link's visit is counted
  /// there; an expired link gets its page).
  private func readWithoutWaiting(_ code: String) -> ShortLinkState? {
    guard let state = store.linkWithoutWaiting(code: code) else { return nil }
    health.succeeded()
    guard case .active(let link) = state, link.maxVisits == nil else { return nil }
    cache.keep(state)
    return state
  }

  /// A short link that ``answerFromMemory(_:server:)`` could not answer without waiting (not
  /// in the cache, on PostgreSQL), read by the store's coalesced reader (no task per request)
  /// and answered as from memory on the connection's event loop:
  ///
  /// - its page (`/s/<code>`): an active link without a visit limit its page (kept in the
  ///   cache, the click counted), an unknown code the 404 page, an unreachable database 503;
  /// - `GET /api/v1/links/<code>`: an active link its JSON (kept in the cache when it has no
  ///   visit limit), an unknown code 404, an expired or used-up link 410.
  ///
  /// Anything else (an expired or used-up link's page; a limited link's page, whose visit is
  /// counted there; a failed read of the API) goes on to the routes, which read it again; a
  /// client over its rate limit goes there before any read.
  package func answerSoon(
    _ request: MemoryRequest,
    server: LinkServerContext,
    on loop: any EventLoop
  ) -> EventLoopFuture<MemoryAnswer?>? {
    let path = request.path
    let code: String
    let answer: @Sendable (Result<ShortLinkState, StoreError>) -> MemoryAnswer?
    if path.hasPrefix(shortPrefix) {
      code = String(path.dropFirst(shortPrefix.count))
      answer = { self.shortLinkAnswer($0, request, server) }
    } else if let resolved = Self.resolvedCode(path) {
      code = resolved
      answer = { self.resolvedAnswer($0, code: resolved, request, server) }
    } else {
      return nil
    }
    // A client over its limit is refused by the routes, with no read for it.
    guard !addressLimiter.isExhausted(address(request)) else { return nil }
    let promise = loop.makePromise(of: MemoryAnswer?.self)
    let reading = store.link(code: code, on: loop) { result in
      // Made on the connection's loop: the page, the click and the cache there, as from memory.
      if loop.inEventLoop {
        promise.succeed(answer(result))
      } else {
        loop.execute { promise.succeed(answer(result)) }
      }
    }
    guard reading else {
      // No such read (SQLite, whose reads are made in answerFromMemory): the routes answer.
      promise.succeed(nil)
      return nil
    }
    return promise.futureResult
  }

  /// The answer to `GET /api/v1/links/<code>` for a link's state as read: an active link's JSON
  /// (a link without a visit limit kept in the cache, its JSON made once), 404 or 410 as the
  /// routes answer them; `nil` to pass a failed read on to the routes, which answer its error.
  private func resolvedAnswer(
    _ result: Result<ShortLinkState, StoreError>,
    code: String,
    _ request: MemoryRequest,
    _ server: LinkServerContext
  ) -> MemoryAnswer? {
    guard case .success(let state) = result else { return nil }
    health.succeeded()
    guard case .active(let link) = state else {
      return countedAnswer(Self.resolvedResponse(state, code: code, server), route: nil, request)
    }
    cache.keep(state)
    let response =
      cache.resolved(link.code, make: { Self.resolvedResponse($0, server) })?.response
      ?? Self.resolvedResponse(link, server)
    return countedAnswer(response, route: link.route, request)
  }

  /// The answer to send for a short link's state as read, or `nil` to pass the request on.
  private func shortLinkAnswer(
    _ result: Result<ShortLinkState, StoreError>,
    _ request: MemoryRequest,
    _ server: LinkServerContext
  ) -> MemoryAnswer? {
    let state: ShortLinkState
    switch result {
    case .success(let read): state = read
    case .failure(let error):
      guard APIResponses.status(of: error) == .serviceUnavailable, allows(request) else {
        return nil
      }
      health.failed(error)
      return MemoryAnswer(
        server.cannedResponse(
          status: .serviceUnavailable,
          contentType: "text/plain; charset=utf-8",
          body: Array(GonePage.unavailableText.utf8),
          cacheControl: "no-store"
        ),
        headers: [("Retry-After", GonePage.retryAfter)],
        endpoint: "short_link"
      )
    }
    health.succeeded()
    switch state {
    case .notFound:
      guard allows(request) else { return nil }
      return MemoryAnswer(
        server.notFoundPage(acceptLanguage: request.header("accept-language")),
        endpoint: "short_link"
      )
    case .active(let link) where link.maxVisits == nil:
      cache.keep(state)
      return memoryPage(of: link, request, server)
    default:
      return nil
    }
  }
}
