/// The JSON shapes of links and values, written once for every place linkgen prints them: the
/// CLI's `--format json`, the batch manifest, the server. Keys keep the documented order.
extension LinkValue {
  /// A UUID or text as a string, an int as a number, a bool as `true`/`false`.
  package var json: JSONValue {
    switch self {
    case .uuid, .string: .string(description)
    case .int(let int): .number(int)
    case .bool(let bool): .bool(bool)
    }
  }
}

extension RouteValues {
  /// `{"<parameter>": <value or default or null>, …}` in declaration order.
  package var json: JSONValue {
    .object(all.map { ($0.parameter.name, $0.value?.json ?? .null) })
  }
}

extension LinkSet {
  /// `{"scheme", "universal", "appStore", "appStoreApp", "playStore", "androidIntent", "web"}`,
  /// `null` for a link the table does not configure.
  package var json: JSONValue {
    .object(Key.allCases.map { ($0.rawValue, self[$0].map(JSONValue.string) ?? .null) })
  }

  /// `{"route", "params", "links"}`: what `linkgen make --format json` prints.
  package static func json(values: RouteValues, links: LinkSet) -> JSONValue {
    .object([
      ("route", .string(values.routeName)), ("params", values.json), ("links", links.json),
    ])
  }
}

extension ParsedLink {
  /// `{"route", "params", "kind", "ignored": [{"name", "value"}]}`: what `linkgen parse
  /// --format json` prints.
  package var json: JSONValue {
    .object([
      ("route", .string(route.name)),
      ("params", values.json),
      ("kind", .string(kind.rawValue)),
      (
        "ignored",
        .array(
          ignoredQueryItems.map {
            .object([("name", .string($0.name)), ("value", .string($0.value))])
          }
        )
      ),
    ])
  }
}

extension RouteTable {
  /// `{"scheme", "domains", "routes": [{"name", "summary", "parameters": [{"name", "type",
  /// "description", "optional", "default"}], "scheme", "universal"}]}`: what `linkgen routes
  /// --format json` prints.
  package var json: JSONValue {
    .object([
      ("scheme", .string(app.scheme)),
      ("domains", .array(app.domains.map(JSONValue.string))),
      ("routes", .array(routes.map(\.json))),
    ])
  }
}

extension Route {
  /// `{"name", "summary", "parameters", "scheme", "universal"}`.
  package var json: JSONValue {
    .object([
      ("name", .string(name)),
      ("summary", summary.map(JSONValue.string) ?? .null),
      ("parameters", .array(parameters.map(\.json))),
      ("scheme", .string(schemePattern.template)),
      ("universal", .string(universalPattern.template)),
    ])
  }
}

extension Parameter {
  /// `{"name", "type", "description", "optional", "default"}`, and `"allowNil"` for a UUID.
  package var json: JSONValue {
    var members: [(String, JSONValue)] = [
      ("name", .string(name)),
      ("type", .string(type.name)),
      ("description", .string(type.description)),
      ("optional", .bool(isOptional)),
      ("default", defaultValue?.json ?? .null),
    ]
    if type == .uuid { members.append(("allowNil", .bool(allowsNilUUID))) }
    return .object(members)
  }
}
