import Foundation
import LinkKit
import Testing

@testable import LinkStore

/// The console's storage on both backends: sessions, shared visitor salts, the overview's
/// numbers from the roll-ups, and the keyset links list.
enum ConsoleConformance {
  static func sessions(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let key = try await store.createKey(scopes: [.console]).info
        let hash = Array(repeating: UInt8(7), count: 32)
        let life = ConsoleSessionLifetime(idle: 100, absolute: 250, touchInterval: 10)
        let now: Int64 = 1_000
        let made = try await store.createConsoleSession(
          tokenHash: hash,
          keyID: key.id,
          lifetime: life,
          now: now
        )
        #expect(made.idleExpiresAt == 1_100 && made.expiresAt == 1_250)
        #expect(try await store.consoleSession(tokenHash: hash, now: 1_099)?.keyID == key.id)
        // Idle: gone after 100 s without a touch.
        #expect(try await store.consoleSession(tokenHash: hash, now: 1_100) == nil)
        // A touch moves the idle expiry, never past the absolute one.
        try await store.touchConsoleSession(tokenHash: hash, lifetime: life, now: 1_090)
        #expect(try await store.consoleSession(tokenHash: hash, now: 1_150)?.lastSeenAt == 1_090)
        try await store.touchConsoleSession(tokenHash: hash, lifetime: life, now: 1_180)
        let touched = try #require(try await store.consoleSession(tokenHash: hash, now: 1_240))
        #expect(touched.idleExpiresAt == 1_250)
        #expect(try await store.consoleSession(tokenHash: hash, now: 1_250) == nil)
        // Another token's hash finds nothing.
        #expect(
          try await store.consoleSession(tokenHash: [UInt8](repeating: 8, count: 32), now: now)
            == nil
        )
        // Revoking the key ends its sessions at once, and they can be deleted.
        let other = Array(repeating: UInt8(9), count: 32)
        _ = try await store.createConsoleSession(tokenHash: other, keyID: key.id, now: now)
        #expect(try await store.consoleSession(tokenHash: other, now: now + 1) != nil)
        _ = try await store.revokeKey(id: key.id)
        #expect(try await store.consoleSession(tokenHash: other, now: now + 1) == nil)
        #expect(try await store.deleteConsoleSessions(keyID: key.id) == 2)
        #expect(try await store.deleteConsoleSession(tokenHash: other) == false)
        // Expired sessions are cleaned up.
        let live = try await store.createKey(scopes: [.console]).info
        _ = try await store.createConsoleSession(
          tokenHash: hash,
          keyID: live.id,
          lifetime: life,
          now: now
        )
        #expect(try await store.deleteExpiredConsoleSessions(now: 1_099) == 0)
        #expect(try await store.deleteExpiredConsoleSessions(now: 1_100) == 1)
      }
    }
  }

  static func visitorSalts(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      let first = try await database.withStore { try await $0.visitorSalts(day: 100) }
      let again = try await database.withStore { try await $0.visitorSalts(day: 100) }
      #expect(first == again && first[100]?.count == 16 && first[101]?.count == 16)
      #expect(first[100] != first[101])
      // The next day keeps its salt (made the day before), and the past day's is deleted.
      let next = try await database.withStore { try await $0.visitorSalts(day: 101) }
      #expect(next[101] == first[101])
      try await database.withStore { store in
        let rows = try await store.console(
          ConsoleStatement(
            "SELECT day FROM linkgen_visitor_salts ORDER BY day",
            columns: [.integer]
          )
        )
        #expect(rows.map { $0[0].int } == [101, 102])
      }
    }
  }

  static func statsFromRollups(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        for _ in 0..<4 {
          store.record(
            Conformance.event("shared-checklist", code: "spring-sale", referrer: "news.example.com")
          )
        }
        store.record(Conformance.event("shared-checklist", code: "spring-sale", kind: .scan))
        store.record(Conformance.event("shared-checklist", code: "autumn-sale", day: -1))
        store.record(Conformance.event("invite", day: -2, platform: .android))
        store.record(Conformance.event("invite", day: -9, platform: .android))
        store.record(
          Conformance.event(
            "shared-checklist",
            code: "spring-sale",
            visitor: .bot(BotReason(.crawler, "slackbot"))
          )
        )
        try await store.flush()
        // A second flush updates counters: the roll-ups follow.
        store.record(Conformance.event("shared-checklist", code: "spring-sale"))
        store.record(Conformance.event("shared-checklist", code: "spring-sale", kind: .storeTap))
        try await store.flush()
        let today = ClickDay(testNow)
        let start = ClickDay(daysSince1970: today.daysSince1970 - 6)
        let site = try await store.consoleStats(from: start, to: today)
        #expect(site.days.count == 7)
        #expect(site.days[6].clicks == 5 && site.days[6].scans == 1 && site.days[6].bots == 1)
        #expect(site.days[6].storeTaps == 1 && site.days[5].clicks == 1 && site.days[4].clicks == 1)
        #expect(site.totals.clicks == 7 && site.previous.clicks == 1)
        #expect(
          site.top[.links] == [
            ConsoleTop(label: "spring-sale", count: 5), ConsoleTop(label: "autumn-sale", count: 1),
          ]
        )
        #expect(site.top[.routes]?.first == ConsoleTop(label: "shared-checklist", count: 6))
        #expect(site.top[.referrers] == [ConsoleTop(label: "news.example.com", count: 4)])
        #expect(site.top[.botReasons] == [ConsoleTop(label: "crawler:slackbot", count: 1)])
        #expect(
          site.top[.platforms] == [
            ConsoleTop(label: "ios", count: 6), ConsoleTop(label: "android", count: 1),
          ]
        )
        let route = try await store.consoleStats(from: start, to: today, route: "invite")
        #expect(route.totals.clicks == 1 && route.previous.clicks == 1 && route.top[.links] == [])
        let link = try await store.consoleStats(from: today, to: today, code: "spring-sale")
        #expect(link.totals.clicks == 5 && link.totals.scans == 1 && link.top[.links] == nil)
        // The stats API agrees, scans apart.
        let rows = try await store.stats(
          StatsQuery(from: today, to: today, code: "spring-sale", groupBy: [.link])
        )
        #expect(rows.first?.clicks == 5 && rows.first?.scans == 1)
      }
    }
  }

  /// A flush that updates the counters of many short links (each link opened again) keeps the
  /// roll-ups; on PostgreSQL the roll-up triggers that join the old and new rows do so without
  /// nested loops (version 8), which were quadratic in the counters updated.
  static func manyLinksCountedTwice(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let codes = (0..<1_500).map { "link-\($0)" }
        for _ in 0..<2 {
          for code in codes { store.record(Conformance.event(code: code)) }
          try await store.flush()
        }
        let today = ClickDay(testNow)
        let stats = try await store.consoleStats(from: today, to: today)
        #expect(stats.totals.clicks == 3_000)
        #expect(stats.top[.links]?.allSatisfy { $0.count == 2 } == true)
        let link = try await store.consoleStats(from: today, to: today, code: "link-1499")
        #expect(link.totals.clicks == 2)
        guard backend == .postgres else { return }
        let hashed = try await store.console(
          ConsoleStatement(
            """
            SELECT count(*) FROM pg_proc
            WHERE pronamespace = current_schema()::regnamespace
              AND proname IN ('linkgen_counts_rollup_update', 'linkgen_counts_days_update')
              AND 'enable_nestloop=off' = ANY(proconfig)
            """,
            columns: [.integer]
          )
        )
        #expect(hashed.first?.first?.int == 2)
        // Version 11: the counters and their roll-ups leave room for updates in place.
        let roomy = try await store.console(
          ConsoleStatement(
            """
            SELECT count(*) FROM pg_class
            WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
              AND 'fillfactor=70' = ANY(reloptions)
            """,
            columns: [.integer]
          )
        )
        #expect(roomy.first?.first?.int == 7)
      }
    }
  }

  static func linksList(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let made = try await checklists(store, count: 7, perSecond: 2)
        store.record(Conformance.event("shared-checklist", code: made[6].code))
        store.record(Conformance.event("shared-checklist", code: made[6].code, kind: .scan))
        try await store.flush()
        let today = ClickDay(testNow)
        var seen: [String] = []
        var cursor: ConsoleLinkCursor?
        repeat {
          let page = try await store.consoleLinks(
            ConsoleLinkQuery(after: cursor, limit: 3, from: today, to: today)
          )
          seen += page.rows.map(\.code)
          cursor = page.next
          #expect(page.rows.count <= 3)
        } while cursor != nil
        let newestFirst = made.sorted { ($0.createdAt, $0.code) > ($1.createdAt, $1.code) }.map(
          \.code
        )
        #expect(seen == newestFirst)
        let first = try await store.consoleLinks(
          ConsoleLinkQuery(limit: 50, from: today, to: today)
        )
        let busy = try #require(first.rows.first { $0.code == made[6].code })
        #expect(busy.clicks == 1 && busy.scans == 1 && first.next == nil)
        // Search: a value (case-insensitive), a code prefix, a route; LIKE's wildcards are text.
        let byValue = try await store.consoleLinks(
          ConsoleLinkQuery(search: "0305E82C3303", from: today, to: today)
        )
        #expect(byValue.rows.map(\.code) == [made[3].code])
        let byCode = try await store.consoleLinks(
          ConsoleLinkQuery(search: made[2].code, from: today, to: today)
        )
        #expect(byCode.rows.map(\.code) == [made[2].code])
        let byRoute = try await store.consoleLinks(
          ConsoleLinkQuery(search: "shared-checklist", from: today, to: today)
        )
        #expect(byRoute.rows.count == 7)
        let wildcard = try await store.consoleLinks(
          ConsoleLinkQuery(search: "%", from: today, to: today)
        )
        #expect(wildcard.rows.isEmpty)
        let otherRoute = try await store.consoleLinks(
          ConsoleLinkQuery(route: "invite", from: today, to: today)
        )
        #expect(otherRoute.rows.isEmpty)
      }
    }
  }
}

extension ConsoleConformance {
  /// `count` checklist links (ids ending 00, 01…), `perSecond` of them made in each second
  /// from `testNow`, so some share a creation time.
  static func checklists(_ store: LinkStore, count: Int, perSecond: Int) async throws
    -> [ShortLink]
  {
    var made: [ShortLink] = []
    for index in 0..<count {
      let id = String(format: "3f2504e0-4f89-11d3-9a0c-0305e82c33%02d", index)
      made.append(
        try await store.createLink(
          Conformance.checklist(id),
          now: testNow.addingTimeInterval(Double(index / perSecond))
        )
      )
    }
    return made
  }

  /// Schema 6's trigram index changes no search's answer: for each search, every page (one
  /// row, then fifty, so SQLite takes both its window and its index path) equals the plain
  /// `LIKE` query's rows, after links were made, one's values rewritten and one deleted.
  /// SQLite's index is written in batches (schema 7): the twelve links are in it (a batch of
  /// other links came after them), the two made last are not yet, and both are found.
  static func searchIndex(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var made = try await checklists(store, count: 12, perSecond: 3)
        if backend == .sqlite { try await otherLinks(store, count: Migration.trigramBatch) }
        for index in 12..<14 {
          let id = String(format: "3f2504e0-4f89-11d3-9a0c-0305e82c33%02d", index)
          made.append(try await store.createLink(Conformance.checklist(id), now: testNow))
        }
        try await store.backend.execute(
          """
          UPDATE linkgen_links SET params = '{"id":"Ünïcode \"quoted\" 한국어 50%_off"}'
          WHERE code = '\(made[5].code)'
          """
        )
        try await store.deleteLink(code: made[8].code)
        try await expectTrigramIndex(store, backend)
        let searches = [
          "0305e82c33", "0305E82C3307", "3F2504E0", made[1].code, String(made[4].code.prefix(3)),
          "shared-checklist", "\"quoted\"", "한국어", "50%_off", "ünï", "ÜNÏ", "0305e82c3308",
          "zzz-no-such", "%",
        ]
        for search in searches {
          let expected = try await plainSearch(store, search)
          for limit in [1, 50] {
            #expect(try await pagedSearch(store, search, limit: limit) == expected, "\(search)")
          }
        }
        #expect(try await plainSearch(store, "0305e82c33").count == 12)
        #expect(try await plainSearch(store, "한국어") == [made[5].code])
      }
    }
  }

  /// `count` links of a route no search here names, made before every other link.
  static func otherLinks(_ store: LinkStore, count: Int) async throws {
    try await store.backend.execute(
      """
      WITH RECURSIVE series(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM series WHERE i < \(count))
      INSERT INTO linkgen_links (code, route, params, created_at, visits, custom)
      SELECT '~other' || i, 'other', '{}', 0, 0, 0 FROM series
      """
    )
  }

  /// The index is there: SQLite's FTS5 table holds the links' text, PostgreSQL has the GIN
  /// index (the test role may create `pg_trgm`).
  private static func expectTrigramIndex(_ store: LinkStore, _ backend: TestBackend) async throws {
    let sql =
      backend == .sqlite
      ? """
      SELECT count(*) FROM linkgen_link_trigrams WHERE linkgen_link_trigrams MATCH '"0305e82c33"'
      """
      : "SELECT CASE WHEN to_regclass('linkgen_links_trigrams') IS NULL THEN 0 ELSE 10 END"
    let rows = try await store.console(ConsoleStatement(sql, columns: [.integer]))
    #expect(rows.first?.first?.int == 10)
  }

  /// Every code the search matches, newest first, by the plain query (no index).
  private static func plainSearch(_ store: LinkStore, _ search: String) async throws -> [String] {
    let filter = LinkStore.linkFilter(
      ConsoleLinkQuery(search: search, from: ClickDay(testNow), to: ClickDay(testNow)),
      dialect: try store.consoleBackend.consoleDialect
    )
    return try await store.console(
      ConsoleStatement(
        "SELECT code FROM linkgen_links WHERE \(filter.all) ORDER BY created_at DESC, code DESC",
        filter.allBinds,
        columns: [.text]
      )
    ).map { $0[0].string }
  }

  /// Every code the console's list finds for the search, page after page.
  private static func pagedSearch(_ store: LinkStore, _ search: String, limit: Int) async throws
    -> [String]
  {
    var seen: [String] = []
    var cursor: ConsoleLinkCursor?
    repeat {
      let page = try await store.consoleLinks(
        ConsoleLinkQuery(
          search: search,
          after: cursor,
          limit: limit,
          from: ClickDay(testNow),
          to: ClickDay(testNow)
        )
      )
      seen += page.rows.map(\.code)
      cursor = page.next
    } while cursor != nil
    return seen
  }
}

@Suite struct SQLiteConsoleStoreTests {
  @Test func sessions() async throws { try await ConsoleConformance.sessions(.sqlite) }
  @Test func visitorSalts() async throws { try await ConsoleConformance.visitorSalts(.sqlite) }
  @Test func statsFromRollups() async throws {
    try await ConsoleConformance.statsFromRollups(.sqlite)
  }
  @Test func manyLinksCountedTwice() async throws {
    try await ConsoleConformance.manyLinksCountedTwice(.sqlite)
  }
  @Test func linksList() async throws { try await ConsoleConformance.linksList(.sqlite) }
  @Test func searchIndex() async throws { try await ConsoleConformance.searchIndex(.sqlite) }
}

@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresConsoleStoreTests {
  @Test func sessions() async throws { try await ConsoleConformance.sessions(.postgres) }
  @Test func visitorSalts() async throws { try await ConsoleConformance.visitorSalts(.postgres) }
  @Test func statsFromRollups() async throws {
    try await ConsoleConformance.statsFromRollups(.postgres)
  }
  @Test func manyLinksCountedTwice() async throws {
    try await ConsoleConformance.manyLinksCountedTwice(.postgres)
  }
  @Test func linksList() async throws { try await ConsoleConformance.linksList(.postgres) }
  @Test func searchIndex() async throws { try await ConsoleConformance.searchIndex(.postgres) }
}
