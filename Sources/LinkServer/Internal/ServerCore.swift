import HTTPTypes
import Hummingbird
import LinkAssociation
import LinkKit
import LinkPages
import LinkQR
import Logging
import NIOCore

/// Everything the server answers from, built once at start: the association files, the 404
/// pages and the fixed answers as ready responses; the landing pages and QR codes with their
/// caches; the metrics; the extensions.
@dynamicMemberLookup
final class ServerCore: Sendable {
  let table: RouteTable
  /// `https://<the table's first domain>`, before a request's path to make the link parsed.
  let origin: String
  let aasa: CannedResponse?
  let assetLinks: CannedResponse?
  let pages: LandingPages
  let qr: QRResponses
  let notFound: NotFoundPages
  let metrics: ServerMetrics
  let metricsEnabled: Bool
  let security: SecurityHeaders
  let extensions: [(prefix: String, handler: any LinkServerExtension)]
  /// Each extension once, for the observers and the health check.
  let observers: [any LinkServerExtension]
  let hasObservers: Bool
  let context: LinkServerContext
  let logger: Logger

  /// The fixed answers (`core.serverError` and the like read them).
  let fixed: FixedAnswers

  subscript<Value>(dynamicMember keyPath: KeyPath<FixedAnswers, Value>) -> Value {
    fixed[keyPath: keyPath]
  }

  /// The paths of the association files.
  static let aasaPaths = ["/.well-known/apple-app-site-association", "/apple-app-site-association"]
  static let assetLinksPath = "/.well-known/assetlinks.json"
  /// The server's own paths, which no link of the table can use.
  static let reservedPaths = aasaPaths + [assetLinksPath, "/healthz", "/metrics"]

  init(
    table: RouteTable,
    configuration: LinkServer.Configuration,
    security: SecurityHeaders,
    logger: Logger
  ) throws(ServeError) {
    self.table = table
    origin = "https://" + (table.app.domains.first ?? "localhost")
    self.security = security
    self.logger = logger
    metrics = ServerMetrics()
    metricsEnabled = configuration.metricsEnabled
    (aasa, assetLinks) = try Self.associationFiles(table, configuration, security)
    let renderer: PageRenderer
    (renderer, notFound) = try Self.compiledPages(table, configuration, security)
    let countsStoreTaps = configuration.extensions.contains { $0 is StoreTapCounter }
    pages = LandingPages(
      renderer: renderer,
      security: security,
      cacheSize: configuration.pageCacheSize,
      cacheBytes: configuration.pageCacheBytes,
      metrics: metrics,
      countsStoreTaps: countsStoreTaps
    )
    qr = QRResponses(
      cacheSize: configuration.qrCacheSize,
      cacheBytes: configuration.qrCacheBytes,
      maxAge: configuration.qrMaxAge,
      security: security,
      metrics: metrics
    )
    extensions = configuration.extensions.flatMap { handler in
      handler.pathPrefixes.map { (prefix: $0, handler: handler) }
    }
    observers = configuration.extensions
    hasObservers = !configuration.extensions.isEmpty
    context = LinkServerContext(
      table: table,
      pages: pages,
      metrics: metrics,
      logger: logger,
      notFound: notFound,
      security: security
    )
    fixed = FixedAnswers(security: security)
  }

  /// The AASA (when the table has an iOS app) and `assetlinks.json` (an Android app), as ready
  /// responses.
  private static func associationFiles(
    _ table: RouteTable,
    _ configuration: LinkServer.Configuration,
    _ security: SecurityHeaders
  ) throws(ServeError) -> (CannedResponse?, CannedResponse?) {
    func association(_ make: () throws(AssociationError) -> String) throws(AssociationError)
      -> CannedResponse
    {
      CannedResponse(
        contentType: "application/json",
        body: Array(try make().utf8),
        cacheControl: "public, max-age=\(configuration.associationMaxAge)",
        security: security
      )
    }
    let aasa: CannedResponse?
    do throws(AssociationError) {
      aasa = try table.app.ios.map { _ throws(AssociationError) in
        try association { () throws(AssociationError) in
          try AssociationFiles.appleAppSiteAssociation(
            for: table,
            additionalPaths: configuration.additionalAssociatedPaths,
            keptPaths: configuration.keptAssociatedPaths
          )
        }
      }
    } catch {
      throw ServeError(
        error.code == .fileTooLarge ? .associationTooLarge : .associationFile,
        error.message
      )
    }
    do throws(AssociationError) {
      let assetLinks = try table.app.android.map { _ throws(AssociationError) in
        try association { () throws(AssociationError) in
          try AssociationFiles.assetLinks(for: table)
        }
      }
      return (aasa, assetLinks)
    } catch {
      throw ServeError(.associationFile, error.message)
    }
  }

  /// The page renderer with every landing-page variant compiled (a template outside what
  /// plans compile fails the start; requests only fill in their link's values), and the 404
  /// pages.
  private static func compiledPages(
    _ table: RouteTable,
    _ configuration: LinkServer.Configuration,
    _ security: SecurityHeaders
  ) throws(ServeError) -> (PageRenderer, NotFoundPages) {
    let compiled: CompiledPages
    if let given = configuration.compiledPages {
      compiled = given
    } else {
      compiled = try LinkServer.compilePages(
        table,
        configuration,
        storePings: configuration.extensions.contains { $0 is StoreTapCounter }
      )
    }
    do throws(PageError) {
      let notFound = try NotFoundPages(renderer: compiled.renderer, security: security)
      return (compiled.renderer, notFound)
    } catch {
      throw ServeError(.pages, error.message)
    }
  }

  /// A request's answer, with what the metrics and the log say about it.
  struct Outcome {
    var response: Response
    var endpoint: String
    var route: String?
    var client: ClientClassification?
  }

  /// What a `GET` or `HEAD` without a body to the server's own routes resolves to, before any
  /// work: a response held in memory, or what must be made.
  enum Resolution {
    /// A ready response (association files, a cached page or image, the 404 page, a 400).
    case ready(CannedResponse, endpoint: String, route: String?, client: ClientClassification?)
    /// A landing page to render.
    case page(LandingPages.Key, RouteValues, ClientClassification)
    /// A QR code to encode.
    case qr(QRResponses.Key, route: String)
    /// `/healthz` or `/metrics`, made per request.
    case health, metrics
    /// A path no route claims, shaped like an imported link's kept path (`/AbCd`): for the
    /// extension that keeps them (ServerCore+LongLinks.swift).
    case keptPath(String, any KeptPathAnswering)
  }

  /// Resolves a request target (the raw path and query, as sent).
  func resolve(
    target: String,
    method: HTTPRequest.Method,
    userAgent: String?,
    acceptLanguage: String?
  ) -> Resolution {
    let question = target.utf8.firstIndex(of: UInt8(ascii: "?"))
    let path = question.map { target[..<$0] } ?? target[...]
    switch path {
    case Self.aasaPaths[0], Self.aasaPaths[1]:
      return aasa.map { .ready($0, endpoint: "aasa", route: nil, client: nil) }
        ?? notFound(acceptLanguage)
    case Self.assetLinksPath:
      return assetLinks.map { .ready($0, endpoint: "assetlinks", route: nil, client: nil) }
        ?? notFound(acceptLanguage)
    case "/healthz" where extensions.isEmpty:
      return .ready(fixed.healthy, endpoint: "healthz", route: nil, client: nil)
    case "/healthz":
      return .health
    case "/metrics" where metricsEnabled:
      return .metrics
    default:
      break
    }
    // The scan marker (`src=qr`) goes before anything reads the target: ServerCore+Scans.swift.
    let (target, parsed) = scanMarkerRemoved(target, hasQuery: question != nil)
    guard let parsed, !Self.isLongLink(parsed, path: path) else {
      return unmatched(
        target: target,
        path: path,
        method: method,
        userAgent: userAgent,
        acceptLanguage: acceptLanguage
      )
    }
    let route = parsed.route.name
    if let options = QRResponses.options(parsed.ignoredQueryItems) {
      guard case .success(let options) = options,
        let link = try? table.link(.universal, for: parsed.values)
      else { return .ready(fixed.badQRRequest, endpoint: "qr", route: route, client: nil) }
      let key = QRResponses.Key(link: link, options: options)
      if let image = qr.cached(key) {
        return .ready(image, endpoint: "qr", route: route, client: nil)
      }
      return .qr(key, route: route)
    }
    let client = ClientClassification(userAgent: userAgent, method: method)
    do throws(PageError) {
      let key = try pages.key(values: parsed.values, client: client, acceptLanguage: acceptLanguage)
      if let page = pages.cached(key) {
        return .ready(page, endpoint: "page", route: route, client: client)
      }
      return .page(key, parsed.values, client)
    } catch {
      return .ready(fixed.serverError, endpoint: "page", route: route, client: client)
    }
  }

  /// Makes what a ``Resolution/page(_:_:_:)`` or ``Resolution/qr(_:route:)`` asks for (and
  /// keeps it in its cache): the ready response, the server's 500 when the page does not render
  /// (logged), the 400 when the image cannot be made. Synchronous and quick (a page plan filled,
  /// a code encoded), so that a miss is answered on the event loop like a hit. Any other
  /// resolution is returned as it is.
  func make(_ resolution: Resolution) -> Resolution {
    switch resolution {
    case .page(let key, let values, let client):
      do throws(PageError) {
        let page = try pages.renderAndStore(key, values: values)
        return .ready(page, endpoint: "page", route: values.routeName, client: client)
      } catch {
        logger.error(
          "the landing page cannot be rendered",
          metadata: ["route": "\(values.routeName)", "error": "\(error.message)"]
        )
        return .ready(fixed.serverError, endpoint: "page", route: values.routeName, client: client)
      }
    case .qr(let key, let route):
      let image = (try? qr.renderAndStore(key)) ?? fixed.badQRRequest
      return .ready(image, endpoint: "qr", route: route, client: nil)
    default:
      return resolution
    }
  }

  private func notFound(_ acceptLanguage: String?) -> Resolution {
    .ready(notFound.page(for: acceptLanguage), endpoint: "not_found", route: nil, client: nil)
  }

  func answer(_ request: Request, context: LinkRequestContext) async -> Outcome {
    let target = request.head.path ?? ""
    for (prefix, handler) in extensions where target.hasPrefix(prefix) {
      return await answerByExtension(handler, request, context)
    }
    let hasBody =
      request.headers[.transferEncoding] != nil
      || (request.headers[.contentLength].map { $0 != "0" } ?? false)
    switch request.method {
    case .get, .head: break
    case .options:
      return Outcome(response: fixed.options.response(for: request), endpoint: "options")
    default:
      let answer = hasBody ? fixed.methodNotAllowedClosing : fixed.methodNotAllowed
      return Outcome(response: answer.response(for: request), endpoint: "method_not_allowed")
    }
    if hasBody {
      return Outcome(
        response: fixed.contentTooLarge.response(for: request),
        endpoint: "content_too_large"
      )
    }
    let resolution = resolve(
      target: target,
      method: request.method,
      userAgent: request.headers[.userAgent],
      acceptLanguage: request.headers[.acceptLanguage]
    )
    switch resolution {
    case .ready(let canned, let endpoint, let route, let client):
      return Outcome(
        response: canned.response(for: request),
        endpoint: endpoint,
        route: route,
        client: client
      )
    case .page, .qr:
      guard case .ready(let made, let endpoint, let route, let client) = make(resolution) else {
        return Outcome(response: fixed.serverError.response(for: request), endpoint: "error")
      }
      return Outcome(
        response: made.response(for: request),
        endpoint: endpoint,
        route: route,
        client: client
      )
    case .health:
      return await health(request)
    case .metrics:
      return metricsResponse(request)
    case .keptPath(let path, let keeper):
      return await keptPathOutcome(path, keeper, request, context)
    }
  }

  private func health(_ request: Request) async -> Outcome {
    for handler in observers {
      if let problem = await handler.healthProblem() {
        let answer = FixedResponses.text(.serviceUnavailable, problem + "\n", security: security)
        return Outcome(response: answer.response(for: request), endpoint: "healthz")
      }
    }
    return Outcome(response: fixed.healthy.response(for: request), endpoint: "healthz")
  }

  private func metricsResponse(_ request: Request) -> Outcome {
    let bytes = metrics.render()
    var headers = fixed.metricsHeaders
    headers[.contentLength] = String(bytes.count)
    let body =
      request.method == .head
      ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    return Outcome(
      response: Response(status: .ok, headers: headers, body: body),
      endpoint: "metrics"
    )
  }

  private func answerByExtension(
    _ handler: any LinkServerExtension,
    _ request: Request,
    _ context: LinkRequestContext
  ) async -> Outcome {
    do {
      let answer = try await handler.respond(to: request, context: context, server: self.context)
      var response = answer.response
      security.addIfMissing(to: &response.headers)
      return Outcome(response: response, endpoint: answer.endpoint, route: answer.route)
    } catch let error as any HTTPResponseError {
      var response =
        (try? error.response(from: request, context: context))
        ?? fixed.serverError.response(for: request)
      security.addIfMissing(to: &response.headers)
      return Outcome(response: response, endpoint: "error")
    } catch {
      logger.error("an extension failed", metadata: ["error": "\(error)"])
      return Outcome(response: fixed.serverError.response(for: request), endpoint: "error")
    }
  }

  /// After a request, whichever way it was answered: counts it, writes its access-log line,
  /// and tells the extensions' observers.
  func finish(
    method: HTTPRequest.Method,
    target: String,
    requestID: () -> String,
    status: Int,
    start: NIODeadline,
    endpoint: String,
    route: String?,
    client: ClientClassification?,
    userAgent: @autoclosure () -> String?,
    referrer: @autoclosure () -> String?,
    purpose: @autoclosure () -> String?,
    remoteAddress: @autoclosure () -> SocketAddress?,
    forwardedFor: @autoclosure () -> String?
  ) {
    let nanoseconds = (NIODeadline.now() - start).nanoseconds
    metrics.record(endpoint: endpoint, route: route, status: status, nanoseconds: nanoseconds)
    if logger.logLevel <= .info {
      logger.info(
        "request",
        metadata: [
          "method": .string(method.rawValue),
          "path": .string(LogText.path(target)),
          "status": .stringConvertible(status),
          "duration_ms": .string(LinkResponder.milliseconds(nanoseconds)),
          "request_id": .string(requestID()),
        ]
      )
    }
    let longLinkLabel = longLinkFinished(target: target, endpoint: endpoint)
    // The headers the observers read are looked up only for them (each lookup is a scan of
    // the request's headers, six per request when done eagerly).
    if hasObservers {
      let userAgent = userAgent()
      let event = RequestEvent(
        endpoint: endpoint,
        route: route,
        status: status,
        client: client ?? ClientClassification(userAgent: userAgent, method: method),
        scan: isScan(target: target, endpoint: endpoint, route: route),
        referrerHost: longLinkLabel ?? LinkResponder.host(ofReferrer: referrer()),
        userAgent: userAgent,
        purpose: purpose(),
        remoteAddress: remoteAddress(),
        forwardedFor: forwardedFor()
      )
      for handler in observers { handler.observe(event) }
    }
  }
}
