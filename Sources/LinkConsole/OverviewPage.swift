import LinkStore

/// The overview's content: the range picker, the totals with their change, a chart per metric,
/// the numbers per day, and the breakdowns. Shared by `/console` (and a link's page) and
/// `linkgen stats --html`.
package struct OverviewPage {
  let strings: ConsoleStrings
  let overview: ConsoleOverview

  package init(strings: ConsoleStrings, overview: ConsoleOverview) {
    self.strings = strings
    self.overview = overview
  }

  /// The range form: presets as links, from–to as dates.
  static func rangeForm(
    _ html: inout HTML,
    _ strings: ConsoleStrings,
    _ range: DayRange,
    action: SafeURL,
    extra: [(String, String)] = []
  ) {
    html.element("form", [.class("range"), Attribute("method", "get"), .url("action", action)]) {
      form in
      for (name, value) in extra {
        form.void(
          "input",
          [Attribute("type", "hidden"), Attribute("name", name), Attribute("value", value)]
        )
      }
      for (days, label) in [(7, strings.last7), (30, strings.last30), (90, strings.last90)] {
        let current: [Attribute] = range.preset == days ? [Attribute("aria-current", "true")] : []
        form.element(
          "button",
          [
            .class(range.preset == days ? "" : "quiet"), Attribute("name", "range"),
            Attribute("value", String(days)), Attribute("type", "submit"),
          ] + current,
          text: label
        )
      }
      for (name, label, day) in [("from", strings.from, range.from), ("to", strings.to, range.to)] {
        form.element("label") { label_ in
          label_.text(label + " ")
          label_.void(
            "input",
            [Attribute("type", "date"), Attribute("name", name), Attribute("value", "\(day)")]
          )
        }
      }
      form.element("button", [.class("quiet"), Attribute("type", "submit")], text: strings.show)
    }
  }

  /// The totals, charts, numbers per day and breakdowns.
  package func body(_ html: inout HTML) {
    totals(&html)
    html.element("div", [.class("grid")]) { grid in
      let now = overview.days
      let metrics = ConsoleCounts().values(strings)
      for (index, metric) in metrics.enumerated() {
        let values = now.map { $0.values(strings)[index].value }
        ConsoleChart.draw(
          &grid,
          title: metric.name,
          values: values,
          days: overview.range.days,
          colour: index + 1
        )
      }
    }
    dailyTable(&html)
    html.element("div", [.class("grid")]) { grid in
      for breakdown in overview.breakdowns { self.breakdown(&grid, breakdown) }
    }
  }

  private func totals(_ html: inout HTML) {
    let previous = overview.previous.values(strings)
    html.element("div", [.class("totals")]) { row in
      for (index, metric) in overview.totals.values(strings).enumerated() {
        let change = ConsoleFormat.change(metric.value, previous[index].value)
        row.element("div", [.class("total card")]) { card in
          card.element("div", text: metric.name)
          card.element("div", [.class("n")], text: ConsoleFormat.number(metric.value))
          let direction = change.up.map { $0 ? "d up" : "d down" } ?? "d"
          card.element("div", [.class(direction)], text: "\(change.text) \(strings.previousPeriod)")
        }
      }
    }
  }

  private func dailyTable(_ html: inout HTML) {
    html.element("details") { details in
      details.element("summary", text: "\(strings.day) · \(strings.chartLabel)")
      details.element("div", [.class("scroll")]) { scroll in
        scroll.element("table") { table in
          table.element("tr") { row in
            row.element("th", text: strings.day)
            for metric in ConsoleCounts().values(strings) {
              row.element("th", [.class("n")], text: metric.name)
            }
          }
          for (day, metrics) in zip(overview.range.days, overview.days).reversed() {
            table.element("tr") { row in
              row.element("td", text: "\(day)")
              for metric in metrics.values(strings) {
                row.element("td", [.class("n")], text: ConsoleFormat.number(metric.value))
              }
            }
          }
        }
      }
    }
  }

  private func breakdown(_ html: inout HTML, _ breakdown: ConsoleBreakdown) {
    html.element("section", [.class("card")]) { section in
      section.element("h2", text: breakdown.title(strings))
      guard !breakdown.rows.isEmpty else {
        section.element("p", [.class("hint")], text: strings.noData)
        return
      }
      section.element("table") { table in
        for row in breakdown.rows {
          table.element("tr") { line in
            line.element("td") { cell in
              if breakdown.kind == .links {
                cell.element("a", [.url("href", .console("links", row.label))], text: row.label)
              } else {
                cell.element("span", [.class("mono")], text: row.label)
              }
            }
            line.element("td", [.class("n")], text: ConsoleFormat.number(row.count))
          }
        }
      }
    }
  }
}
