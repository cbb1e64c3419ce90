import LinkKit

/// The readable output of the commands: one `label  value` line each, labels aligned.
enum TextOutput {
  static func links(_ links: LinkSet) -> String {
    table(LinkSet.Key.allCases.compactMap { key in links[key].map { (key.rawValue, $0) } })
  }

  static func parsed(_ parsed: ParsedLink) -> String {
    var rows = [("route", parsed.route.name), ("kind", parsed.kind.rawValue)]
    for (parameter, value) in parsed.values.all {
      rows.append((parameter.name, value?.description ?? "(none)"))
    }
    if !parsed.ignoredQueryItems.isEmpty {
      rows.append(("ignored", parsed.ignoredQueryItems.map(\.description).joined(separator: ", ")))
    }
    return table(rows)
  }

  static func routes(_ table: RouteTable) -> String {
    var blocks: [String] = []
    for route in table.routes {
      var lines = [route.name + (route.summary.map { "  — \($0)" } ?? "")]
      for parameter in route.parameters {
        var line = "  --\(parameter.name) <\(parameter.type)>"
        if parameter.allowsNilUUID { line += "  (nil UUID allowed)" }
        if let value = parameter.defaultValue {
          line += "  (default \(value))"
        } else if parameter.isOptional {
          line += "  (optional)"
        }
        lines.append(line)
      }
      lines.append("  scheme:    \(route.schemePattern.template)")
      lines.append(
        "  universal: https://\(table.app.canonicalDomain)\(route.universalPattern.template)"
      )
      blocks.append(lines.joined(separator: "\n"))
    }
    return blocks.joined(separator: "\n\n")
  }

  static func table(_ rows: [(String, String)]) -> String {
    let width = (rows.map(\.0.count).max() ?? 0) + 2
    return rows.map { label, value in
      label + String(repeating: " ", count: width - label.count) + value
    }.joined(separator: "\n")
  }
}
