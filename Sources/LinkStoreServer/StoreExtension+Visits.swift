import Hummingbird
import LinkServer
import LinkStore
import NIOCore

/// What counting a visit reads of a request, whichever path answered it: a landing page seen
/// by the observer, a short link answered from memory, or one answered by hummingbird. Each
/// path makes one, and every visit is classified and counted by the same two calls
/// (``StoreExtension/visitor(_:)`` and ``StoreExtension/record(_:as:route:code:)``), so the
/// paths cannot drift apart.
struct Visit {
  let client: ClientClassification
  let method: String
  /// Read to classify the request only; never stored.
  let userAgent: String?
  /// The prefetch purpose, in any of its spellings (``PrefetchPurpose``).
  let purpose: String?
  let referrerHost: String?
  /// `X-Forwarded-For`, used only with `--trust-forwarded-for`; never stored.
  let forwardedFor: String?
  /// Never stored.
  let remoteAddress: SocketAddress?
}

extension Visit {
  /// A landing page of the table, as the server's observer reports it.
  init(_ event: RequestEvent) {
    self.init(
      client: event.client,
      method: event.client.probeMethod ?? "GET",
      userAgent: event.userAgent,
      purpose: event.purpose,
      referrerHost: event.referrerHost,
      forwardedFor: event.forwardedFor,
      remoteAddress: event.remoteAddress
    )
  }

  /// A request on the event loop.
  init(_ request: MemoryRequest, client: ClientClassification, server: LinkServerContext) {
    self.init(
      client: client,
      method: request.method.rawValue,
      userAgent: request.header("user-agent"),
      purpose: request.purpose,
      referrerHost: server.referrerHost(request.header("referer")),
      forwardedFor: request.header("x-forwarded-for"),
      remoteAddress: request.remoteAddress
    )
  }

  /// A request hummingbird answers.
  init(
    _ request: Request,
    _ context: LinkRequestContext,
    client: ClientClassification,
    server: LinkServerContext
  ) {
    self.init(
      client: client,
      method: request.method.rawValue,
      userAgent: request.headers[.userAgent],
      purpose: PrefetchPurpose.value(of: request.headers),
      referrerHost: server.referrerHost(request.headers[.referer]),
      forwardedFor: request.headers[StoreExtension.forwardedFor],
      remoteAddress: context.remoteAddress
    )
  }
}

extension StoreExtension {
  /// A person, or a bot and why.
  func visitor(_ visit: Visit) -> Visitor {
    clicks.visitor(
      client: visit.client,
      method: visit.method,
      userAgent: visit.userAgent,
      purpose: visit.purpose
    )
  }

  /// Counts a visit of `route` (and of the short link `code`): the one click-recording call
  /// of every path. Nothing when clicks are not recorded. A person's request that carried the
  /// scan marker (`scan`, LinkKit's `ScanMarker`) is counted as a scan instead of a click; a
  /// bot's stays a bot's page hit.
  func record(_ visit: Visit, as visitor: Visitor, route: String, code: String?, scan: Bool = false)
  {
    guard settings.recordClicks else { return }
    clicks.record(
      scan && visitor == .human ? .scan : .page,
      route: route,
      code: code,
      visitor: visitor,
      client: visit.client,
      referrerHost: visit.referrerHost,
      visitorHash: clicks.visitorHash(
        visitor,
        forwardedFor: trustedForwardedFor(visit.forwardedFor),
        remoteAddress: visit.remoteAddress,
        userAgent: visit.userAgent
      )
    )
  }
}
