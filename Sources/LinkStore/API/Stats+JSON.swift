package import LinkKit

extension StatsRow {
  /// The row's value in a column, as text; `nil` when the hits had none (no short link, no in-app
  /// browser, no referrer).
  package func cell(_ dimension: StatsDimension) -> String? {
    switch dimension {
    case .day: day?.description
    case .route: route
    case .link: code
    case .platform: platform?.rawValue
    case .browser: browser
    case .referrer: referrer
    }
  }

  /// `{<dimensions>, "clicks", "visitors", "bots", "botReasons", "storeTaps",
  /// "deferredOpens", "scans"}` (`visitors` is `null` when the grouping does not allow the estimate).
  package func json(groupBy: [StatsDimension]) -> JSONValue {
    var members: [(String, JSONValue)] = groupBy.map { dimension in
      (dimension.rawValue, cell(dimension).map(JSONValue.string) ?? .null)
    }
    members += [
      ("clicks", .number(clicks)),
      ("visitors", visitors.map(JSONValue.number) ?? .null),
      ("bots", .number(bots)),
      (
        "botReasons",
        .object(botReasons.sorted { $0.key < $1.key }.map { ($0.key, .number($0.value)) })
      ),
      ("storeTaps", .number(storeTaps)),
      ("deferredOpens", .number(deferredOpens)),
      ("scans", .number(scans)),
    ]
    return .object(members)
  }
}

extension HistoryStatsRow {
  /// `{<route and link, when grouped by them>, "source", "platform", "event", "count"}`.
  package func json(groupBy: [StatsDimension]) -> JSONValue {
    var members: [(String, JSONValue)] = []
    for dimension in groupBy {
      switch dimension {
      case .route: members.append(("route", route.map(JSONValue.string) ?? .null))
      case .link: members.append(("link", code.map(JSONValue.string) ?? .null))
      default: break
      }
    }
    members += [
      ("source", .string(source)),
      ("platform", .string(platform)),
      ("event", .string(event)),
      ("count", .number(count)),
    ]
    return .object(members)
  }
}

extension StatsQuery {
  /// `{"from", "to", "groupBy", "rows": [...], "beforeMove": [...]}`: what
  /// `linkgen stats --format json` prints and `GET /api/v1/stats` answers. `rows` are linkgen's
  /// own counts; `beforeMove` the history imported links brought (never in `rows`).
  package func json(_ report: StatsReport) -> JSONValue {
    .object([
      ("from", .string(from.description)),
      ("to", .string(to.description)),
      ("groupBy", .array(groupBy.map { .string($0.rawValue) })),
      ("rows", .array(report.rows.map { $0.json(groupBy: groupBy) })),
      ("beforeMove", .array(report.history.map { $0.json(groupBy: groupBy) })),
    ])
  }
}
