import LinkStore

/// Charts drawn on the server as inline SVG: one metric per chart (one axis), the range's days
/// on the x axis, the total and the largest day written beside it, each bar titled with its day
/// and value. Colours come from the stylesheet's classes (`m1`…`m6`), so they follow dark mode.
enum ConsoleChart {
  static let width = 600
  static let height = 120

  /// A chart of one metric over `days`.
  static func draw(
    _ html: inout HTML,
    title: String,
    values: [Int],
    days: [ClickDay],
    colour: Int
  ) {
    let total = values.reduce(0, +)
    let peak = values.max() ?? 0
    html.element("figure", [.class("chart card")]) { figure in
      figure.element("figcaption", [.class("chart-head")]) { caption in
        caption.element("span", text: title)
        caption.element("span", [.class("n")], text: ConsoleFormat.number(total))
      }
      figure.element(
        "svg",
        [
          Attribute("viewBox", "0 0 \(width) \(height + 18)"), Attribute("role", "img"),
          Attribute("aria-label", "\(title): \(total)"),
          Attribute("xmlns", "http://www.w3.org/2000/svg"),
        ]
      ) { svg in
        bars(&svg, values: values, days: days, peak: peak, colour: colour)
        labels(&svg, days: days, peak: peak)
      }
    }
  }

  private static func bars(
    _ svg: inout HTML,
    values: [Int],
    days: [ClickDay],
    peak: Int,
    colour: Int
  ) {
    let step = Double(width) / Double(max(values.count, 1))
    let barWidth = max(step * 0.8, 1)
    svg.shape(
      "line",
      [
        .class("axis"), Attribute("x1", "0"), Attribute("y1", "\(height)"),
        Attribute("x2", "\(width)"), Attribute("y2", "\(height)"),
      ]
    )
    for (index, value) in values.enumerated() {
      let barHeight = peak > 0 ? Double(height - 14) * Double(value) / Double(peak) : 0
      let x = Double(index) * step + (step - barWidth) / 2
      svg.element(
        "rect",
        [
          .class("bar m\(colour)"), Attribute("x", ConsoleFormat.decimal(x)),
          Attribute("y", ConsoleFormat.decimal(Double(height) - barHeight)),
          Attribute("width", ConsoleFormat.decimal(barWidth)),
          Attribute("height", ConsoleFormat.decimal(barHeight)),
        ]
      ) { bar in
        bar.element("title", text: "\(days[index]): \(ConsoleFormat.number(value))")
      }
    }
  }

  private static func labels(_ svg: inout HTML, days: [ClickDay], peak: Int) {
    guard let first = days.first, let last = days.last else { return }
    svg.element("text", [Attribute("x", "0"), Attribute("y", "\(height + 14)")], text: "\(first)")
    svg.element(
      "text",
      [
        Attribute("x", "\(width)"), Attribute("y", "\(height + 14)"),
        Attribute("text-anchor", "end"),
      ],
      text: "\(last)"
    )
    svg.element(
      "text",
      [Attribute("x", "0"), Attribute("y", "10")],
      text: "max \(ConsoleFormat.number(peak))"
    )
  }
}

/// Numbers and dates as the console writes them.
enum ConsoleFormat {
  /// An integer with thousands separators (`12,345`).
  static func number(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var output = ""
    for (index, character) in digits.enumerated() {
      if index > 0 && (digits.count - index) % 3 == 0 { output += "," }
      output.append(character)
    }
    return value < 0 ? "-" + output : output
  }

  /// A coordinate with at most one decimal.
  static func decimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
  }

  /// The change from `before` to `now` as `+12 %`, `−5 %`, or `new` when there was nothing.
  static func change(_ now: Int, _ before: Int) -> (text: String, up: Bool?) {
    guard before > 0 else { return now > 0 ? ("new", true) : ("–", nil) }
    let percent = Int((Double(now - before) * 100 / Double(before)).rounded())
    if percent == 0 { return ("±0 %", nil) }
    return (percent > 0 ? "+\(percent) %" : "−\(-percent) %", percent > 0)
  }
}
