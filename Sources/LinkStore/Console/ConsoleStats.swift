/// The numbers of one day, or of a period, as the console shows them.
package struct ConsoleCounts: Sendable, Hashable {
  /// Pages served to people (scans not included).
  package var clicks = 0
  /// The estimated distinct people among the clicks and scans, per day, added up over the days.
  package var visitors = 0
  /// Hits by bots.
  package var bots = 0
  /// "Get the app" taps by people.
  package var storeTaps = 0
  /// Deferred deep links apps reported restoring.
  package var deferredOpens = 0
  /// Printed codes scanned by people.
  package var scans = 0

  package init() {}

  /// Adds a counter of `event` (``ClickEvent/Kind``'s raw value), a bot's when `bot`.
  mutating func add(event: String, bot: Bool, count: Int) {
    guard !bot else {
      bots += count
      return
    }
    switch ClickEvent.Kind(rawValue: event) {
    case .page: clicks += count
    case .storeTap: storeTaps += count
    case .deferredOpen: deferredOpens += count
    case .scan: scans += count
    case nil: break
    }
  }

  /// The sum of two periods' counts.
  package static func + (a: ConsoleCounts, b: ConsoleCounts) -> ConsoleCounts {
    var sum = a
    sum.clicks += b.clicks
    sum.visitors += b.visitors
    sum.bots += b.bots
    sum.storeTaps += b.storeTaps
    sum.deferredOpens += b.deferredOpens
    sum.scans += b.scans
    return sum
  }
}

/// A breakdown the overview and a link's page show: the largest first.
package enum ConsoleTopKind: String, Sendable, Hashable, CaseIterable {
  case routes, links, referrers, platforms, browsers, botReasons
}

/// One line of a breakdown.
package struct ConsoleTop: Sendable, Hashable {
  package var label: String
  package var count: Int
}

/// The console's numbers for a range of days: for the whole site, one route or one link.
package struct ConsoleStats: Sendable, Hashable {
  package var from: ClickDay
  package var to: ClickDay
  /// Each day of the range, in order (days without counts are zeros).
  package var days: [ConsoleCounts]
  /// The range's totals.
  package var totals: ConsoleCounts
  /// The totals of the period just before, of the same length.
  package var previous: ConsoleCounts
  /// People's clicks by route, link, referrer host, platform and in-app browser; bots by
  /// reason. A link's page has no routes or links breakdown.
  package var top: [ConsoleTopKind: [ConsoleTop]]
}

extension LinkStore {
  /// The console's numbers for `from`…`to` (inclusive, at most 3,660 days), for the whole site,
  /// one route, or one short link (`code`), with the previous period's totals and the top
  /// `limit` of each breakdown.
  ///
  /// The site's and a route's numbers come from the roll-ups schema 4 keeps
  /// (`linkgen_counts_site`, `linkgen_link_days`), a link's from its own counters (the
  /// `linkgen_counts_by_code` index), and visitors from the stored sketches: nothing reads
  /// every link's counters.
  package func consoleStats(
    from: ClickDay,
    to: ClickDay,
    route: String? = nil,
    code: String? = nil,
    limit: Int = 10
  ) async throws(StoreError) -> ConsoleStats {
    guard from <= to, to.daysSince1970 - from.daysSince1970 < 3660 else {
      throw StoreError(.invalidRequest, "the range \(from)…\(to) is reversed or too long")
    }
    let length = to.daysSince1970 - from.daysSince1970 + 1
    let source = ConsoleSource(route: route, code: code)
    let first = from.daysSince1970 - length
    var days = [ConsoleCounts](repeating: ConsoleCounts(), count: 2 * length)
    for row in try await console(source.series(first, to.daysSince1970)) {
      let index = row[0].int - first
      guard days.indices.contains(index) else { continue }
      days[index].add(event: row[1].string, bot: row[2].int != 0, count: row[3].int)
    }
    let level: VisitorLevel = code != nil ? .link : route != nil ? .route : .site
    let visitorQuery = CounterQuery(
      fromDay: first,
      toDay: to.daysSince1970,
      route: route,
      code: code,
      groupBy: [.day],
      limit: 2 * length
    )
    let backend = backend
    let estimates = try await withDeadline { () throws(StoreError) in
      try await backend.visitorEstimates(visitorQuery, level: level)
    }
    for (key, estimate) in estimates where days.indices.contains(key.day - first) {
      days[key.day - first].visitors += estimate
    }
    var top: [ConsoleTopKind: [ConsoleTop]] = [:]
    for kind in ConsoleTopKind.allCases {
      guard let statement = source.top(kind, from.daysSince1970, to.daysSince1970, limit) else {
        continue
      }
      top[kind] = try await console(statement).map {
        ConsoleTop(label: $0[0].string, count: $0[1].int)
      }
    }
    let current = Array(days[length...])
    return ConsoleStats(
      from: from,
      to: to,
      days: current,
      totals: current.reduce(ConsoleCounts(), +),
      previous: days[..<length].reduce(ConsoleCounts(), +),
      top: top
    )
  }
}

/// Where the console's numbers are read from, and the statements that read them.
struct ConsoleSource {
  var route: String?
  var code: String?

  /// A link's own counters, or the site's roll-up.
  private var table: String { code != nil ? "linkgen_counts" : "linkgen_counts_site" }

  /// The route and link conditions, after a day range.
  private var filter: (sql: String, binds: [ConsoleValue]) {
    var sql = ""
    var binds: [ConsoleValue] = []
    if let code {
      // `code <> ''` lets SQLite use the partial index linkgen_counts_by_code.
      sql += " AND code = ? AND code <> ''"
      binds.append(.text(code))
    }
    if let route {
      sql += " AND route = ?"
      binds.append(.text(route))
    }
    return (sql, binds)
  }

  /// Per day, event and person-or-bot: `day, event, bot (0 or 1), count`.
  func series(_ from: Int, _ to: Int) -> ConsoleStatement {
    let filter = filter
    return ConsoleStatement(
      """
      SELECT day, event, CASE WHEN bot = '' THEN 0 ELSE 1 END AS is_bot,
        CAST(SUM(count) AS BIGINT) FROM \(table)
      WHERE day >= ? AND day <= ?\(filter.sql)
      GROUP BY day, event, is_bot
      """,
      [.integer(from), .integer(to)] + filter.binds,
      columns: [.integer, .text, .integer, .integer]
    )
  }

  /// A breakdown's top rows: `label, count`; `nil` when it does not apply (a link's own
  /// routes and links).
  func top(_ kind: ConsoleTopKind, _ from: Int, _ to: Int, _ limit: Int) -> ConsoleStatement? {
    let filter = filter
    let column: String
    var source = table
    var condition = "event = 'page' AND bot = ''"
    switch kind {
    case .routes:
      guard code == nil else { return nil }
      column = "route"
    case .links:
      guard code == nil else { return nil }
      column = "code"
      source = "linkgen_link_days"
      condition = "event = 'page'"
    case .referrers: column = "referrer"
    case .platforms: column = "platform"
    case .browsers: column = "browser"
    case .botReasons:
      column = "bot"
      condition = "bot <> ''"
    }
    return ConsoleStatement(
      """
      SELECT \(column), CAST(SUM(count) AS BIGINT) AS total FROM \(source)
      WHERE day >= ? AND day <= ?\(filter.sql) AND \(condition) AND \(column) <> ''
      GROUP BY \(column) ORDER BY total DESC, \(column) LIMIT ?
      """,
      [.integer(from), .integer(to)] + filter.binds + [.integer(limit)],
      columns: [.text, .integer]
    )
  }
}
