import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkStore

/// A PostgreSQL server that goes away mid-run: operations fail with `unavailable`, within the
/// operation timeout, and work again when it returns, without reopening the store.
@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresFailureTests {
  @Test func serverGoneAndBack() async throws {
    let settings = try PostgresServer.settings()
    let proxy = TCPProxy(upstreamHost: settings.host ?? "127.0.0.1", upstreamPort: settings.port)
    try await proxy.start()
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let url = try PostgresServer.url(schema: schema, host: "127.0.0.1", port: proxy.port)
    var options = StoreOptions()
    options.operationTimeout = .seconds(5)
    options.flushInterval = .seconds(3600)
    try await LinkStore.withStore(url, table: Tables.openlist, options: options, logger: testLogger)
    {
      store in
      let link = try await store.createLink(Conformance.checklist())
      store.record(Conformance.event(code: link.code))

      await proxy.stop()
      await #expect {
        try await store.link(code: link.code)
      } throws: { ($0 as? StoreError)?.code == .unavailable }
      await #expect {
        try await store.createLink(Conformance.checklist())
      } throws: { ($0 as? StoreError)?.code == .unavailable }
      await #expect {
        try await store.flush()
      } throws: { ($0 as? StoreError)?.code == .unavailable }
      // The failed flush put its counts back for the next one (once its cancelled write
      // has given up).
      for _ in 0..<100 where store.pendingCounters == 0 {
        try await Task.sleep(for: .milliseconds(20))
      }
      #expect(store.pendingCounters == 1)

      try await proxy.start()
      // The pool retries connecting with a growing backoff (100 ms, ×1.25 each time): after a
      // few seconds of outage it is back within a second or two.
      var state: ShortLinkState?
      for _ in 0..<300 where state == nil {
        state = try? await store.link(code: link.code)
        if state == nil { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(state == .active(link))
      store.record(Conformance.event(code: link.code))
      try await store.flush()
      let rows = try await store.stats(
        StatsQuery(from: ClickDay(testNow), to: ClickDay(testNow), code: link.code)
      )
      #expect(rows.first?.clicks == 2)
    }
    await proxy.stop()
  }

  @Test func connectionsKilledByTheServer() async throws {
    try await PostgresServer.withKillableStore(options: StoreOptions()) { store, application in
      let link = try await store.createLink(Conformance.checklist())
      try await PostgresServer.killConnections(of: application)
      // Requests on connections that were killed fail as unavailable (reads are retried once on
      // another connection first); the pool replaces them, and the same store works again.
      var state: ShortLinkState?
      var created: ShortLink?
      for _ in 0..<10 where state == nil || created == nil {
        do throws(StoreError) {
          if state == nil { state = try await store.link(code: link.code) }
          if created == nil { created = try await store.createLink(Conformance.checklist()) }
        } catch {
          #expect(error.code == .unavailable)
          try await Task.sleep(for: .milliseconds(50))
        }
      }
      #expect(state == .active(link))
      #expect(created != nil)
    }
  }

  /// Connections killed again and again while reads and creates run on them from other threads:
  /// each operation ends (answered, or `unavailable` within the operation timeout), and none
  /// keeps a connection or a read's turn for ever. postgres-nio drops a statement written from
  /// another thread to a connection the server has just closed, and its answer never comes:
  /// a lookup waited for ever, and so did every later lookup behind it.
  @Test func connectionsKilledInUseLeaveNothingWaiting() async throws {
    var options = StoreOptions()
    options.operationTimeout = .seconds(3)
    options.postgresConnections = 2
    try await withinLimit(.seconds(300)) { [options] in
      try await PostgresServer.withKillableStore(options: options) { store, application in
        let link = try await store.createLink(Conformance.checklist())
        for _ in 0..<40 {
          try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
              group.addTask {
                for _ in 0..<4 { try await Self.readOrCreate(store, link, create: worker % 4 == 0) }
              }
            }
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...5)))
            try await PostgresServer.killConnections(of: application)
            try await group.waitForAll()
          }
        }
        // Every connection and every read's turn came back: the store answers again.
        var answered = false
        for _ in 0..<50 where !answered {
          let read = try? await store.link(code: link.code)
          let created = try? await store.createLink(Conformance.checklist())
          answered = read == .active(link) && created != nil
          if !answered { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(answered)
      }
    }
  }

  /// Reads the link (or creates one): the answer, or `unavailable` while connections are killed.
  private static func readOrCreate(_ store: LinkStore, _ link: ShortLink, create: Bool)
    async throws
  {
    do throws(StoreError) {
      if create {
        _ = try await store.createLink(Conformance.checklist())
      } else {
        #expect(try await store.link(code: link.code) == .active(link))
      }
    } catch {
      #expect(error.code == .unavailable)
    }
  }

  @Test func wrongPasswordIsAConfigurationError() async throws {
    var settings = try PostgresServer.settings()
    settings.password = "not-the-password"
    settings.tls = .disable
    await #expect {
      try await LinkStore.withStore(
        DatabaseURL(.postgres(settings)),
        table: nil,
        logger: testLogger
      ) { _ in }
    } throws: { ($0 as? StoreError)?.code == .misconfigured }
  }

  @Test func nothingListeningIsUnavailable() async throws {
    var options = StoreOptions()
    options.operationTimeout = .milliseconds(500)
    await #expect {
      try await LinkStore.withStore(
        DatabaseURL("postgres://linkgen:x@127.0.0.1:1/linkgen"),
        table: nil,
        options: options,
        logger: testLogger
      ) { _ in }
    } throws: { ($0 as? StoreError)?.code == .unavailable }
  }
}

/// SQLite files that cannot be used.
@Suite struct SQLiteFailureTests {
  @Test func missingDirectoryIsAConfigurationError() async throws {
    await #expect {
      try await LinkStore.withStore(
        DatabaseURL("sqlite:/nonexistent-linkgen-dir/links.sqlite"),
        table: nil,
        logger: testLogger
      ) { _ in }
    } throws: { ($0 as? StoreError)?.code == .misconfigured }
  }

  @Test func notADatabaseIsAStorageFailure() async throws {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkgen-not-a-db-\(UUID().uuidString)"
    )
    try Data(repeating: 0x41, count: 4096).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    await #expect {
      try await LinkStore.withStore(
        DatabaseURL("sqlite:\(file.path)"),
        table: nil,
        logger: testLogger
      ) { _ in }
    } throws: { ($0 as? StoreError)?.code == .storageFailure }
  }

  @Test func lockedTooLongIsUnavailable() async throws {
    try await TestDatabase.with(.sqlite) { database in
      var options = StoreOptions()
      options.operationTimeout = .milliseconds(200)
      try await database.withStore(options: options) { holder in
        try await database.withStore(options: options) { waiter in
          // One store holds the write lock; the other gives up after its busy timeout.
          try await holder.backend.execute("CREATE TABLE IF NOT EXISTS lock_probe (x INTEGER)")
          let sqlite = try #require(holder.backend as? SQLiteBackend)
          try await sqlite.pool.withWriteTransaction { connection throws(StoreError) in
            try await SQLiteBackend.run(connection, "INSERT INTO lock_probe VALUES (1)", path: "")
            do throws(StoreError) {
              _ = try await waiter.createLink(Conformance.checklist())
              Issue.record("a write should wait for the lock and give up")
            } catch {
              #expect(error.code == .unavailable)
            }
          }
        }
      }
    }
  }
}

/// The bound the database tests that can hang run within.
@Suite struct WithinLimitTests {
  @Test func aBodyThatNeverEndsFailsItsTestAtTheLimit() async throws {
    try await withKnownIssue {
      try await withinLimit(.milliseconds(200)) { try await Task.sleep(for: .seconds(3600)) }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("did not end within") }
    }
  }

  @Test func aBodyThatEndsIsItsResult() async throws {
    try await withinLimit(.seconds(60)) {}
    await #expect(throws: CancellationError.self) {
      try await withinLimit(.seconds(60)) { throw CancellationError() }
    }
  }
}
