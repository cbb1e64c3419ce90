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
  let hasObservers: Bool
  let context: LinkServerContext
  let logger: Logger

  let healthy: CannedResponse
  let options: CannedResponse
  let methodNotAllowed: CannedResponse
  let methodNotAllowedClosing: CannedResponse
  let contentTooLarge: CannedResponse
  let badQRRequest: CannedResponse
  let serverError: CannedResponse
  let metricsHeaders: HTTPFields

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
    do throws(AssociationError) {
      aasa = try table.app.ios.map { _ throws(AssociationError) in
        try association { () throws(AssociationError) in
          try AssociationFiles.appleAppSiteAssociation(for: table)
        }
      }
    } catch {
      throw ServeError(
        error.code == .fileTooLarge ? .associationTooLarge : .associationFile,
        error.message
      )
    }
    do throws(AssociationError) {
      assetLinks = try table.app.android.map { _ throws(AssociationError) in
        try association { () throws(AssociationError) in
          try AssociationFiles.assetLinks(for: table)
        }
      }
    } catch {
      throw ServeError(.associationFile, error.message)
    }

    let renderer: PageRenderer
    do throws(PageError) {
      renderer = try PageRenderer(
        table: table,
        templatesDirectory: configuration.templatesDirectory
      )
      notFound = try NotFoundPages(renderer: renderer, security: security)
    } catch {
      throw ServeError(.pages, error.message)
    }
    pages = LandingPages(
      renderer: renderer,
      security: security,
      cacheSize: configuration.pageCacheSize,
      metrics: metrics
    )
    qr = QRResponses(
      cacheSize: configuration.qrCacheSize,
      maxAge: configuration.qrMaxAge,
      security: security,
      metrics: metrics
    )

    var extensions: [(String, any LinkServerExtension)] = []
    for handler in configuration.extensions {
      for prefix in handler.pathPrefixes { extensions.append((prefix, handler)) }
    }
    self.extensions = extensions
    hasObservers = !configuration.extensions.isEmpty
    context = LinkServerContext(
      table: table,
      pages: pages,
      metrics: metrics,
      logger: logger,
      notFound: notFound
    )

    let allow = [(HTTPField.Name.allow, FixedResponses.allow)]
    healthy = FixedResponses.text(.ok, "ok\n", security: security)
    options = CannedResponse(
      status: .noContent,
      contentType: "text/plain; charset=utf-8",
      body: [],
      cacheControl: "no-store",
      tagged: false,
      extra: allow,
      security: security
    )
    methodNotAllowed = FixedResponses.text(
      .methodNotAllowed,
      "This address answers GET, HEAD and OPTIONS only.\n",
      extra: allow,
      security: security
    )
    methodNotAllowedClosing = FixedResponses.text(
      .methodNotAllowed,
      "This address answers GET, HEAD and OPTIONS only.\n",
      extra: allow + [(.connection, "close")],
      security: security
    )
    contentTooLarge = FixedResponses.text(
      .contentTooLarge,
      "This address takes no request body.\n",
      extra: [(.connection, "close")],
      security: security
    )
    badQRRequest = FixedResponses.text(.badRequest, QRResponses.rules, security: security)
    serverError = FixedResponses.text(
      .internalServerError,
      "The page could not be made; the server's log says why.\n",
      security: security
    )
    var metricsHeaders = HTTPFields()
    metricsHeaders[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
    metricsHeaders[.cacheControl] = "no-store"
    security.add(to: &metricsHeaders, policy: SecurityHeaders.defaultPolicy)
    self.metricsHeaders = metricsHeaders
  }

  /// A request's answer, with what the metrics and the log say about it.
  struct Outcome {
    var response: Response
    var endpoint: String
    var route: String?
    var client: ClientClassification?
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
    case .options: return Outcome(response: options.response(for: request), endpoint: "options")
    default:
      let answer = hasBody ? methodNotAllowedClosing : methodNotAllowed
      return Outcome(response: answer.response(for: request), endpoint: "method_not_allowed")
    }
    if hasBody {
      return Outcome(
        response: contentTooLarge.response(for: request),
        endpoint: "content_too_large"
      )
    }
    let question = target.utf8.firstIndex(of: UInt8(ascii: "?"))
    let path = question.map { target[..<$0] } ?? target[...]
    switch path {
    case Self.aasaPaths[0], Self.aasaPaths[1]:
      return fixed(aasa, request, endpoint: "aasa")
    case Self.assetLinksPath:
      return fixed(assetLinks, request, endpoint: "assetlinks")
    case "/healthz":
      return await health(request)
    case "/metrics" where metricsEnabled:
      return metricsResponse(request)
    default:
      let query = question.map { target[target.index(after: $0)...] }
      return link(target, query: query, request)
    }
  }

  private func fixed(_ canned: CannedResponse?, _ request: Request, endpoint: String) -> Outcome {
    guard let canned else {
      return Outcome(response: notFound.response(to: request), endpoint: "not_found")
    }
    return Outcome(response: canned.response(for: request), endpoint: endpoint)
  }

  /// A path that may be a universal link: its page, its QR code, or the 404 page.
  private func link(_ target: String, query: Substring?, _ request: Request) -> Outcome {
    let parsed: ParsedLink
    do throws(LinkError) {
      guard target.utf8.first == UInt8(ascii: "/") else {
        return Outcome(response: notFound.response(to: request), endpoint: "not_found")
      }
      parsed = try table.parse(origin + target)
    } catch {
      return Outcome(response: notFound.response(to: request), endpoint: "not_found")
    }
    let route = parsed.route.name
    if let options = QRResponses.options(query: query, ignored: parsed.ignoredQueryItems) {
      guard case .success(let options) = options,
        let link = try? table.link(.universal, for: parsed.values)
      else {
        return Outcome(response: badQRRequest.response(for: request), endpoint: "qr", route: route)
      }
      do throws(QRError) {
        let response = try qr.response(to: request, link: link, options: options)
        return Outcome(response: response, endpoint: "qr", route: route)
      } catch {
        return Outcome(response: badQRRequest.response(for: request), endpoint: "qr", route: route)
      }
    }
    let client = ClientClassification(
      userAgent: request.headers[.userAgent],
      method: request.method
    )
    do throws(PageError) {
      let response = try pages.response(to: request, values: parsed.values, client: client)
      return Outcome(response: response, endpoint: "page", route: route, client: client)
    } catch {
      logger.error(
        "the landing page cannot be rendered",
        metadata: ["route": "\(route)", "error": "\(error.message)"]
      )
      return Outcome(
        response: serverError.response(for: request),
        endpoint: "page",
        route: route,
        client: client
      )
    }
  }

  private func health(_ request: Request) async -> Outcome {
    for (_, handler) in extensions {
      if let problem = await handler.healthProblem() {
        let answer = FixedResponses.text(.serviceUnavailable, problem + "\n", security: security)
        return Outcome(response: answer.response(for: request), endpoint: "healthz")
      }
    }
    return Outcome(response: healthy.response(for: request), endpoint: "healthz")
  }

  private func metricsResponse(_ request: Request) -> Outcome {
    let bytes = metrics.render()
    var headers = metricsHeaders
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
        ?? serverError.response(for: request)
      security.addIfMissing(to: &response.headers)
      return Outcome(response: response, endpoint: "error")
    } catch {
      logger.error("an extension failed", metadata: ["error": "\(error)"])
      return Outcome(response: serverError.response(for: request), endpoint: "error")
    }
  }
}
