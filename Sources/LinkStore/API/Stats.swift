/// What a stats read asks for: a day range, optionally one route or one short link, and the
/// dimensions to break the counts down by.
public struct StatsQuery: Sendable, Hashable {
  /// The first day (inclusive).
  public var from: ClickDay
  /// The last day (inclusive).
  public var to: ClickDay
  /// Only this route, if set.
  public var route: String?
  /// Only this short link, if set.
  public var code: String?
  /// The dimensions of each row, in order; counts are summed over the others.
  public var groupBy: [StatsDimension]
  /// The most rows returned (the busiest first are not chosen: rows come in dimension order).
  public var limit: Int

  /// Creates a query; by default one row per route, short link and day.
  public init(
    from: ClickDay,
    to: ClickDay,
    route: String? = nil,
    code: String? = nil,
    groupBy: [StatsDimension] = [.route, .link, .day],
    limit: Int = 10_000
  ) {
    self.from = from
    self.to = to
    self.route = route
    self.code = code
    self.groupBy = groupBy
    self.limit = limit
  }
}

/// A dimension the counters are kept by.
public enum StatsDimension: String, Sendable, Hashable, CaseIterable {
  /// The UTC day.
  case day
  /// The route.
  case route
  /// The short link (landing pages reached by their universal link have none).
  case link
  /// The platform.
  case platform
  /// The in-app browser.
  case browser
  /// The referring host.
  case referrer
}

/// One row of stats: the dimensions asked for and the counts summed over the rest.
public struct StatsRow: Sendable, Hashable {
  /// The day, when grouped by day.
  public var day: ClickDay?
  /// The route, when grouped by route.
  public var route: String?
  /// The short link's code, when grouped by link and the hits came through one.
  public var code: String?
  /// The platform, when grouped by platform.
  public var platform: ClickPlatform?
  /// The in-app browser, when grouped by browser and there was one.
  public var browser: String?
  /// The referring host, when grouped by referrer and there was one.
  public var referrer: String?
  /// Pages served to people.
  public var clicks: Int = 0
  /// The estimated number of distinct people among ``clicks`` (HyperLogLog, standard
  /// error 3.25 %): per day, added up over the days of the row (a person's hash changes every day).
  /// `nil` when the rows are grouped by a dimension the estimate does not keep (platform,
  /// browser, referrer).
  public var visitors: Int?
  /// Hits by bots, of every kind.
  public var bots: Int = 0
  /// The bots by reason (``BotReason/description`` → count).
  public var botReasons: [String: Int] = [:]
  /// "Get the app" taps by people.
  public var storeTaps: Int = 0
  /// Deferred deep links the app reported restoring after install.
  public var deferredOpens: Int = 0
  /// Printed codes scanned by people (requests carrying the scan marker, `src=qr`), counted
  /// apart from ``clicks``.
  public var scans: Int = 0
}

/// What a stats read answers: the rows of linkgen's own counters (the report is a collection
/// of them) and, apart, the history imported links brought from before the move.
public struct StatsReport: RandomAccessCollection, Sendable, Hashable {
  /// linkgen's own counts, one row per group of the query's dimensions.
  public var rows: [StatsRow]
  /// The counts imported links brought from the old service (FDL's `getLinkStats`), for the
  /// query's route or link: totals over the period the old service reported, never added to
  /// ``rows`` and not limited to the query's days.
  public var history: [HistoryStatsRow]

  /// Creates a report.
  public init(rows: [StatsRow], history: [HistoryStatsRow] = []) {
    self.rows = rows
    self.history = history
  }

  /// The first row's position.
  public var startIndex: Int { rows.startIndex }
  /// After the last row.
  public var endIndex: Int { rows.endIndex }
  /// A row.
  public subscript(position: Int) -> StatsRow { rows[position] }
}

/// One count from before the move, summed over the dimensions the query's grouping leaves out.
public struct HistoryStatsRow: Sendable, Hashable {
  /// The route, when grouped by route.
  public var route: String?
  /// The short link's code, when grouped by link.
  public var code: String?
  /// Where it came from: `fdl` (Firebase Dynamic Links' `getLinkStats`).
  public var source: String
  /// The platform, in the old service's words (`IOS`, `ANDROID`, `DESKTOP`, `OTHER`).
  public var platform: String
  /// The event, in the old service's words (`CLICK`, `REDIRECT`, `APP_INSTALL`,
  /// `APP_FIRST_OPEN`, `APP_RE_OPEN`).
  public var event: String
  /// The total.
  public var count: Int
}
