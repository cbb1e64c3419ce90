import LinkKit

/// The JSON the commands print with `--format json`. Keys keep the documented order.
enum JSONOutput {
  /// `{"route", "params", "links": {"scheme", "universal", "appStore", …}}`.
  static func make(values: RouteValues, links: LinkSet) -> String {
    render(
      .object([
        ("route", .string(values.routeName)),
        ("params", params(values)),
        (
          "links",
          .object(
            LinkSet.Key.allCases.map { ($0.rawValue, links[$0].map(JSONValue.string) ?? .null) }
          )
        ),
      ])
    )
  }

  /// `{"route", "params", "kind", "ignored"}`.
  static func parse(_ parsed: ParsedLink) -> String {
    render(
      .object([
        ("route", .string(parsed.route.name)),
        ("params", params(parsed.values)),
        ("kind", .string(parsed.kind.rawValue)),
        ("ignored", .array(parsed.ignoredQueryItems.map(JSONValue.string))),
      ])
    )
  }

  static func params(_ values: RouteValues) -> JSONValue {
    .object(values.all.map { ($0.parameter.name, $0.value.map(json) ?? .null) })
  }

  static func json(_ value: LinkValue) -> JSONValue {
    switch value {
    case .uuid, .string: .string(value.description)
    case .int(let int): .number(int)
    case .bool(let bool): .bool(bool)
    }
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
              var members: [(String, JSONValue)] = [
                ("name", .string(parameter.name)),
                ("type", .string(parameter.type.name)),
                ("description", .string(parameter.type.description)),
                ("optional", .bool(parameter.isOptional)),
                ("default", parameter.defaultValue.map(json) ?? .null),
              ]
              if parameter.type == .uuid {
                members.append(("allowNil", .bool(parameter.allowsNilUUID)))
              }
              return JSONValue.object(members)
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
