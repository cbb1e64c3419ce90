import Foundation
import Hummingbird
import LinkKit
import LinkQR
import LinkStore

extension ConsoleExtension {
  /// `GET /console/links/<code>`: the link set with copy buttons, its QR code and downloads,
  /// expiry and visit limit, its chart and breakdowns, and deletion behind a confirmation.
  func linkPage(_ code: String, _ call: ConsoleCall, _ layout: ConsoleLayout) async throws
    -> Response
  {
    guard let link = try await store.link(code: code, now: call.now).link else {
      return notFound(call, layout)
    }
    let range = DayRange(call.query, today: ClickDay(call.now))
    let overview = try await store.consoleOverview(range, code: link.code)
    let strings = call.strings
    let scans = call.query["scans"] == "1"
    let html = layout.page(link.code, .links) { main in
      main.element("h1") { h1 in
        h1.element("span", [.class("mono")], text: link.code)
      }
      main.element("div", [.class("grid")]) { grid in
        linkSet(&grid, link, strings, layout)
        qrSection(&grid, link, strings, scans: scans)
      }
      OverviewPage.rangeForm(
        &main,
        strings,
        range,
        action: .console("links", link.code),
        extra: scans ? [("scans", "1")] : []
      )
      OverviewPage(strings: strings, overview: overview).body(&main)
      deleteForm(&main, link, strings, layout)
    }
    return ConsoleResponses.page(html)
  }

  private func linkSet(
    _ html: inout HTML,
    _ link: ShortLink,
    _ strings: ConsoleStrings,
    _ layout: ConsoleLayout
  ) {
    html.element("section", [.class("card")]) { card in
      card.element("dl", [.class("links")]) { list in
        let entries: [(String, String)] = [
          (strings.shortLink, link.shortURL), (strings.universalLink, link.links.universal),
          (strings.schemeLink, link.links.scheme), (strings.webLink, link.links.web),
        ]
        for (name, value) in entries {
          list.element("dt", text: name)
          list.element("dd") { dd in
            if let url = SafeURL(https: value) {
              dd.element("a", [.class("mono"), .url("href", url)], text: value)
            } else {
              dd.element("span", [.class("mono")], text: value)
            }
            dd.text(" ")
            layout.copyButton(&dd, value)
          }
        }
        list.element("dt", text: strings.route)
        list.element("dd") { dd in
          dd.element("span", [.class("mono")], text: link.values.description)
        }
        list.element("dt", text: strings.created)
        list.element("dd", text: ConsoleFormat.time(link.createdAt))
        list.element("dt", text: strings.expires)
        list.element("dd", text: link.expiresAt.map(ConsoleFormat.time) ?? strings.never)
        list.element("dt", text: strings.visitLimit)
        list.element(
          "dd",
          text: link.maxVisits.map { "\(link.visits) / \($0) \(strings.visits)" } ?? strings.none
        )
      }
    }
  }

  private func qrSection(
    _ html: inout HTML,
    _ link: ShortLink,
    _ strings: ConsoleStrings,
    scans: Bool
  ) {
    let marker: [(String, String)] = scans ? [("scans", "1")] : []
    html.element("section", [.class("card")]) { card in
      card.element("h2", text: strings.qrCode)
      card.void(
        "img",
        [
          .class("qr"), .url("src", .console("links", link.code, "qr.svg", query: marker)),
          Attribute("alt", "\(strings.qrCode): \(link.shortURL)"), Attribute("width", "220"),
          Attribute("height", "220"),
        ]
      )
      card.element(
        "form",
        [Attribute("method", "get"), .url("action", .console("links", link.code))]
      ) {
        form in
        form.element("label", [.class("inline")]) { label in
          var box: [Attribute] = [
            Attribute("type", "checkbox"), Attribute("name", "scans"), Attribute("value", "1"),
          ]
          if scans { box.append(.flag("checked")) }
          label.void("input", box)
          label.text(" " + strings.countScans)
        }
        form.text(" ")
        form.element("button", [.class("quiet"), Attribute("type", "submit")], text: strings.show)
      }
      card.element("p") { p in
        let download = marker + [("download", "1")]
        p.element(
          "a",
          [
            .class("button"), .url("href", .console("links", link.code, "qr.png", query: download)),
          ],
          text: strings.downloadPNG
        )
        p.text(" ")
        p.element(
          "a",
          [
            .class("button"), .url("href", .console("links", link.code, "qr.svg", query: download)),
          ],
          text: strings.downloadSVG
        )
      }
    }
  }

  private func deleteForm(
    _ html: inout HTML,
    _ link: ShortLink,
    _ strings: ConsoleStrings,
    _ layout: ConsoleLayout
  ) {
    html.element("details", [.class("card")]) { details in
      details.element("summary", text: strings.deleteLink)
      details.element(
        "form",
        [Attribute("method", "post"), .url("action", .console("links", link.code, "delete"))]
      ) { form in
        ConsoleLayout.csrfField(&form, layout.csrf ?? "")
        form.element("label", [.class("inline")]) { label in
          label.void(
            "input",
            [
              Attribute("type", "checkbox"), Attribute("name", "confirm"),
              Attribute("value", "yes"), .flag("required"),
            ]
          )
          label.text(" " + strings.deleteConfirm)
        }
        form.text(" ")
        form.element(
          "button",
          [.class("danger"), Attribute("type", "submit")],
          text: strings.delete
        )
      }
    }
  }

  /// `GET /console/links/<code>/qr.png|qr.svg`: the short link's QR code by LinkQR's
  /// renderers; `scans=1` adds the scan marker (`src=qr`), `download=1` makes it a download.
  func qrCode(_ code: String, png: Bool, _ call: ConsoleCall) async throws -> Response {
    guard let link = try await store.link(code: code, now: call.now).link else {
      return ConsoleResponses.refusal(.notFound, call.strings.notFound)
    }
    let scans = call.query["scans"] == "1"
    let text = link.shortURL + (scans ? "?src=qr" : "")
    let qr = try QRCode(encoding: text)
    let bytes = png ? try qr.png() : Array(try qr.svg().utf8)
    let name = String(link.code.filter { $0.isLetter || $0.isNumber || $0 == "-" }.prefix(64))
    return ConsoleResponses.bytes(
      bytes,
      type: png ? "image/png" : "image/svg+xml",
      download: call.query["download"] == "1"
        ? "\(name.isEmpty ? "link" : name)\(scans ? "-scans" : "").\(png ? "png" : "svg")" : nil
    )
  }
}
