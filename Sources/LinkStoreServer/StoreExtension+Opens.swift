import HTTPTypes
import LinkKit
import LinkServer
import LinkStore

// `POST /api/v1/opens`: deferred links the apps restored after install, and scans that opened
// the app directly.

/// What an app reported with `POST /api/v1/opens {"link"}` (public), on its first launch: the
/// link it restored after install (from the clipboard or the Play install referrer) — a short
/// link of this server, a universal link or a scheme link of the table — counted as a
/// `deferred` event of its route (and short link). A link that carries the scan marker
/// (`src=qr`, LinkKit's `ScanMarker`: a printed `--count-scans` code) is a scan that opened the
/// app directly, and is counted as a `scan` event of its route and short link instead.
struct OpenReport {
  let route: String
  let code: String?
  /// The link carried the scan marker.
  let scan: Bool

  /// The report of `link`, or the answer refusing it (400, 404 naming `link`, 503).
  static func read(_ link: String, handlers: APIHandlers) async -> Result<OpenReport, APIFailure> {
    let unmarked = ScanMarker.removing(from: link)
    let text = unmarked ?? link
    if let short = DeferredOpenReport.shortCode(
      in: text,
      domains: handlers.store.table?.app.domains ?? [],
      prefix: handlers.shortPrefix
    ) {
      return await shortLink(short, scan: unmarked != nil, handlers)
    }
    guard let parsed = try? handlers.store.table?.parse(text) else {
      return .failure(
        APIFailure(
          .badRequest,
          "invalidRequest",
          "the link is neither a short link of this server nor a link of the route table",
          field: "link"
        )
      )
    }
    return .success(OpenReport(route: parsed.route.name, code: nil, scan: unmarked != nil))
  }

  /// A short link's report: its route and code, whatever its state (an expired or used-up
  /// link still counts the open); 404 for an unknown code.
  private static func shortLink(_ code: String, scan: Bool, _ handlers: APIHandlers) async
    -> Result<OpenReport, APIFailure>
  {
    let state: ShortLinkState
    do throws(StoreError) {
      if let cached = handlers.cache.state(of: code) {
        state = cached
      } else {
        state = try await handlers.store.link(code: code)
      }
      handlers.health.succeeded()
    } catch {
      handlers.health.failed(error)
      return .failure(APIFailure(error))
    }
    switch state {
    case .active(let link), .expired(let link), .exhausted(let link):
      return .success(OpenReport(route: link.route, code: link.code, scan: scan))
    case .notFound:
      return .failure(APIFailure.noSuchCode(code, field: "link"))
    }
  }

  /// Counts the report. As a person's: the report comes from the app, whose HTTP library
  /// (okhttp, CFNetwork) would look like a tool to the bots' rules.
  func record(_ clicks: ClickRecording, userAgent: String?) {
    clicks.record(
      scan ? .scan : .deferredOpen,
      route: route,
      code: code,
      visitor: .human,
      client: ClientClassification(userAgent: userAgent, method: .post),
      referrerHost: nil
    )
  }
}
