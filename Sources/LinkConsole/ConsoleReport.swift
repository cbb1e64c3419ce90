import Foundation

/// The overview as one self-contained HTML file (`linkgen stats --html`): the stylesheet
/// inline, the charts inline SVG, no script, no network; to mail or archive.
package enum ConsoleReport {
  /// The report of `overview`, in English or Korean (`language`: `en` or `ko`).
  package static func html(_ overview: ConsoleOverview, language: String = "en", title: String)
    -> String
  {
    let strings = language == "ko" ? ConsoleStrings.korean : ConsoleStrings.english
    var html = HTML()
    html.markup("<!doctype html>")
    html.open("html", [Attribute("lang", strings.language)])
    html.element("head") { head in
      head.void("meta", [Attribute("charset", "utf-8")])
      head.void(
        "meta",
        [Attribute("name", "viewport"), Attribute("content", "width=device-width,initial-scale=1")]
      )
      head.element("title", text: title)
      head.element("style", text: "")
    }
    html.open("body")
    html.element("main") { main in
      main.element("h1", text: title)
      main.element(
        "p",
        [.class("hint")],
        text: "\(overview.range.from) – \(overview.range.to) (UTC)"
      )
      OverviewPage(strings: strings, overview: overview).body(&main)
    }
    html.close("body")
    html.close("html")
    // The stylesheet is the program's own constant, with no `<`: safe inside <style>.
    return html.text.replacingOccurrences(
      of: "<style></style>",
      with: "<style>" + ConsoleAssets.stylesheet + "</style>"
    )
  }
}
