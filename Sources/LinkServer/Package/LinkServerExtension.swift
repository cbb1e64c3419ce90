package import Hummingbird
package import LinkKit
package import Logging
package import NIOCore
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

/// One answered request, as an extension's observer sees it: no address. The user agent and
/// the `Sec-Purpose` header are there to classify the request (a person, a tool, a prefetch)
/// and must not be kept.
package struct RequestEvent: Sendable {
  /// The `endpoint` label (`page`, `qr`, `not_found`, an extension's).
  package let endpoint: String
  /// The table's route, for pages and QR codes.
  package let route: String?
  /// The status sent.
  package let status: Int
  /// Who asked.
  package let client: ClientClassification
  /// The host of the `Referer`, if any.
  package let referrerHost: String?
  /// The `User-Agent`, to classify the request only; never to be stored.
  package let userAgent: String?
  /// The `Sec-Purpose` (or `Purpose`) header: `prefetch` for a browser's prefetch.
  package let purpose: String?
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

  /// The 404 page for a request (in its language).
  package func notFound(_ request: Request) -> Response { notFound.response(to: request) }

  /// The host of a `Referer` URL, lower case, when it is a plain host name (as in
  /// ``RequestEvent/referrerHost``).
  package func referrerHost(_ referrer: String?) -> String? {
    LinkResponder.host(ofReferrer: referrer)
  }
}
