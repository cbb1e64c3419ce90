import Logging

extension LinkStore {
  /// Counts a hit in memory; it reaches the database with the next flush. Never waits.
  ///
  /// Only buckets are kept: the day, the route and short link, the kind of event, the
  /// platform, the in-app browser, the referrer's host, and for bots the reason. The in-app
  /// browser and referrer are reduced to lower-case host-name characters.
  public func record(_ event: ClickEvent) {
    let bot: String =
      switch event.visitor {
      case .human: ""
      case .bot(let reason): reason.description
      }
    let key = CounterKey(
      day: ClickDay(event.date).daysSince1970,
      route: String(event.route.prefix(128)),
      code: event.code.flatMap { ShortCode.isPlausible($0) ? $0 : nil } ?? "",
      event: event.kind.rawValue,
      platform: event.platform.rawValue,
      browser: event.browser.map { ClickText.token($0, limit: 32) } ?? "",
      referrer: event.referrerHost.map { ClickText.token($0, limit: 253) } ?? "",
      bot: bot
    )
    if let hash = event.visitorHash, event.visitor == .human,
      event.kind == .page || event.kind == .scan
    {
      buffer.add(key, visitorHash: hash)
    } else {
      buffer.add(key)
    }
  }

  /// Writes the buffered counts now, in one transaction. When the database cannot take them,
  /// they go back into the buffer for the next try and the error is thrown.
  ///
  /// A write still running when the operation timeout passes is left to finish: the caller
  /// gets ``StoreError/Code/unavailable`` at once, and the counts go back into the buffer only
  /// if that write fails, so nothing is counted twice.
  public func flush() async throws(StoreError) {
    let (counts, dropped) = buffer.take()
    let visitors = buffer.takeVisitors()
    if dropped > 0 {
      logger.warning(
        "click buffer full: \(dropped) hits not counted (raise maximumBufferedCounters)"
      )
    }
    let backend = backend
    let buffer = buffer
    if !counts.isEmpty {
      do throws(StoreError) {
        try await withDeadline { () throws(StoreError) in
          do throws(StoreError) {
            try await backend.addCounts(counts)
          } catch {
            buffer.restore(counts)
            throw error
          }
        }
      } catch {
        buffer.restoreVisitors(visitors)
        throw error
      }
    }
    // The sketches after the counts: merging is idempotent, so sketches put back after a
    // failure are merged again without counting anyone twice.
    guard !visitors.isEmpty else { return }
    try await withDeadline { () throws(StoreError) in
      do throws(StoreError) {
        try await backend.mergeVisitors(visitors)
      } catch {
        buffer.restoreVisitors(visitors)
        throw error
      }
    }
  }

  /// Distinct counters waiting for the next flush.
  public var pendingCounters: Int { buffer.pending }

  func flushPeriodically() async {
    while !Task.isCancelled {
      do {
        try await Task.sleep(for: options.flushInterval)
      } catch {
        return
      }
      // A flush under way finishes even when the flusher is cancelled (at shutdown): it runs in
      // a task of its own, so a cancelled write never leaves counts half-written.
      let outcome = await Task { () -> Result<Void, StoreError> in
        do throws(StoreError) {
          try await flush()
          return .success(())
        } catch {
          return .failure(error)
        }
      }.value
      if case .failure(let error) = outcome {
        logger.warning(
          "could not write click counts; keeping them for the next flush",
          metadata: ["error": "\(error.message)", "code": "\(error.code.rawValue)"]
        )
      }
    }
  }

  /// Click counts for a day range, from the counters (never from raw events, which are not
  /// kept), and apart from them, the history imported links brought from before the move
  /// (``StatsReport/history``: totals the old service reported, not in the day range).
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidRequest`` for a reversed or
  ///   too-long range (more than 3,660 days) or a bad limit, or a database code.
  public func stats(_ query: StatsQuery) async throws(StoreError) -> StatsReport {
    let rows = try await counterRows(query)
    let history = try await withDeadline { () throws(StoreError) in
      try await self.backend.history(route: query.route, code: query.code)
    }
    return StatsReport(rows: rows, history: Self.historyRows(history, groupBy: query.groupBy))
  }

  /// Imported history counts summed over what the grouping leaves out: kept per route and
  /// link when grouped by them, always per source, platform and event.
  private static func historyRows(_ stored: [HistoryRow], groupBy: [StatsDimension])
    -> [HistoryStatsRow]
  {
    var rows: [HistoryStatsRow] = []
    var index: [HistoryStatsRow: Int] = [:]
    for count in stored {
      let key = HistoryStatsRow(
        route: groupBy.contains(.route) ? count.route : nil,
        code: groupBy.contains(.link) ? count.code : nil,
        source: count.source,
        platform: count.platform,
        event: count.event,
        count: 0
      )
      if let position = index[key] {
        rows[position].count += Int(count.count)
      } else {
        index[key] = rows.count
        var row = key
        row.count = Int(count.count)
        rows.append(row)
      }
    }
    return rows
  }

  private func counterRows(_ query: StatsQuery) async throws(StoreError) -> [StatsRow] {
    try Self.validate(query)
    var groupBy: [StatsDimension] = []
    for dimension in query.groupBy where !groupBy.contains(dimension) {
      groupBy.append(dimension)
    }
    let counterQuery = CounterQuery(
      fromDay: query.from.daysSince1970,
      toDay: query.to.daysSince1970,
      route: query.route,
      code: query.code,
      groupBy: groupBy,
      limit: query.limit
    )
    let counts = try await withDeadline { () throws(StoreError) in
      try await self.backend.counts(counterQuery)
    }
    var (rows, index) = Self.rows(counts, groupBy: groupBy, limit: query.limit)
    if groupBy.allSatisfy(Self.visitorDimensions.contains) {
      let level: VisitorLevel =
        groupBy.contains(.link) || query.code != nil
        ? .link : groupBy.contains(.route) || query.route != nil ? .route : .site
      let estimates = try await withDeadline { () throws(StoreError) in
        try await self.backend.visitorEstimates(counterQuery, level: level)
      }
      for position in rows.indices { rows[position].visitors = 0 }
      for (key, estimate) in estimates {
        if let position = index[key] { rows[position].visitors = estimate }
      }
    }
    return rows
  }

  /// Refuses a reversed or too long range and a limit out of bounds.
  private static func validate(_ query: StatsQuery) throws(StoreError) {
    guard query.from <= query.to else {
      throw StoreError(
        .invalidRequest,
        "the range starts (\(query.from)) after it ends (\(query.to))",
        field: "from"
      )
    }
    guard query.to.daysSince1970 - query.from.daysSince1970 <= 3660 else {
      throw StoreError(.invalidRequest, "the range may span at most 3,660 days", field: "to")
    }
    guard (1...1_000_000).contains(query.limit) else {
      throw StoreError(.invalidRequest, "limit must be 1–1,000,000", field: "limit")
    }
  }

  /// The counters summed into one row per combination of the grouped dimensions (at most
  /// `limit` rows, in the counters' order), and each combination's position.
  private static func rows(
    _ counts: [(CounterKey, Int)],
    groupBy: [StatsDimension],
    limit: Int
  ) -> ([StatsRow], [CounterKey: Int]) {
    var rows: [StatsRow] = []
    var index: [CounterKey: Int] = [:]
    for (key, count) in counts {
      var dimensions = key
      dimensions.event = ""
      dimensions.bot = ""
      let position: Int
      if let existing = index[dimensions] {
        position = existing
      } else {
        guard rows.count < limit else { break }
        position = rows.count
        index[dimensions] = position
        rows.append(row(dimensions, groupBy: groupBy))
      }
      rows[position].add(event: key.event, bot: key.bot, count: count)
    }
    return (rows, index)
  }

  /// The dimensions the visitor sketches keep.
  private static let visitorDimensions: Set<StatsDimension> = [.day, .route, .link]

  private static func row(_ key: CounterKey, groupBy: [StatsDimension]) -> StatsRow {
    var row = StatsRow()
    for dimension in groupBy {
      switch dimension {
      case .day: row.day = ClickDay(daysSince1970: key.day)
      case .route: row.route = key.route
      case .link: row.code = key.code.isEmpty ? nil : key.code
      case .platform: row.platform = ClickPlatform(rawValue: key.platform) ?? .other
      case .browser: row.browser = key.browser.isEmpty ? nil : key.browser
      case .referrer: row.referrer = key.referrer.isEmpty ? nil : key.referrer
      }
    }
    return row
  }
}

extension StatsRow: EventCounts {
  /// Adds a counter of `event` (``ClickEvent/Kind``'s raw value), by a bot when `bot` (its
  /// reason) is not empty.
  fileprivate mutating func add(event: String, bot: String, count: Int) {
    if !bot.isEmpty { botReasons[bot, default: 0] += count }
    add(event: event, bot: !bot.isEmpty, count: count)
  }
}
