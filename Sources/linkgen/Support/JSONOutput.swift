import LinkKit

/// The JSON the commands print with `--format json`. Keys keep the documented order.
enum JSONOutput {
  /// `{"route", "params", "links": {"scheme", "universal", "appStore", …}}` (LinkKit's shape).
  static func make(values: RouteValues, links: LinkSet) -> String {
    render(LinkSet.json(values: values, links: links))
  }

  /// `{"route", "params", "kind", "ignored": [{"name", "value"}]}` (LinkKit's shape).
  static func parse(_ parsed: ParsedLink) -> String {
    render(parsed.json)
  }

  static func render(_ value: JSONValue) -> String { value.rendered() }
}

extension JSONOutput {
  /// `{"app": {…}, "routes": [{"name", "summary", "parameters", "scheme", "universal"}]}`.
  static func routes(_ table: RouteTable) -> String {
    let routes = table.routes.map { route -> JSONValue in
      .object([
        ("name", .string(route.name)),
        ("summary", route.summary.map(JSONValue.string) ?? .null),
        (
          "parameters",
          .array(
            route.parameters.map { parameter in
              .object([
                ("name", .string(parameter.name)),
                ("type", .string(parameter.type.name)),
                ("description", .string(parameter.type.description)),
                ("optional", .bool(parameter.isOptional)),
                ("default", parameter.defaultValue?.json ?? .null),
              ])
            }
          )
        ),
        ("scheme", .string(route.schemePattern.template)),
        ("universal", .string(route.universalPattern.template)),
      ])
    }
    return render(
      .object([
        ("scheme", .string(table.app.scheme)),
        ("domains", .array(table.app.domains.map(JSONValue.string))),
        ("routes", .array(routes)),
      ])
    )
  }
}
