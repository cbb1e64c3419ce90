/// The numbers of one day, or of a period, as the console shows them.
package struct ConsoleCounts: Sendable, Hashable, EventCounts {
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

/// Counts by event, people's and bots' apart: ``StatsRow`` and ``ConsoleCounts``.
protocol EventCounts {
  var clicks: Int { get set }
  var bots: Int { get set }
  var storeTaps: Int { get set }
  var deferredOpens: Int { get set }
  var scans: Int { get set }
}

extension EventCounts {
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
  /// The site's and a route's numbers come from the roll-ups schemas 4 and 5 keep
  /// (`linkgen_day_totals`, `linkgen_day_facets`, `linkgen_link_days`), a link's from its own
  /// counters (the `linkgen_counts_by_code` index), and visitors from the stored sketches:
  /// nothing reads every link's counters.
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
    // The top links read the most rows: on another connection while the rest is read.
    async let linkRows = consoleResult(
      source.top(.links, from.daysSince1970, to.daysSince1970, limit)
    )
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
    func add(_ kind: ConsoleTopKind, _ rows: [[ConsoleValue]]) {
      top[kind] = rows.map { ConsoleTop(label: $0[0].string, count: $0[1].int) }
    }
    for kind in ConsoleTopKind.allCases where kind != .links {
      guard let statement = source.top(kind, from.daysSince1970, to.daysSince1970, limit) else {
        continue
      }
      add(kind, try await console(statement))
    }
    if let rows = try await linkRows?.get() { add(.links, rows) }
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

extension LinkStore {
  /// Runs `statement`, if any, with its error as a value (for `async let`).
  fileprivate func consoleResult(_ statement: ConsoleStatement?) async
    -> Result<[[ConsoleValue]], StoreError>?
  {
    guard let statement else { return nil }
    do {
      return .success(try await console(statement))
    } catch {
      return .failure(error)
    }
  }
}

/// Where the console's numbers are read from, and the statements that read them: a link's
/// own counters, or for the site and a route schema 5's roll-ups (`linkgen_day_totals`,
/// `linkgen_day_facets`: a few dozen rows a day) and schema 4's `linkgen_link_days` for the top
/// links.
struct ConsoleSource {
  var route: String?
  var code: String?

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
        CAST(SUM(count) AS BIGINT) FROM \(code != nil ? "linkgen_counts" : "linkgen_day_totals")
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
    guard code == nil || ![.routes, .links].contains(kind) else { return nil }
    if kind == .links { return topLinks(from, to, limit) }
    let (column, source, condition) = place(kind)
    let filter = filter
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

  /// The top links: the range's whole weeks from `linkgen_link_weeks`, the days before the
  /// first and after the last from `linkgen_link_days`.
  private func topLinks(_ from: Int, _ to: Int, _ limit: Int) -> ConsoleStatement {
    let firstWeek = (from + 6) / 7
    let lastWeek = (to + 1) / 7 - 1
    let weeks = firstWeek <= lastWeek
    // Without a whole week, every day is an "end" day (the second range is empty).
    let head = weeks ? (from, firstWeek * 7 - 1) : (from, to)
    let tail = weeks ? ((lastWeek + 1) * 7, to) : (1, 0)
    let route = route.map { _ in " AND route = ?" } ?? ""
    let routeBind = self.route.map { [ConsoleValue.text($0)] } ?? []
    return ConsoleStatement(
      """
      SELECT code, CAST(SUM(count) AS BIGINT) AS total FROM (
        SELECT code, count FROM linkgen_link_weeks WHERE week >= ? AND week <= ?\(route)
        UNION ALL
        SELECT code, count FROM linkgen_link_days
        WHERE event = 'page' AND (day >= ? AND day <= ? OR day >= ? AND day <= ?)\(route)
      ) AS d
      GROUP BY code ORDER BY total DESC, code LIMIT ?
      """,
      [.integer(firstWeek), .integer(weeks ? lastWeek : firstWeek - 1)] + routeBind
        + [.integer(head.0), .integer(head.1), .integer(tail.0), .integer(tail.1)] + routeBind
        + [.integer(limit)],
      columns: [.text, .integer]
    )
  }

  /// A breakdown's column, table and condition.
  private func place(_ kind: ConsoleTopKind) -> (String, String, String) {
    let people = "event = 'page' AND bot = ''"
    if code != nil {
      switch kind {
      case .referrers: return ("referrer", "linkgen_counts", people)
      case .platforms: return ("platform", "linkgen_counts", people)
      case .browsers: return ("browser", "linkgen_counts", people)
      default: return ("bot", "linkgen_counts", "bot <> ''")
      }
    }
    switch kind {
    case .routes: return ("route", "linkgen_day_totals", people)
    case .links: return ("code", "linkgen_link_days", "event = 'page'")  // topLinks reads weeks too
    case .referrers: return ("value", "linkgen_day_facets", "facet = 'referrer'")
    case .platforms: return ("value", "linkgen_day_facets", "facet = 'platform'")
    case .browsers: return ("value", "linkgen_day_facets", "facet = 'browser'")
    case .botReasons: return ("bot", "linkgen_day_totals", "bot <> ''")
    }
  }
}
