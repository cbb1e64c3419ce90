import Foundation
import Hummingbird
import LinkKit
import LinkStore

extension ConsoleExtension {
  /// The list request a query asks for: `q`, `route`, `after`, and the range of the clicks.
  func listRequest(_ call: ConsoleCall) -> LinkListRequest {
    LinkListRequest(
      search: call.query.trimmed("q").map { String($0.prefix(200)) },
      route: call.query.trimmed("route"),
      after: call.query["after"].flatMap(LinkCursor.init),
      limit: settings.pageSize,
      range: DayRange(call.query, today: ClickDay(call.now))
    )
  }

  /// `GET /console/links`: newest first, a page at a time (keyset), with search, a route
  /// filter and the clicks in the range.
  func linksPage(_ call: ConsoleCall, _ layout: ConsoleLayout) async throws -> Response {
    let request = listRequest(call)
    let page = try await data.links(request)
    let strings = call.strings
    let filters: [(String, String)] =
      [("q", request.search ?? ""), ("route", request.route ?? "")] + request.range.queryItems
    let html = layout.page(strings.links, .links) { main in
      main.element("h1", text: strings.links)
      filterForm(&main, strings, request)
      main.element("p") { p in
        p.element(
          "a",
          [
            .url(
              "href",
              .console(
                "links.csv",
                query: filters + [("after", call.query["after"] ?? "")]
              )
            )
          ],
          text: strings.exportCSV
        )
      }
      linksTable(&main, strings, page.items)
      if let next = page.next {
        main.element("nav", [.class("pager")]) { nav in
          nav.element(
            "a",
            [.url("href", .console("links", query: filters + [("after", next.text)]))],
            text: strings.nextPage
          )
        }
      }
    }
    return ConsoleResponses.page(html)
  }

  private func filterForm(_ html: inout HTML, _ strings: ConsoleStrings, _ request: LinkListRequest)
  {
    html.element(
      "form",
      [.class("filters"), Attribute("method", "get"), .url("action", .console("links"))]
    ) { form in
      form.element("label") { label in
        label.text(strings.search + " ")
        label.void(
          "input",
          [
            Attribute("type", "search"), Attribute("name", "q"),
            Attribute("value", request.search ?? ""),
          ]
        )
      }
      form.element("label") { label in
        label.text(strings.route + " ")
        label.element("select", [Attribute("name", "route")]) { select in
          select.element("option", [Attribute("value", "")], text: strings.allRoutes)
          for route in store.table?.routes ?? [] {
            let selected: [Attribute] = route.name == request.route ? [.flag("selected")] : []
            select.element("option", [Attribute("value", route.name)] + selected, text: route.name)
          }
        }
      }
      if let preset = request.range.preset {
        form.void(
          "input",
          [
            Attribute("type", "hidden"), Attribute("name", "range"),
            Attribute("value", "\(preset)"),
          ]
        )
      }
      form.element("button", [Attribute("type", "submit")], text: strings.search)
    }
  }

  private func linksTable(_ html: inout HTML, _ strings: ConsoleStrings, _ items: [LinkListItem]) {
    guard !items.isEmpty else {
      html.element("p", [.class("hint")], text: strings.noLinks)
      return
    }
    html.element("div", [.class("scroll")]) { scroll in
      scroll.element("table") { table in
        table.element("tr") { row in
          row.element("th", text: strings.code)
          row.element("th", text: strings.route)
          row.element("th", [.class("hide-narrow")], text: "")
          row.element("th", [.class("hide-narrow")], text: strings.created)
          row.element("th", [.class("n")], text: strings.clicks)
          row.element("th", [.class("n")], text: strings.scans)
        }
        for item in items {
          table.element("tr") { row in
            row.element("td") { cell in
              cell.element("a", [.url("href", .console("links", item.code))], text: item.code)
            }
            row.element("td", text: item.route)
            row.element(
              "td",
              [.class("mono hide-narrow")],
              text: item.values.map { "\($0.0)=\($0.1)" }.joined(separator: " ")
            )
            row.element("td", [.class("hide-narrow")], text: ConsoleFormat.time(item.createdAt))
            row.element("td", [.class("n")], text: ConsoleFormat.number(item.clicks))
            row.element("td", [.class("n")], text: ConsoleFormat.number(item.scans))
          }
        }
      }
    }
  }

  /// `GET /console/links.csv`: the list's current view as CSV.
  func linksCSV(_ call: ConsoleCall) async throws -> Response {
    let page = try await data.links(listRequest(call))
    var csv = StatsCSV()
    csv.row(["code", "route", "params", "created", "clicks", "scans"])
    for item in page.items {
      csv.row([
        item.code, item.route, item.values.map { "\($0.0)=\($0.1)" }.joined(separator: "&"),
        ConsoleFormat.time(item.createdAt), String(item.clicks), String(item.scans),
      ])
    }
    return ConsoleResponses.bytes(
      Array(csv.text.utf8),
      type: "text/csv; charset=utf-8",
      download: "linkgen-links.csv"
    )
  }
}

extension ConsoleFormat {
  /// A time as `YYYY-MM-DD HH:MM` UTC.
  static func time(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let day = ClickDay(daysSince1970: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    let within = seconds - day.daysSince1970 * 86_400
    let hours = within / 3600
    let minutes = within % 3600 / 60
    return "\(day) \(hours < 10 ? "0" : "")\(hours):\(minutes < 10 ? "0" : "")\(minutes)"
  }
}
