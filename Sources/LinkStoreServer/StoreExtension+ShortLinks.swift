import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkPages
import LinkServer
import LinkStore
import Logging
import NIOCore

// Short links: `/s/<code>`, its page, 410 or the 404 page, and its click.

extension StoreExtension {
  /// `GET|HEAD /s/<code>`: the link's landing page, 410 when it no longer opens, the 404 page
  /// for an unknown code; the visit counted (people only use up a link's visits).
  func shortLink(
    code: String,
    _ request: Request,
    _ context: LinkRequestContext,
    _ server: LinkServerContext
  ) async -> ExtensionResponse {
    await shortLinkAnswer(request, context, server, endpoint: "short_link") { visitor in
      await lookUp(code, visitor: visitor, request, server)
    }
  }

  /// A short link's answer, whichever way it is looked up (its code, or an imported link's
  /// kept path): the page, 410 or the 404 page, and the visit counted.
  func shortLinkAnswer(
    _ request: Request,
    _ context: LinkRequestContext,
    _ server: LinkServerContext,
    endpoint: String,
    lookUp: (Visitor) async -> Result<ShortLinkState, Refusal>
  ) async -> ExtensionResponse {
    if let refused = Self.shortLinkMethodRefusal(request.method) {
      return ExtensionResponse(refused, endpoint: endpoint)
    }
    if let limited = limit(addressLimiter, address(request, context)) {
      return ExtensionResponse(limited, endpoint: endpoint)
    }
    let client = ClientClassification(
      userAgent: request.headers[.userAgent],
      method: request.method
    )
    let visit = Visit(request, context, client: client, server: server)
    let visitor = visitor(visit)
    let state: ShortLinkState
    switch await lookUp(visitor) {
    case .success(let found): state = found
    case .failure(let refusal): return ExtensionResponse(refusal.response, endpoint: endpoint)
    }
    let head = request.method == .head
    switch state {
    case .notFound:
      return ExtensionResponse(server.notFound(request), endpoint: endpoint)
    case .expired(let link), .exhausted(let link):
      let expired = if case .expired = state { true } else { false }
      return ExtensionResponse(
        GonePage.response(expired: expired, head: head),
        endpoint: endpoint,
        route: link.route
      )
    case .active(let link):
      let response = page(of: link, request, client: client, server)
      // A page that could not be made (500) is no visit.
      if response.status != .internalServerError {
        // The scan marker (`src=qr`): a scan instead of a click; nothing else reads the query.
        let scan = ScanMarker.removing(from: request.head.path ?? "") != nil
        record(visit, as: visitor, route: link.route, code: link.code, scan: scan)
      }
      return ExtensionResponse(response, endpoint: endpoint, route: link.route)
    }
  }

  /// `OPTIONS`' answer, or 405 for a method other than `GET` and `HEAD`; `nil` to go on.
  static func shortLinkMethodRefusal(_ method: HTTPRequest.Method) -> Response? {
    switch method {
    case .get, .head:
      return nil
    case .options:
      var response = Response(status: .noContent)
      response.headers[.allow] = "GET, HEAD, OPTIONS"
      return response
    default:
      var response = APIResponses.error(
        .methodNotAllowed,
        "methodNotAllowed",
        "a short link answers GET, HEAD and OPTIONS"
      )
      response.headers[.allow] = "GET, HEAD, OPTIONS"
      return response
    }
  }

  /// The link's state, from the cache or the database (a person's visit counted there, a
  /// bot's not); the answer to send when the database fails.
  func lookUp(
    _ code: String,
    visitor: Visitor,
    _ request: Request,
    _ server: LinkServerContext
  ) async -> Result<ShortLinkState, Refusal> {
    if let cached = cache.state(of: code) { return .success(cached) }
    return await read(request, server) { () async throws(StoreError) -> ShortLinkState in
      // Only people use up a link's visits: bots and previews read it.
      visitor == .human ? try await store.visit(code: code) : try await store.link(code: code)
    }
  }

  /// A link's state read from the database (and kept in the cache); the answer to send when
  /// the database fails.
  func read(
    _ request: Request,
    _ server: LinkServerContext,
    _ query: () async throws(StoreError) -> ShortLinkState
  ) async -> Result<ShortLinkState, Refusal> {
    do throws(StoreError) {
      let state = try await query()
      health.succeeded()
      cache.keep(state)
      return .success(state)
    } catch {
      health.failed(error)
      if APIResponses.status(of: error) == .serviceUnavailable {
        return .failure(Refusal(response: GonePage.unavailable(head: request.method == .head)))
      }
      if error.code == .linkNoLongerValid {
        return .failure(Refusal(response: server.notFound(request)))
      }
      server.logger.error(
        "a short link cannot be resolved",
        metadata: ["code": "\(error.code.rawValue)", "error": "\(error.message)"]
      )
      return .failure(
        Refusal(
          response: APIResponses.error(.internalServerError, "internalError", "the server failed")
        )
      )
    }
  }

  /// The landing page of an active link for this client and language; 500 if it cannot be
  /// made.
  func page(
    of link: ShortLink,
    _ request: Request,
    client: ClientClassification,
    _ server: LinkServerContext
  ) -> Response {
    do throws(PageError) {
      return try server.pages.response(
        to: request,
        values: link.values,
        client: client,
        copyLink: link.shortURL,
        shortCode: link.code,
        card: Self.pageCard(link.card?.title, link.card?.description, link.card?.imageURL),
        links: link.links
      )
    } catch {
      server.logger.error(
        "the landing page cannot be rendered",
        metadata: ["route": "\(link.route)", "error": "\(error.message)"]
      )
      return APIResponses.error(
        .internalServerError,
        "internalError",
        "the page could not be made"
      )
    }
  }
}
