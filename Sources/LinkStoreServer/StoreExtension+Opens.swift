import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkPages
import LinkServer
import LinkStore
import Logging
import NIOCore

// `POST /api/v1/opens`: deferred links the apps restored after install.

extension StoreExtension {
  /// `POST /api/v1/opens {"link"}`: public. The app reports, on its first launch, the link it
  /// restored after install (from the clipboard or the Play install referrer): a short link of
  /// this server, a universal link or a scheme link of the table. Counted as a `deferred` event
  /// of its route (and short link); 204, or 400/404 naming the link.
  func reportOpen(_ request: Request) async -> Response {
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
}
