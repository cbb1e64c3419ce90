import Foundation
import LinkKit
import Testing

@testable import LinkStore

/// The behaviour both backends must show, run by `SQLiteStoreTests` and `PostgresStoreTests`.
enum Conformance {
  static func checklist(_ id: String = Tables.checklistID) -> NewShortLink {
    NewShortLink(route: "shared-checklist", arguments: ["id": id])
  }

  // MARK: Migrations

  static func migrationsAreRecordedOnce(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      // Three stores with their own connections start at once on an empty database.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<8 {
          group.addTask { try await database.withStore { _ in } }
        }
        try await group.waitForAll()
      }
      try await database.withStore { store in
        let versions = try await store.backend.schemaVersions()
        #expect(versions == Migration.all.map(\.version))
      }
    }
  }

  static func refusesANewerSchema(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        try await store.backend.execute(
          "INSERT INTO linkgen_schema (version, name, applied_at) VALUES (999, 'future', 0)"
        )
      }
      await #expect {
        try await database.withStore { _ in }
      } throws: { error in
        (error as? StoreError)?.code == .schemaTooNew
      }
    }
  }

  /// PostgreSQL's version 9 keeps a version 8 sketch (`smallint[]`) where it is and drops the
  /// SQL functions that merged them; a later flush merges into it and writes it as bytes
  /// (sparse since version 10: about 140 of its registers are set).
  static func olderSketchesAreMergedAsBytes() async throws {
    let registers = (0..<VisitorSketch.registerCount).map { UInt8($0 % 7 == 0 ? $0 % 23 : 0) }
    let person: UInt64 = 1 << 54 | 0x1234_5678_9abc
    try await TestDatabase.with(.postgres) { database in
      try await database.withStore { store in
        let list = registers.map(String.init).joined(separator: ",")
        // A row as version 8 wrote it.
        try await store.backend.execute(
          """
          INSERT INTO linkgen_visitors (day, route, code, registers_v8, estimate)
          VALUES (\(ClickDay(testNow).daysSince1970), 'shared-checklist', 'spring-sale',
                  ARRAY[\(list)]::smallint[], 0)
          """
        )
        let functions = try await store.console(
          ConsoleStatement(
            """
            SELECT count(*) FROM pg_proc WHERE pronamespace = current_schema()::regnamespace
              AND proname LIKE 'linkgen_visitors_%'
            """,
            columns: [.integer]
          )
        )
        #expect(functions.first?.first?.int == 0)
        // A person in an empty register, merged into it.
        store.record(event(code: "spring-sale", visitorHash: person))
        try await store.flush()
        var expected = try #require(VisitorSketch(registers: registers))
        expected.add(person)
        let merged = try await store.console(
          ConsoleStatement(
            """
            SELECT registers, estimate, (registers_v8 IS NULL)::int FROM linkgen_visitors
            WHERE code = 'spring-sale'
            """,
            columns: [.bytes, .integer, .integer]
          )
        )
        #expect(
          merged.first == [.bytes(expected.stored), .integer(expected.estimate), .integer(1)]
        )
      }
    }
  }

  // MARK: Short links

  static func createsAndResolves(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let created = try await store.createLink(checklist(Tables.checklistID.uppercased()))
        let expected = try Tables.openlist.links(
          for: "shared-checklist",
          arguments: ["id": Tables.checklistID]
        )
        #expect(created.links == expected)
        #expect(created.code.count == 12)
        #expect(created.code.allSatisfy { ShortCode.alphabet.contains($0) })
        #expect(created.shortURL == "https://openlist.example.com/s/\(created.code)")
        #expect(created.visits == 0 && created.maxVisits == nil && created.expiresAt == nil)

        let state = try await store.link(code: created.code)
        #expect(state == .active(created))
        let id = try #require(UUID(uuidString: Tables.checklistID))
        #expect(state.link?.values["id"] == .uuid(id))
        #expect(try await store.link(code: "zzzzzzzzzzzz") == .notFound)
      }
    }
  }

  static func rejectsWhatMakeRejects(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let cases: [(NewShortLink, LinkError.Code)] = [
          (NewShortLink(route: "no-such-route", arguments: [:]), .unknownRoute),
          (NewShortLink(route: "shared-checklist", arguments: ["id": "12345"]), .invalidValue),
          (NewShortLink(route: "shared-checklist", arguments: [:]), .missingParameter),
          (
            NewShortLink(
              route: "shared-checklist",
              arguments: ["id": Tables.checklistID, "x": "1"]
            ),
            .unknownParameter
          ),
        ]
        for (request, code) in cases {
          await #expect {
            try await store.createLink(request)
          } throws: { error in
            let error = error as? StoreError
            return error?.code == .invalidLink && error?.linkError?.code == code
          }
        }
        let today = ClickDay(Date())
        let stats = try await store.stats(StatsQuery(from: today, to: today))
        #expect(stats.isEmpty)
      }
    }
  }

  static func slugs(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var request = checklist()
        request.slug = "spring-sale"
        let link = try await store.createLink(request)
        #expect(link.code == "spring-sale" && link.isCustomSlug)
        #expect(link.shortURL.hasSuffix("/s/spring-sale"))
        await #expect {
          try await store.createLink(request)
        } throws: { ($0 as? StoreError)?.code == .slugTaken }
        let bad: [String] = [
          "ab", "Spring", "-sale", "sale-", "s p", "../x", "é-sale",
          String(repeating: "a", count: 65),
        ]
        for bad in bad {
          request.slug = bad
          await #expect {
            try await store.createLink(request)
          } throws: { error in
            (error as? StoreError)?.code == .invalidRequest
              && (error as? StoreError)?.field == "slug"
          }
        }
      }
    }
  }

  static func hostileCodesAreNotFound(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let codes: [String] = [
          "", "../etc/passwd", "ABC", "a'b", "a\0b", String(repeating: "a", count: 65), "x y",
        ]
        for code in codes {
          let looked = try await store.link(code: code)
          let visited = try await store.visit(code: code)
          #expect(looked == .notFound && visited == .notFound)
        }
      }
    }
  }

  static func visitLimits(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var request = checklist()
        request.maxVisits = 3
        let link = try await store.createLink(request)
        // Bots and previews look without counting.
        for _ in 0..<5 { #expect(try await store.link(code: link.code).isActive) }
        for expected in 1...3 {
          let state = try await store.visit(code: link.code)
          #expect(state.isActive && state.link?.visits == expected)
        }
        guard case .exhausted(let exhausted) = try await store.visit(code: link.code) else {
          Issue.record("the fourth visit should find the link exhausted")
          return
        }
        #expect(exhausted.visits == 3)
        guard case .exhausted = try await store.link(code: link.code) else {
          Issue.record("the link should stay exhausted")
          return
        }
        request.maxVisits = 0
        await #expect {
          try await store.createLink(request)
        } throws: { ($0 as? StoreError)?.field == "maxVisits" }
      }
    }
  }

  static func expiry(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var request = checklist()
        request.expiresAt = testNow.addingTimeInterval(60)
        let link = try await store.createLink(request, now: testNow)
        #expect(
          try await store.visit(code: link.code, now: testNow.addingTimeInterval(59)).isActive
        )
        guard
          case .expired(let expired) = try await store.visit(
            code: link.code,
            now: testNow.addingTimeInterval(60)
          )
        else {
          Issue.record("the link should be expired at its expiry")
          return
        }
        // Without a visit limit, visits cost no write and are not counted on the link.
        #expect(expired.visits == 0)
        request.expiresAt = testNow
        await #expect {
          try await store.createLink(request, now: testNow)
        } throws: { ($0 as? StoreError)?.field == "expiresAt" }
      }
    }
  }

  static func concurrentVisitsRespectTheLimit(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { first in
        try await database.withStore { second in
          var request = checklist()
          request.maxVisits = 40
          let code = try await first.createLink(request).code
          let counted = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<120 {
              let store = index.isMultiple(of: 2) ? first : second
              group.addTask { try await store.visit(code: code).isActive }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
          }
          #expect(counted == 40)
          #expect(try await second.link(code: code).link?.visits == 40)
        }
      }
    }
  }

  static func deletes(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        let link = try await store.createLink(checklist())
        try await store.deleteLink(code: link.code)
        #expect(try await store.link(code: link.code) == .notFound)
        await #expect {
          try await store.deleteLink(code: link.code)
        } throws: { ($0 as? StoreError)?.code == .notFound }
      }
    }
  }

  static func linksOutliveAStoreAndSurviveATableChange(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      let code = try await database.withStore { store in
        try await store.createLink(checklist()).code
      }
      let state = try await database.withStore { store in
        try await store.link(code: code)
      }
      #expect(state.isActive)
      let photos = try RouteTable(
        contentsOf: Tables.root.appendingPathComponent("Examples/photos/linkgen.json")
      )
      _ = try await database.withStore(table: photos) { store in
        await #expect {
          try await store.link(code: code)
        } throws: { ($0 as? StoreError)?.code == .linkNoLongerValid }
      }
    }
  }

  // MARK: Keys

  static func keys(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore(table: nil) { store in
        let created = try await store.createKey(scopes: [.linksCreate, .statsRead], name: "ci")
        #expect(created.key.hasPrefix("lgk_\(created.info.id)_"))
        #expect(created.key.utf8.count == 53)  // lgk_ + 8 + _ + 40
        #expect(created.info.scopes == [.linksCreate, .statsRead])

        let listed = try await store.keys()
        #expect(listed == [created.info])

        #expect(try await store.authenticate(created.key) == created.info)
        // The right id with a wrong secret, a malformed key, an unknown id.
        var wrong = Array(created.key)
        wrong[wrong.count - 1] = wrong.last == "a" ? "b" : "a"
        #expect(try await store.authenticate(String(wrong)) == nil)
        #expect(try await store.authenticate("Bearer \(created.key)") == nil)
        #expect(try await store.authenticate("") == nil)
        #expect(
          try await store.authenticate("lgk_zzzzzzzz_" + String(repeating: "a", count: 40)) == nil
        )

        let other = try await store.createKey(scopes: [.linksDelete])
        let revoked = try await store.revokeKey(id: created.info.id)
        #expect(revoked.isRevoked)
        #expect(try await store.authenticate(created.key) == nil)
        #expect(try await store.authenticate(other.key)?.scopes == [.linksDelete])
        // Revoking again keeps the first time.
        #expect(try await store.revokeKey(id: created.info.id).revokedAt == revoked.revokedAt)
        for id in ["zzzzzzzz", "nope", ""] {
          await #expect {
            try await store.revokeKey(id: id)
          } throws: { ($0 as? StoreError)?.code == .notFound }
        }
        await #expect {
          try await store.createKey(scopes: [])
        } throws: { ($0 as? StoreError)?.field == "scopes" }

        // Only the hash is stored.
        let stored = try await store.backend.key(id: created.info.id)
        #expect(stored?.hash == KeyHashing.hash(created.key))
        #expect(stored?.hash.count == 32)
      }
    }
  }

  // MARK: Clicks

  static func event(
    _ route: String = "shared-checklist",
    code: String? = nil,
    day: Int = 0,
    visitor: Visitor = .human,
    platform: ClickPlatform = .ios,
    kind: ClickEvent.Kind = .page,
    browser: String? = nil,
    referrer: String? = nil,
    visitorHash: UInt64? = nil
  ) -> ClickEvent {
    ClickEvent(
      kind: kind,
      date: testNow.addingTimeInterval(Double(day) * 86_400),
      route: route,
      code: code,
      visitor: visitor,
      platform: platform,
      browser: browser,
      referrerHost: referrer,
      visitorHash: visitorHash
    )
  }

  static func clickCounters(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      let head = Visitor.bot(BotReason(.method, "HEAD"))
      let slack = Visitor.bot(BotReason(.crawler, "slackbot"))
      try await database.withStore { store in
        for _ in 0..<5 { store.record(event(code: "spring-sale")) }
        for _ in 0..<3 {
          store.record(event(code: "spring-sale", platform: .android, browser: "Instagram"))
        }
        for _ in 0..<2 { store.record(event(code: "spring-sale", visitor: head)) }
        store.record(event(code: "spring-sale", visitor: slack, platform: .other))
        store.record(event(code: "spring-sale", kind: .storeTap))
        store.record(event(code: "spring-sale", platform: .android, kind: .deferredOpen))
        store.record(event(day: 1, referrer: "News.Example.com"))
        store.record(event("invite", day: 1, platform: .desktop))
        try await store.flush()
        #expect(store.pendingCounters == 0)
        // Counts add up across flushes.
        store.record(event(code: "spring-sale"))
        try await store.flush()

        let today = ClickDay(testNow)
        let tomorrow = ClickDay(daysSince1970: today.daysSince1970 + 1)
        let byLink = try await store.stats(StatsQuery(from: today, to: tomorrow))
        #expect(byLink.count == 3)
        let sale = try #require(byLink.first { $0.code == "spring-sale" })
        #expect(sale.day == today && sale.route == "shared-checklist")
        #expect(
          sale.clicks == 9 && sale.bots == 3 && sale.storeTaps == 1 && sale.deferredOpens == 1
        )
        #expect(sale.botReasons == ["method:head": 2, "crawler:slackbot": 1])

        let byRoute = try await store.stats(
          StatsQuery(from: today, to: tomorrow, groupBy: [.route])
        )
        #expect(byRoute.map(\.route) == ["invite", "shared-checklist"])
        #expect(byRoute.map(\.clicks) == [1, 10])

        let byPlatform = try await store.stats(
          StatsQuery(from: today, to: today, code: "spring-sale", groupBy: [.platform, .browser])
        )
        let android = try #require(
          byPlatform.first { $0.platform == .android && $0.browser == "instagram" }
        )
        #expect(android.clicks == 3)

        let referrers = try await store.stats(
          StatsQuery(from: tomorrow, to: tomorrow, route: "shared-checklist", groupBy: [.referrer])
        )
        #expect(referrers.map(\.referrer) == ["news.example.com"])

        await #expect {
          try await store.stats(StatsQuery(from: tomorrow, to: today))
        } throws: { ($0 as? StoreError)?.code == .invalidRequest }
      }
    }
  }

  static func uniqueVisitors(_ backend: TestBackend) async throws {
    // Hashes with distinct top bits fall in distinct registers: small counts come out exact.
    func person(_ n: UInt64) -> UInt64 { n << 54 | 0x1234_5678_9abc }
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        for n: UInt64 in [1, 2, 3] {
          for _ in 0..<4 { store.record(event(code: "spring-sale", visitorHash: person(n))) }
        }
        // Bots, store taps and visits without a hash are not among the visitors.
        let head = Visitor.bot(BotReason(.method, "HEAD"))
        store.record(event(code: "spring-sale", visitor: head, visitorHash: person(9)))
        store.record(event(code: "spring-sale", kind: .storeTap, visitorHash: person(10)))
        store.record(event(code: "spring-sale"))
        try await store.flush()
        // The next flush merges: one new person, two seen before.
        for n: UInt64 in [3, 4, 2] {
          store.record(event(code: "spring-sale", visitorHash: person(n)))
        }
        store.record(event(code: "spring-sale", day: 1, visitorHash: person(1)))
        store.record(event("invite", visitorHash: person(5)))
        try await store.flush()
        // Another copy of the server merges its own sketch.
        try await database.withStore { other in
          other.record(event(code: "spring-sale", visitorHash: person(4)))
          other.record(event(code: "spring-sale", visitorHash: person(6)))
          try await other.flush()
        }

        let today = ClickDay(testNow)
        let tomorrow = ClickDay(daysSince1970: today.daysSince1970 + 1)
        let sale = try await store.stats(StatsQuery(from: today, to: today, code: "spring-sale"))
        #expect(sale.map(\.clicks) == [18] && sale.map(\.visitors) == [5], "\(sale)")
        let days = try await store.stats(
          StatsQuery(from: today, to: tomorrow, code: "spring-sale", groupBy: [.link])
        )
        #expect(days.map(\.visitors) == [6], "a person counts once per day: \(days)")
        let byRoute = try await store.stats(
          StatsQuery(from: today, to: today, groupBy: [.route])
        )
        #expect(byRoute.map(\.route) == ["invite", "shared-checklist"])
        #expect(byRoute.map(\.visitors) == [1, 5])
        // The whole site: person 5 on invite, the five on shared-checklist; then per day.
        let byDay = try await store.stats(StatsQuery(from: today, to: tomorrow, groupBy: [.day]))
        #expect(byDay.map(\.visitors) == [6, 1], "\(byDay)")
        let all = try await store.stats(StatsQuery(from: today, to: tomorrow, groupBy: []))
        #expect(all.map(\.visitors) == [7], "\(all)")
        let byPlatform = try await store.stats(
          StatsQuery(from: today, to: today, groupBy: [.platform])
        )
        #expect(byPlatform.allSatisfy { $0.visitors == nil }, "\(byPlatform)")
        // Every stored sketch reads back as a sketch whose estimate is the one stored beside
        // it; these few visitors' are stored sparse (three bytes a set register).
        let rows = try await store.console(
          ConsoleStatement(
            "SELECT registers, estimate FROM linkgen_visitors",
            columns: [.bytes, .integer]
          )
        )
        #expect(rows.count > 3)
        for row in rows {
          guard case .bytes(let bytes) = row.first else {
            Issue.record("registers are not bytes: \(row)")
            continue
          }
          let sketch = try #require(VisitorSketch(stored: bytes), "\(bytes.count) bytes")
          #expect(row.last?.int == sketch.estimate)
          #expect(bytes.count < 1_024 && bytes.count % 3 == 0 && bytes == sketch.stored)
        }
      }
    }
  }

  static func countsFromTwoStoresAddUp(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      let code = try await database.withStore { first in
        try await database.withStore { second in
          let link = try await first.createLink(checklist())
          // Made by one, resolved by the other.
          #expect(try await second.link(code: link.code) == .active(link))
          // Both record and flush at once, several times.
          try await withThrowingTaskGroup(of: Void.self) { group in
            for (copy, store) in [first, second].enumerated() {
              group.addTask {
                for round in 0..<10 {
                  for index in 0..<50 {
                    store.record(
                      event(
                        code: link.code,
                        visitor: index == 0 ? .bot(BotReason(.method, "HEAD")) : .human,
                        // Each copy's round is one person (in a register of their own).
                        visitorHash: UInt64(1 + copy * 10 + round) << 54 | 0x1234_5678_9abc
                      )
                    )
                  }
                  if round.isMultiple(of: 3) { try await store.flush() }
                }
              }
            }
            try await group.waitForAll()
          }
          return link.code
        }
      }
      // The scopes' ends flushed the rest.
      try await database.withStore { store in
        let rows = try await store.stats(
          StatsQuery(from: ClickDay(testNow), to: ClickDay(testNow), code: code)
        )
        #expect(rows.count == 1)
        #expect(rows.first?.clicks == 2 * 10 * 49)
        #expect(rows.first?.bots == 2 * 10)
        // The copies' sketches merged at once: none lost.
        #expect(rows.first?.visitors == 2 * 10)
      }
    }
  }

  static func flushesOnTheInterval(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      var options = StoreOptions()
      options.flushInterval = .milliseconds(50)
      try await database.withStore(options: options) { store in
        store.record(event())
        var rows = StatsReport(rows: [])
        for _ in 0..<200 where rows.isEmpty {
          try await Task.sleep(for: .milliseconds(25))
          rows = try await store.stats(StatsQuery(from: ClickDay(testNow), to: ClickDay(testNow)))
        }
        #expect(rows.first?.clicks == 1)
      }
    }
  }
}
