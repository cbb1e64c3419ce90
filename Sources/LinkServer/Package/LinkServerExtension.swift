package import HTTPTypes
package import Hummingbird
package import LinkKit
package import Logging
package import NIOCore
import NIOHTTP1
package import ServiceLifecycle

/// The request context of linkgen's server: hummingbird's core context and the connection.
package struct LinkRequestContext: RequestContext {
  package var coreContext: CoreRequestContextStorage
  /// The connection the request came on.
  package let channel: any Channel

  package init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    channel = source.channel
  }

  /// The client's address (the proxy's, behind one).
  package var remoteAddress: SocketAddress? { channel.remoteAddress }
}

/// What later parts of linkgen (short links, the API, click statistics, deferred links) add to
/// `linkgen serve`, set in ``LinkServer/Configuration/extensions``:
///
/// - routes under path prefixes of their own (`/s/`, `/api/v1/`), any method, bodies up to
///   ``LinkServer/Configuration/maximumRequestBodySize``; checked before the server's routes;
/// - for those routes, answers held in memory (a popular short link's page), sent on the
///   connection's event loop before the request reaches hummingbird, as the server's own
///   cached pages are, and answers that wait for a quick read (a short link read from
///   PostgreSQL), sent the same way when it completes;
/// - an observer of every answered request (``RequestEvent``), for click recording;
/// - services that run beside the server and stop after it (a click buffer's flusher);
/// - a health check that `GET /healthz` consults.
///
/// The server adds its security headers to an extension's responses that lack them, counts
/// them in the metrics under the endpoint the extension names, and logs them.
package protocol LinkServerExtension: Sendable {
  /// Path prefixes answered by ``respond(to:context:server:)``, each starting and ending with
  /// `/` (`/s/`).
  var pathPrefixes: [String] { get }

  /// Answers a request whose path starts with one of ``pathPrefixes``.
  func respond(
    to request: Request,
    context: LinkRequestContext,
    server: LinkServerContext
  ) async throws -> ExtensionResponse

  /// Answers a `GET` or `HEAD` without a body, under one of ``pathPrefixes``, from memory:
  /// called on the connection's event loop before ``respond(to:context:server:)``, it must not
  /// wait. `nil` passes the request on to ``respond(to:context:server:)``, so it must have done
  /// nothing that the request's answer there would do again (count a click, take from a rate
  /// limit that lets the request through).
  func answerFromMemory(_ request: MemoryRequest, server: LinkServerContext) -> MemoryAnswer?

  /// Answers a request that ``answerFromMemory(_:server:)`` passed on, once something quick
  /// it waits for is done (a short link read from the database): called on the connection's
  /// event loop, which holds the connection's later requests until the future completes.
  /// An answer is sent as ``answerFromMemory(_:server:)``'s; a future that gives `nil`, or no
  /// future, passes the request on to ``respond(to:context:server:)`` under the same rule
  /// (nothing done that the answer there would do again).
  func answerSoon(
    _ request: MemoryRequest,
    server: LinkServerContext,
    on loop: any EventLoop
  ) -> EventLoopFuture<MemoryAnswer?>?

  /// Sees every request the server answered, its own routes' and the extensions'. Called on
  /// the request's task after the response is ready: it must not wait.
  func observe(_ event: RequestEvent)

  /// Services that run while the server runs (started before it listens, shut down after it
  /// stops accepting and has finished its requests).
  var services: [any Service] { get }

  /// `nil` when healthy, or a sentence that `GET /healthz` reports with status 503.
  func healthProblem() async -> String?
}

extension LinkServerExtension {
  package func answerFromMemory(_ request: MemoryRequest, server: LinkServerContext)
    -> MemoryAnswer?
  { nil }
  package func answerSoon(
    _ request: MemoryRequest,
    server: LinkServerContext,
    on loop: any EventLoop
  ) -> EventLoopFuture<MemoryAnswer?>? { nil }
  package func observe(_ event: RequestEvent) {}
  package var services: [any Service] { [] }
  package func healthProblem() async -> String? { nil }
}

/// An extension's answer with its labels for the metrics and the log.
package struct ExtensionResponse: Sendable {
  package var response: Response
  /// The `endpoint` label (`short_link`, `api_links`).
  package var endpoint: String
  /// The route the request was for, if any.
  package var route: String?

  package init(_ response: Response, endpoint: String, route: String? = nil) {
    self.response = response
    self.endpoint = endpoint
    self.route = route
  }
}

/// A `GET` or `HEAD` without a body, as ``LinkServerExtension/answerFromMemory(_:server:)``
/// sees it on the event loop.
package struct MemoryRequest: Sendable {
  /// `GET` or `HEAD`.
  package let method: HTTPRequest.Method
  /// The request target as sent: the path and the query.
  package let target: String
  /// The connection's peer (the proxy's address, behind one).
  package let remoteAddress: SocketAddress?
  let headers: HTTPHeaders

  /// The target's path: the target up to its `?`.
  package var path: Substring {
    target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[..<$0] } ?? target[...]
  }

  /// A header's value (the name in any case); the values of a header sent on several lines
  /// joined with `, `, as hummingbird's `Request` gives them.
  package func header(_ name: String) -> String? { headers.combinedValue(name) }
}

extension HTTPHeaders {
  /// A header's value (the name in any case); the values of a header sent on several lines
  /// joined with `, `, as hummingbird's `Request` gives them. `nil` when absent.
  func combinedValue(_ name: String) -> String? {
    var value: String?
    for (field, fieldValue) in self where Self.sameName(field, name) {
      value = value.map { $0 + ", " + fieldValue } ?? fieldValue
    }
    return value
  }

  /// Whether two header names are equal, ASCII letters compared without case.
  private static func sameName(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count
      && zip(a.utf8, b.utf8).allSatisfy { x, y in
        x == y || (x ^ y == 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
      }
  }
}

/// An answer held in memory, with its labels for the metrics and the log.
package struct MemoryAnswer: Sendable {
  /// The response; `HEAD` and `If-None-Match` are answered from it as for the server's pages.
  package var response: CannedResponse
  /// Header lines sent after the response's own (`RateLimit-Remaining`): names and values of
  /// visible ASCII only.
  package var headers: [(name: String, value: String)]
  /// The `endpoint` label.
  package var endpoint: String
  /// The route the request was for, if any.
  package var route: String?

  package init(
    _ response: CannedResponse,
    headers: [(name: String, value: String)] = [],
    endpoint: String,
    route: String? = nil
  ) {
    self.response = response
    self.headers = headers
    self.endpoint = endpoint
    self.route = route
  }
}

/// One answered request, as an extension's observer sees it. The user agent and the
/// `Sec-Purpose` header are there to classify the request (a person, a tool, a prefetch), the
/// addresses to tell visitors apart for a day (a salted hash); none of them may be kept.
package struct RequestEvent: Sendable {
  /// The `endpoint` label (`page`, `qr`, `not_found`, an extension's).
  package let endpoint: String
  /// The table's route, for pages and QR codes.
  package let route: String?
  /// The status sent.
  package let status: Int
  /// Who asked.
  package let client: ClientClassification
  /// A landing page asked for with the scan marker (`src=qr`, LinkKit's `ScanMarker`), for a
  /// route it fits: a printed code scanned, if a person sent it (ServerCore+Scans.swift).
  package let scan: Bool
  /// The host of the `Referer`, if any.
  package let referrerHost: String?
  /// The `User-Agent`, to classify the request only; never to be stored.
  package let userAgent: String?
  /// The request's prefetch purpose, in any of its spellings (``PrefetchPurpose``).
  package let purpose: String?
  /// The connection's peer (the proxy's, behind one); never to be stored.
  package let remoteAddress: SocketAddress?
  /// The `X-Forwarded-For` header, for extensions that trust the proxy in front; never to be
  /// stored.
  package let forwardedFor: String?
}

/// What the server offers its extensions.
package struct LinkServerContext: Sendable {
  /// The route table.
  package let table: RouteTable
  /// The landing pages, for a short link's page.
  package let pages: LandingPages
  /// The metrics, for an extension's own instruments.
  package let metrics: ServerMetrics
  /// The server's logger.
  package let logger: Logger
  let notFound: NotFoundPages
  let security: SecurityHeaders

  /// The 404 page for a request (in its language).
  package func notFound(_ request: Request) -> Response { notFound.response(to: request) }

  /// The 404 page in the language of an `Accept-Language` header, as held in memory.
  package func notFoundPage(acceptLanguage: String?) -> CannedResponse {
    notFound.page(for: acceptLanguage)
  }

  /// A response to keep and send many times (from
  /// ``LinkServerExtension/answerFromMemory(_:server:)``): the server's security headers with
  /// the default policy, no `ETag`.
  package func cannedResponse(
    status: HTTPResponse.Status = .ok,
    contentType: String,
    body: [UInt8],
    cacheControl: String
  ) -> CannedResponse {
    CannedResponse(
      status: status,
      contentType: contentType,
      body: body,
      cacheControl: cacheControl,
      tagged: false,
      security: security
    )
  }

  /// The host of a `Referer` URL, lower case, when it is a plain host name (as in
  /// ``RequestEvent/referrerHost``).
  package func referrerHost(_ referrer: String?) -> String? {
    LinkResponder.host(ofReferrer: referrer)
  }
}
