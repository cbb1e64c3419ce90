import Foundation
package import LinkStore

extension ConsoleCounts {
  /// The counts in chart order, with their names.
  func values(_ strings: ConsoleStrings) -> [(name: String, value: Int)] {
    [
      (strings.clicks, clicks), (strings.visitors, visitors), (strings.bots, bots),
      (strings.storeTaps, storeTaps), (strings.deferredOpens, deferredOpens),
      (strings.scans, scans),
    ]
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
  package var kind: ConsoleTopKind
  package var rows: [ConsoleTop]

  package init(kind: ConsoleTopKind, rows: [ConsoleTop]) {
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
  package var days: [ConsoleCounts]
  package var totals: ConsoleCounts
  /// The totals of the period before, as long.
  package var previous: ConsoleCounts
  package var breakdowns: [ConsoleBreakdown]

  package init(range: DayRange, stats: ConsoleStats) {
    self.range = range
    days = stats.days
    totals = stats.totals
    previous = stats.previous
    breakdowns = ConsoleTopKind.allCases.compactMap { kind in
      stats.top[kind].map { ConsoleBreakdown(kind: kind, rows: $0) }
    }
  }
}

extension LinkStore {
  /// The overview of a range, for the whole site or one route or link: one
  /// ``consoleStats(from:to:route:code:limit:)``.
  package func consoleOverview(_ range: DayRange, route: String? = nil, code: String? = nil)
    async throws(StoreError) -> ConsoleOverview
  {
    ConsoleOverview(
      range: range,
      stats: try await consoleStats(from: range.from, to: range.to, route: route, code: code)
    )
  }
}
