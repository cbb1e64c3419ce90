import Foundation
package import LinkStore

/// The numbers of one day, or of a period.
package struct ConsoleMetrics: Sendable, Hashable {
  package var clicks = 0
  package var visitors = 0
  package var bots = 0
  package var storeTaps = 0
  package var deferredOpens = 0
  package var scans = 0

  package init() {}

  /// The metrics in chart order, with their names.
  func values(_ strings: ConsoleStrings) -> [(name: String, value: Int)] {
    [
      (strings.clicks, clicks), (strings.visitors, visitors), (strings.bots, bots),
      (strings.storeTaps, storeTaps), (strings.deferredOpens, deferredOpens),
      (strings.scans, scans),
    ]
  }

  mutating func add(_ row: StatsRow) {
    clicks += row.clicks
    visitors += row.visitors ?? 0
    bots += row.bots
    storeTaps += row.storeTaps
    deferredOpens += row.deferredOpens
    scans += row.scans
  }
}

/// A day range: the last N days up to today, or from–to (UTC days, inclusive).
package struct DayRange: Sendable, Hashable {
  package var from: ClickDay
  package var to: ClickDay
  /// 7, 30 or 90 for the preset ranges; `nil` for from–to.
  package var preset: Int?

  package init(from: ClickDay, to: ClickDay, preset: Int? = nil) {
    self.from = from
    self.to = to
    self.preset = preset
  }

  /// The range a query asks for (`range=7|30|90`, or `from=YYYY-MM-DD&to=YYYY-MM-DD`, at most
  /// 366 days); the last 30 days otherwise.
  package init(_ query: FormData, today: ClickDay) {
    if let from = query["from"].flatMap(ClickDay.init), let to = query["to"].flatMap(ClickDay.init),
      from <= to, to.daysSince1970 - from.daysSince1970 < 366
    {
      self.init(from: from, to: to)
      return
    }
    let days = query["range"].flatMap(Int.init).flatMap { [7, 30, 90].contains($0) ? $0 : nil }
    let count = days ?? 30
    self.init(
      from: ClickDay(daysSince1970: today.daysSince1970 - count + 1),
      to: today,
      preset: count
    )
  }

  /// How many days.
  package var count: Int { to.daysSince1970 - from.daysSince1970 + 1 }

  /// The days, in order.
  package var days: [ClickDay] {
    (from.daysSince1970...to.daysSince1970).map(ClickDay.init(daysSince1970:))
  }

  /// The period just before, of the same length.
  package var previous: DayRange {
    DayRange(
      from: ClickDay(daysSince1970: from.daysSince1970 - count),
      to: ClickDay(daysSince1970: from.daysSince1970 - 1)
    )
  }

  /// The query items that ask for this range again.
  var queryItems: [(String, String)] {
    if let preset { return [("range", String(preset))] }
    return [("from", from.description), ("to", to.description)]
  }
}

/// One breakdown: labels with their counts, the largest first.
package struct ConsoleBreakdown: Sendable, Hashable {
  package enum Kind: Sendable, Hashable, CaseIterable {
    case routes, links, referrers, platforms, browsers, botReasons
  }

  package var kind: Kind
  package var rows: [Row]

  package struct Row: Sendable, Hashable {
    package var label: String
    package var count: Int
  }

  package init(kind: Kind, rows: [Row]) {
    self.kind = kind
    self.rows = rows
  }

  func title(_ strings: ConsoleStrings) -> String {
    switch kind {
    case .routes: strings.topRoutes
    case .links: strings.topLinks
    case .referrers: strings.referrers
    case .platforms: strings.platforms
    case .browsers: strings.browsers
    case .botReasons: strings.botReasons
    }
  }
}

/// What the overview (or a link's page) shows for a range.
package struct ConsoleOverview: Sendable, Hashable {
  package var range: DayRange
  /// Every day of the range, in order (zeros included).
  package var days: [ConsoleMetrics]
  package var totals: ConsoleMetrics
  /// The totals of the period before, as long.
  package var previous: ConsoleMetrics
  package var breakdowns: [ConsoleBreakdown]

  package init(
    range: DayRange,
    days: [ConsoleMetrics],
    totals: ConsoleMetrics,
    previous: ConsoleMetrics,
    breakdowns: [ConsoleBreakdown]
  ) {
    self.range = range
    self.days = days
    self.totals = totals
    self.previous = previous
    self.breakdowns = breakdowns
  }
}

extension LinkStore {
  /// The overview of a range, for the whole site or one route or link, from ``stats(_:)``.
  package func consoleOverview(_ range: DayRange, route: String? = nil, code: String? = nil)
    async throws(StoreError) -> ConsoleOverview
  {
    func query(_ range: DayRange, _ by: [StatsDimension]) -> StatsQuery {
      StatsQuery(from: range.from, to: range.to, route: route, code: code, groupBy: by)
    }
    let daily = try await stats(query(range, [.day]))
    var days = [ConsoleMetrics](repeating: ConsoleMetrics(), count: range.count)
    var totals = ConsoleMetrics()
    var reasons: [String: Int] = [:]
    for row in daily.rows {
      guard let day = row.day else { continue }
      let index = day.daysSince1970 - range.from.daysSince1970
      guard days.indices.contains(index) else { continue }
      days[index].add(row)
      totals.add(row)
      reasons.merge(row.botReasons, uniquingKeysWith: +)
    }
    var previous = ConsoleMetrics()
    for row in try await stats(query(range.previous, [.day])).rows { previous.add(row) }
    var breakdowns: [ConsoleBreakdown] = []
    let dimensions: [(ConsoleBreakdown.Kind, StatsDimension)] =
      code == nil
      ? [
        (.routes, .route), (.links, .link), (.referrers, .referrer), (.platforms, .platform),
        (.browsers, .browser),
      ]
      : [(.referrers, .referrer), (.platforms, .platform), (.browsers, .browser)]
    for (kind, dimension) in dimensions {
      let rows = try await stats(query(range, [dimension])).rows
      breakdowns.append(ConsoleBreakdown(kind: kind, rows: Self.top(rows, dimension)))
    }
    breakdowns.append(
      ConsoleBreakdown(
        kind: .botReasons,
        rows: reasons.map { .init(label: $0.key, count: $0.value) }.sorted(by: Self.larger)
          .prefix(10).map { $0 }
      )
    )
    return ConsoleOverview(
      range: range,
      days: days,
      totals: totals,
      previous: previous,
      breakdowns: breakdowns
    )
  }

  private static func top(_ rows: [StatsRow], _ dimension: StatsDimension)
    -> [ConsoleBreakdown.Row]
  {
    let labelled = rows.compactMap { row -> ConsoleBreakdown.Row? in
      let label: String? =
        switch dimension {
        case .route: row.route
        case .link: row.code
        case .referrer: row.referrer
        case .platform: row.platform?.rawValue
        case .browser: row.browser
        case .day: nil
        }
      guard let label, row.clicks > 0 else { return nil }
      return .init(label: label, count: row.clicks)
    }
    return Array(labelled.sorted(by: larger).prefix(10))
  }

  private static func larger(_ a: ConsoleBreakdown.Row, _ b: ConsoleBreakdown.Row) -> Bool {
    a.count != b.count ? a.count > b.count : a.label < b.label
  }
}
