import Foundation
import HTTPTypes
import Hummingbird
import LinkServer
import LinkStore

extension ConsoleExtension {
  /// A signed-in request: a `POST` needs the session's CSRF token (403 and nothing changes
  /// without it); `GET` and `HEAD` read.
  func signedIn(_ call: ConsoleCall, _ session: SignedIn, _ server: LinkServerContext) async
    -> Response
  {
    let layout = ConsoleLayout(strings: call.strings, csrf: session.token.csrf)
    let segments = call.route.split(separator: "/").map(String.init)
    do {
      switch call.request.method {
      case .post:
        let form = await Self.form(call.request) ?? FormData("")
        guard session.token.acceptsCSRF(form["csrf"]) else {
          return ConsoleResponses.refusal(.forbidden, call.strings.forbidden)
        }
        return try await post(segments, call, form, session, layout)
      case .get, .head:
        return try await get(segments, call, layout)
      default:
        return ConsoleResponses.refusal(.methodNotAllowed, "use GET or POST")
      }
    } catch {
      return ConsoleResponses.refusal(.serviceUnavailable, error.message)
    }
  }

  private func get(_ segments: [String], _ call: ConsoleCall, _ layout: ConsoleLayout)
    async throws -> Response
  {
    switch segments.count {
    case 0: return try await overview(call, layout)
    case 1 where segments[0] == "overview.csv": return try await overviewCSV(call)
    case 1 where segments[0] == "links": return try await linksPage(call, layout)
    case 1 where segments[0] == "links.csv": return try await linksCSV(call)
    case 2 where segments == ["links", "new"]:
      return ConsoleResponses.page(newLinkPage(call, layout, NewLinkForm(call.query)))
    case 2 where segments[0] == "links": return try await linkPage(segments[1], call, layout)
    case 3 where segments[0] == "links" && ["qr.png", "qr.svg"].contains(segments[2]):
      return try await qrCode(segments[1], png: segments[2] == "qr.png", call)
    default: return notFound(call, layout)
    }
  }

  private func post(
    _ segments: [String],
    _ call: ConsoleCall,
    _ form: FormData,
    _ session: SignedIn,
    _ layout: ConsoleLayout
  ) async throws -> Response {
    switch segments {
    case ["sign-out"]: return await signOut(session)
    case ["links", "new"]: return await createLink(call, form, session, layout)
    case let path where path.count == 3 && path[0] == "links" && path[2] == "delete":
      guard form["confirm"] == "yes" else {
        return ConsoleResponses.redirect("/console/links/" + SafeURL.percentEncoded(path[1]))
      }
      try await store.deleteLink(code: path[1])
      return ConsoleResponses.redirect("/console/links")
    default: return notFound(call, layout)
    }
  }

  func notFound(_ call: ConsoleCall, _ layout: ConsoleLayout) -> Response {
    let html = layout.page(call.strings.notFound, .overview) { main in
      main.element("h1", text: call.strings.notFound)
    }
    return ConsoleResponses.page(html, status: .notFound)
  }

  private func overview(_ call: ConsoleCall, _ layout: ConsoleLayout) async throws -> Response {
    let range = DayRange(call.query, today: ClickDay(call.now))
    let overview = try await store.consoleOverview(range)
    let html = layout.page(call.strings.overview, .overview) { main in
      main.element("h1", text: call.strings.overview)
      OverviewPage.rangeForm(&main, call.strings, range, action: .console())
      main.element(
        "p",
        [],
        { p in
          p.element(
            "a",
            [.url("href", .console("overview.csv", query: range.queryItems))],
            text: call.strings.exportCSV
          )
        }
      )
      OverviewPage(strings: call.strings, overview: overview).body(&main)
    }
    return ConsoleResponses.page(html)
  }

  private func overviewCSV(_ call: ConsoleCall) async throws -> Response {
    let range = DayRange(call.query, today: ClickDay(call.now))
    let overview = try await store.consoleOverview(range)
    var csv = StatsCSV()
    csv.row(["day"] + StatsCSV.countColumns)
    for (day, metrics) in zip(range.days, overview.days) {
      csv.row(
        ["\(day)"]
          + [
            metrics.clicks, metrics.visitors, metrics.bots, metrics.storeTaps,
            metrics.deferredOpens, metrics.scans,
          ].map(String.init)
      )
    }
    return ConsoleResponses.bytes(
      Array(csv.text.utf8),
      type: "text/csv; charset=utf-8",
      download: "linkgen-overview-\(range.from)-\(range.to).csv"
    )
  }
}
