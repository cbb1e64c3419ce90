import Foundation

/// The overview as one self-contained HTML file (`linkgen stats --html`): the stylesheet
/// inline, the charts inline SVG, no script, no network; to mail or archive.
package enum ConsoleReport {
  /// The report of `overview`, in English or Korean (`language`: `en` or `ko`).
  package static func html(_ overview: ConsoleOverview, language: String = "en", title: String)
    -> String
  {
    let strings = language == "ko" ? ConsoleStrings.korean : ConsoleStrings.english
    let html = ConsoleLayout.document(language: strings.language, title: title) { head in
      head.element("style", text: "")
    } body: { body in
      body.element("main") { main in
        main.element("h1", text: title)
        main.element(
          "p",
          [.class("hint")],
          text: "\(overview.range.from) – \(overview.range.to) (UTC)"
        )
        OverviewPage(strings: strings, overview: overview).body(&main)
      }
    }
    // The stylesheet is the program's own constant, with no `<`: safe inside <style>.
    return html.text.replacingOccurrences(
      of: "<style></style>",
      with: "<style>" + ConsoleAssets.stylesheet + "</style>"
    )
  }
}
