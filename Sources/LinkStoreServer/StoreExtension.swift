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

  package init(store: LinkStore, settings: Settings, logger: Logger) {
    self.store = store
    self.settings = settings
    shortPrefix = "/\(store.options.shortLinkPrefix)/"
    clicks = ClickRecording(store: store, uniqueVisitors: settings.uniqueVisitors)
    addressLimiter = RateLimiter(limit: settings.addressRateLimit)
    keyLimiter = RateLimiter(limit: settings.keyRateLimit)
    health = DatabaseHealth(logger: logger, database: store.databaseURL.description)
    cache = LinkCache(ttl: settings.linkCacheTTL)
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
    let visitor = clicks.visitor(
      client: event.client,
      method: event.client.probeMethod ?? "GET",
      userAgent: event.userAgent,
      purpose: event.purpose
    )
    clicks.record(
      route: route,
      code: nil,
      visitor: visitor,
      client: event.client,
      referrerHost: event.referrerHost,
      visitorHash: clicks.visitorHash(
        visitor,
        forwardedFor: trustedForwardedFor(event.forwardedFor),
        remoteAddress: event.remoteAddress,
        userAgent: event.userAgent
      )
    )
  }

  // MARK: Answers from memory

  /// A short link's page and the answer of `GET /api/v1/links/<code>` for a link in
  /// ``cache`` whose page (for this client and language) is in the server's page cache: sent
  /// on the event loop, the click counted as ``shortLink(code:_:_:_:)`` counts it. Anything
  /// else (a link not cached, a page not rendered yet, a client over its rate limit) goes on
  /// to ``respond(to:context:server:)`` with nothing done.
  package func answerFromMemory(_ request: MemoryRequest, server: LinkServerContext)
    -> MemoryAnswer?
  {
    let path = request.path
    if path.hasPrefix(shortPrefix) {
      return shortLinkFromMemory(code: String(path.dropFirst(shortPrefix.count)), request, server)
    }
    let resolvePrefix = "/api/v1/links/"
    guard path.hasPrefix(resolvePrefix) else { return nil }
    let code = path.dropFirst(resolvePrefix.count)
    guard !code.contains("/"),
      let (link, response) = cache.resolved(
        String(code),
        make: {
          server.cannedResponse(
            contentType: "application/json",
            body: Array((APIResponses.resolved($0).rendered() + "\n").utf8),
            cacheControl: "no-store"
          )
        }
      )
    else { return nil }
    var headers: [(name: String, value: String)] = []
    if let decision = take(addressLimiter, request) {
      guard decision.allowed else { return nil }
      headers = [
        (Self.rateLimitLimit.rawName, String(decision.limit)),
        (Self.rateLimitRemaining.rawName, String(decision.remaining)),
        (Self.rateLimitReset.rawName, String(decision.reset)),
      ]
    }
    return MemoryAnswer(response, headers: headers, endpoint: "api_link", route: link.route)
  }

  /// Counts a request against the client address's limit (`nil`: no limit).
  private func take(_ limiter: RateLimiter, _ request: MemoryRequest) -> RateLimiter.Decision? {
    guard limiter.limit > 0 else { return nil }
    return limiter.take(address(request.header("x-forwarded-for"), request.remoteAddress))
  }

  private func shortLinkFromMemory(
    code: String,
    _ request: MemoryRequest,
    _ server: LinkServerContext
  ) -> MemoryAnswer? {
    guard case .active(let link)? = cache.state(of: code) else { return nil }
    let userAgent = request.header("user-agent")
    let client = ClientClassification(userAgent: userAgent, method: request.method)
    guard
      let page = server.pages.cachedResponse(
        values: link.values,
        client: client,
        acceptLanguage: request.header("accept-language"),
        copyLink: link.shortURL,
        shortCode: link.code
      )
    else { return nil }
    if let decision = take(addressLimiter, request), !decision.allowed { return nil }
    if settings.recordClicks {
      let visitor = clicks.visitor(
        client: client,
        method: request.method.rawValue,
        userAgent: userAgent,
        purpose: request.purpose
      )
      clicks.record(
        route: link.route,
        code: link.code,
        visitor: visitor,
        client: client,
        referrerHost: server.referrerHost(request.header("referer")),
        visitorHash: clicks.visitorHash(
          visitor,
          forwardedFor: trustedForwardedFor(request.header("x-forwarded-for")),
          remoteAddress: request.remoteAddress,
          userAgent: userAgent
        )
      )
    }
    return MemoryAnswer(page, endpoint: "short_link", route: link.route)
  }

  // MARK: Short links

  private func shortLink(
    code: String,
    _ request: Request,
    _ context: LinkRequestContext,
    _ server: LinkServerContext
  ) async -> ExtensionResponse {
    let head = request.method == .head
    switch request.method {
    case .get, .head: break
    case .options:
      var response = Response(status: .noContent)
      response.headers[.allow] = "GET, HEAD, OPTIONS"
      return ExtensionResponse(response, endpoint: "short_link")
    default:
      var response = APIResponses.error(
        .methodNotAllowed,
        "methodNotAllowed",
        "a short link answers GET, HEAD and OPTIONS"
      )
      response.headers[.allow] = "GET, HEAD, OPTIONS"
      return ExtensionResponse(response, endpoint: "short_link")
    }
    if let limited = limit(addressLimiter, address(request, context)) {
      return ExtensionResponse(limited, endpoint: "short_link")
    }
    let client = ClientClassification(
      userAgent: request.headers[.userAgent],
      method: request.method
    )
    let visitor = clicks.visitor(
      client: client,
      method: request.method.rawValue,
      userAgent: request.headers[.userAgent],
      purpose: PrefetchPurpose.value(of: request.headers)
    )
    let state: ShortLinkState
    do throws(StoreError) {
      if let cached = cache.state(of: code) {
        state = cached
      } else {
        // Only people use up a link's visits: bots and previews read it.
        state =
          visitor == .human
          ? try await store.visit(code: code) : try await store.link(code: code)
        health.succeeded()
        cache.keep(state)
      }
    } catch {
      health.failed(error)
      if APIResponses.status(of: error) == .serviceUnavailable {
        return ExtensionResponse(GonePage.unavailable(head: head), endpoint: "short_link")
      }
      if error.code == .linkNoLongerValid {
        return ExtensionResponse(server.notFound(request), endpoint: "short_link")
      }
      server.logger.error(
        "a short link cannot be resolved",
        metadata: ["code": "\(error.code.rawValue)", "error": "\(error.message)"]
      )
      return ExtensionResponse(
        APIResponses.error(.internalServerError, "internalError", "the server failed"),
        endpoint: "short_link"
      )
    }
    switch state {
    case .notFound:
      return ExtensionResponse(server.notFound(request), endpoint: "short_link")
    case .expired(let link):
      return ExtensionResponse(
        GonePage.response(expired: true, head: head),
        endpoint: "short_link",
        route: link.route
      )
    case .exhausted(let link):
      return ExtensionResponse(
        GonePage.response(expired: false, head: head),
        endpoint: "short_link",
        route: link.route
      )
    case .active(let link):
      do throws(PageError) {
        let response = try server.pages.response(
          to: request,
          values: link.values,
          client: client,
          copyLink: link.shortURL,
          shortCode: link.code
        )
        if settings.recordClicks {
          clicks.record(
            route: link.route,
            code: link.code,
            visitor: visitor,
            client: client,
            referrerHost: server.referrerHost(request.headers[.referer]),
            visitorHash: clicks.visitorHash(
              visitor,
              forwardedFor: trustedForwardedFor(request.headers[Self.forwardedFor]),
              remoteAddress: context.remoteAddress,
              userAgent: request.headers[.userAgent]
            )
          )
        }
        return ExtensionResponse(response, endpoint: "short_link", route: link.route)
      } catch {
        server.logger.error(
          "the landing page cannot be rendered",
          metadata: ["route": "\(link.route)", "error": "\(error.message)"]
        )
        return ExtensionResponse(
          APIResponses.error(.internalServerError, "internalError", "the page could not be made"),
          endpoint: "short_link",
          route: link.route
        )
      }
    }
  }

  // MARK: The API

  private func api(path: Substring, _ request: Request, _ context: LinkRequestContext) async
    -> ExtensionResponse
  {
    let method = request.method
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    let first = segments.first.map(String.init) ?? ""
    let found: (endpoint: String, allowed: [HTTPRequest.Method])? =
      switch (segments.count, first) {
      case (1, "links"): ("api_links", [.post])
      case (2, "links"): ("api_link", [.get, .head, .delete])
      case (1, "stats"): ("api_stats", [.get, .head])
      case (1, "opens"): ("api_opens", [.post])
      default: nil
      }
    guard case let (endpoint, allowed)? = found else {
      return ExtensionResponse(
        APIResponses.error(.notFound, "notFound", "no such API endpoint"),
        endpoint: "api_not_found"
      )
    }
    if method == .options {
      var response = Response(status: .noContent)
      response.headers[.allow] = (allowed + [.options]).map(\.rawValue).joined(separator: ", ")
      return ExtensionResponse(response, endpoint: endpoint)
    }
    guard allowed.contains(method) else {
      var response = APIResponses.error(
        .methodNotAllowed,
        "methodNotAllowed",
        "this endpoint answers " + allowed.map(\.rawValue).joined(separator: ", ")
      )
      response.headers[.allow] = (allowed + [.options]).map(\.rawValue).joined(separator: ", ")
      return ExtensionResponse(response, endpoint: endpoint)
    }
    // Who pays for the request: a valid key its own budget; anyone else (no key, a wrong one)
    // the client address's, so guessing keys or codes is limited too.
    var key: APIKey?
    if let scope = Self.scope(endpoint: endpoint, method: method) {
      switch await authenticate(request, scope: scope) {
      case .success(let found): key = found
      case .failure(let refusal):
        if let limited = limit(addressLimiter, address(request, context)) {
          return ExtensionResponse(limited, endpoint: endpoint)
        }
        return ExtensionResponse(refusal.response, endpoint: endpoint)
      }
    }
    let decision: RateLimiter.Decision?
    if let key {
      decision = keyLimiter.take("key:" + key.id)
    } else {
      decision = addressLimiter.take(address(request, context))
    }
    if let decision, !decision.allowed {
      return ExtensionResponse(Self.tooManyRequests(decision), endpoint: endpoint)
    }
    var response: Response
    if let key, let scope = Self.scope(endpoint: endpoint, method: method),
      !key.scopes.contains(scope)
    {
      response = APIResponses.error(
        .forbidden,
        "forbidden",
        "the API key \(key.id) lacks the scope \(scope.rawValue)",
        field: "scopes"
      )
    } else {
      switch endpoint {
      case "api_links":
        response = await create(request, keyID: key?.id)
      case "api_opens":
        response = await reportOpen(request)
      case "api_link":
        let code = String(segments[1])
        response = method == .delete ? await delete(code: code) : await resolve(code: code, request)
      default:
        response = await stats(request)
      }
    }
    if let decision { Self.addRateLimitHeaders(decision, to: &response.headers) }
    return ExtensionResponse(response, endpoint: endpoint)
  }

  /// The scope an endpoint and method need; `nil` for the public ones.
  static func scope(endpoint: String, method: HTTPRequest.Method) -> KeyScope? {
    switch (endpoint, method) {
    case ("api_links", _): .linksCreate
    case ("api_link", .delete): .linksDelete
    case ("api_stats", _): .statsRead
    default: nil
    }
  }

  /// `POST /api/v1/links`.
  private func create(_ request: Request, keyID: String?) async -> Response {
    let body: [UInt8]
    switch await readBody(request) {
    case .success(let bytes): body = bytes
    case .failure(let refusal): return refusal.response
    }
    let new: NewShortLink
    do throws(RequestProblem) {
      new = try NewShortLink.read(json: body, table: store.table)
    } catch {
      return APIResponses.error(.badRequest, "invalidRequest", error.message, field: error.field)
    }
    do throws(StoreError) {
      let link = try await store.createLink(new, keyID: keyID)
      health.succeeded()
      return APIResponses.json(.created, APIResponses.created(link))
    } catch {
      health.failed(error)
      return APIResponses.error(error)
    }
  }

  /// A request's body, sent with a `Content-Length` of at most the limit; otherwise the
  /// answer (411, 413 closing the connection, 400).
  private func readBody(_ request: Request) async -> Result<[UInt8], Refusal> {
    if request.headers[.transferEncoding] != nil {
      return .failure(
        Refusal(
          response: APIResponses.error(
            .lengthRequired,
            "lengthRequired",
            "send the body with a Content-Length"
          )
        )
      )
    }
    let length = request.headers[.contentLength].flatMap { Int($0) } ?? 0
    guard length <= settings.maximumBodySize else {
      var response = APIResponses.error(
        .contentTooLarge,
        "contentTooLarge",
        "the body is \(length) bytes; at most \(settings.maximumBodySize) are accepted"
      )
      response.headers[.connection] = "close"
      return .failure(Refusal(response: response))
    }
    do {
      return .success(Array(buffer: try await request.body.collect(upTo: settings.maximumBodySize)))
    } catch {
      return .failure(
        Refusal(
          response: APIResponses.error(.badRequest, "invalidRequest", "the body could not be read")
        )
      )
    }
  }

  /// `POST /api/v1/opens {"link"}`: public. The app reports, on its first launch, the link it
  /// restored after install (from the clipboard or the Play install referrer): a short link of
  /// this server, a universal link or a scheme link of the table. Counted as a `deferred` event
  /// of its route (and short link); 204, or 400/404 naming the link.
  private func reportOpen(_ request: Request) async -> Response {
    let body: [UInt8]
    switch await readBody(request) {
    case .success(let bytes): body = bytes
    case .failure(let refusal): return refusal.response
    }
    let text: String
    do throws(RequestProblem) {
      text = try DeferredOpenReport.link(json: body)
    } catch {
      return APIResponses.error(.badRequest, "invalidRequest", error.message, field: error.field)
    }
    let route: String
    var code: String?
    if let short = DeferredOpenReport.shortCode(
      in: text,
      domains: store.table?.app.domains ?? [],
      prefix: shortPrefix
    ) {
      let state: ShortLinkState
      do throws(StoreError) {
        if let cached = cache.state(of: short) {
          state = cached
        } else {
          state = try await store.link(code: short)
        }
        health.succeeded()
      } catch {
        health.failed(error)
        return APIResponses.error(error)
      }
      switch state {
      case .active(let link), .expired(let link), .exhausted(let link):
        (route, code) = (link.route, link.code)
      case .notFound:
        return APIResponses.error(
          .notFound,
          "notFound",
          "no short link has the code '\(Self.shown(short))'",
          field: "link"
        )
      }
    } else if let parsed = try? store.table?.parse(text) {
      route = parsed.route.name
    } else {
      return APIResponses.error(
        .badRequest,
        "invalidRequest",
        "the link is neither a short link of this server nor a link of the route table",
        field: "link"
      )
    }
    if settings.recordClicks {
      // Counted as a person's: the report comes from the app, whose HTTP library (okhttp,
      // CFNetwork) would look like a tool to the bots' rules.
      clicks.record(
        .deferredOpen,
        route: route,
        code: code,
        visitor: .human,
        client: ClientClassification(userAgent: request.headers[.userAgent], method: .post),
        referrerHost: nil
      )
    }
    return Response(status: .noContent)
  }

  /// `GET /api/v1/links/<code>`: public.
  private func resolve(code: String, _ request: Request) async -> Response {
    let head = request.method == .head
    do throws(StoreError) {
      let state: ShortLinkState
      if let cached = cache.state(of: code) {
        state = cached
      } else {
        state = try await store.link(code: code)
        health.succeeded()
        cache.keep(state)
      }
      switch state {
      case .active(let link):
        return APIResponses.json(.ok, APIResponses.resolved(link), head: head)
      case .expired:
        return APIResponses.error(.gone, "expired", "the short link '\(code)' has expired")
      case .exhausted:
        return APIResponses.error(
          .gone,
          "exhausted",
          "the short link '\(code)' has served all its visits"
        )
      case .notFound:
        return APIResponses.error(
          .notFound,
          "notFound",
          "no short link has the code '\(Self.shown(code))'",
          field: "code"
        )
      }
    } catch {
      health.failed(error)
      return APIResponses.error(error)
    }
  }

  /// `DELETE /api/v1/links/<code>`.
  private func delete(code: String) async -> Response {
    do throws(StoreError) {
      try await store.deleteLink(code: code)
      cache.remove(code)
      health.succeeded()
      return Response(status: .noContent)
    } catch {
      health.failed(error)
      if error.code == .notFound {
        return APIResponses.error(
          .notFound,
          "notFound",
          "no short link has the code '\(Self.shown(code))'",
          field: "code"
        )
      }
      return APIResponses.error(error)
    }
  }

  /// `GET /api/v1/stats?route=&link=&from=&to=&groupBy=`.
  private func stats(_ request: Request) async -> Response {
    let query: StatsQuery
    do throws(RequestProblem) {
      query = try StatsQuery.read(request.uri.queryParameters, today: ClickDay(Date()))
    } catch {
      return APIResponses.error(.badRequest, "invalidRequest", error.message, field: error.field)
    }
    do throws(StoreError) {
      let rows = try await store.stats(query)
      health.succeeded()
      return APIResponses.json(.ok, query.json(rows), head: request.method == .head)
    } catch {
      health.failed(error)
      return APIResponses.error(error)
    }
  }

  // MARK: Keys and limits

  /// Why a request's key is refused, as the answer to send.
  struct Refusal: Error {
    let response: Response
  }

  /// The key of `Authorization: Bearer <key>` when it is valid; otherwise 401 (no key, or a
  /// wrong, revoked or malformed one: the same answer) or 503 (no database).
  private func authenticate(_ request: Request, scope: KeyScope) async -> Result<APIKey, Refusal> {
    var challenge = HTTPFields()
    challenge[.wwwAuthenticate] = "Bearer realm=\"linkgen\""
    guard let header = request.headers[.authorization] else {
      return .failure(
        Refusal(
          response: APIResponses.error(
            .unauthorized,
            "unauthorized",
            "this endpoint needs an API key with the scope \(scope.rawValue): "
              + "Authorization: Bearer lgk_… (linkgen keys create)",
            headers: challenge
          )
        )
      )
    }
    let presented =
      header.hasPrefix("Bearer ")
      ? header.dropFirst(7).trimmingCharacters(in: .whitespaces) : ""
    let key: APIKey?
    do throws(StoreError) {
      key = try await store.authenticate(presented)
      health.succeeded()
    } catch {
      health.failed(error)
      return .failure(Refusal(response: APIResponses.error(error)))
    }
    guard let key else {
      return .failure(
        Refusal(
          response: APIResponses.error(
            .unauthorized,
            "unauthorized",
            "the API key is not valid (wrong, revoked or malformed)",
            headers: challenge
          )
        )
      )
    }
    return .success(key)
  }

  /// The client's address: the connection's, or the last `X-Forwarded-For` entry when the
  /// proxy in front is trusted.
  private func address(_ request: Request, _ context: LinkRequestContext) -> String {
    address(request.headers[Self.forwardedFor], context.remoteAddress)
  }

  private func address(_ forwardedFor: String?, _ remoteAddress: SocketAddress?) -> String {
    if let last = trustedForwardedFor(forwardedFor) { return "ip:" + last }
    return "ip:" + (remoteAddress?.ipAddress ?? "unknown")
  }

  /// The entry the proxy in front added to `X-Forwarded-For` (the last), when it is trusted.
  private func trustedForwardedFor(_ header: String?) -> Substring? {
    guard settings.trustForwardedFor, let last = header?.split(separator: ",").last else {
      return nil
    }
    return Substring(last.trimmingCharacters(in: .whitespaces))
  }

  /// 429 when the client is over its limit.
  private func limit(_ limiter: RateLimiter, _ client: String) -> Response? {
    guard let decision = limiter.take(client), !decision.allowed else { return nil }
    return Self.tooManyRequests(decision)
  }

  /// 429 with `RateLimit-*` and `Retry-After`.
  static func tooManyRequests(_ decision: RateLimiter.Decision) -> Response {
    var headers = HTTPFields()
    addRateLimitHeaders(decision, to: &headers)
    headers[.retryAfter] = String(decision.reset)
    return APIResponses.error(
      .tooManyRequests,
      "rateLimited",
      "too many requests: at most \(decision.limit) a minute; try again in \(decision.reset) s",
      headers: headers
    )
  }

  /// `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds).
  static func addRateLimitHeaders(_ decision: RateLimiter.Decision, to headers: inout HTTPFields) {
    headers[rateLimitLimit] = String(decision.limit)
    headers[rateLimitRemaining] = String(decision.remaining)
    headers[rateLimitReset] = String(decision.reset)
  }

  static func shown(_ code: String) -> String {
    String(code.unicodeScalars.prefix(64).filter { $0.value >= 0x20 && $0.value < 0x7F })
  }
}
