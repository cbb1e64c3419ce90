import LinkgenTestSupport
import PostgresNIO
import Testing

@testable import LinkStore

/// The store behind a real PgBouncer in transaction mode (two server connections for all of a
/// store's), with `prepared_statements=off`: the shared behaviour, lookups made at once, and
/// lookups on the event loops' own connections; and what goes wrong without the option, or
/// with a `schema=` the pooler refuses or drops, said as `misconfigured`.
@Suite(
  .enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"),
  .enabled(if: PgBouncer.isInstalled, "\(PgBouncer.skipMessage)")
)
struct PgBouncerStoreTests {
  @Test func migrationsAreRecordedOnce() async throws {
    try await Conformance.migrationsAreRecordedOnce(.pgbouncer)
  }
  @Test func createsAndResolves() async throws {
    try await Conformance.createsAndResolves(.pgbouncer)
  }
  @Test func visitLimits() async throws { try await Conformance.visitLimits(.pgbouncer) }
  @Test func concurrentVisitsRespectTheLimit() async throws {
    try await Conformance.concurrentVisitsRespectTheLimit(.pgbouncer)
  }
  @Test func deletes() async throws { try await Conformance.deletes(.pgbouncer) }
  @Test func keys() async throws { try await Conformance.keys(.pgbouncer) }
  @Test func clickCounters() async throws { try await Conformance.clickCounters(.pgbouncer) }
  @Test func uniqueVisitors() async throws { try await Conformance.uniqueVisitors(.pgbouncer) }
  @Test func countsFromTwoStoresAddUp() async throws {
    try await Conformance.countsFromTwoStoresAddUp(.pgbouncer)
  }
  @Test func lookupsAtOnceAnswerAsAlone() async throws {
    try await ConcurrentReads.answerAsAlone(.pgbouncer)
  }

  /// Lookups on every event loop at once, beside creates: the loops' own connections go
  /// through the pooler too.
  @Test func lookupsOnTheEventLoops() async throws {
    try await TestDatabase.with(.pgbouncer) { database in
      try await database.withStore { store in
        var made: [ShortLink] = []
        for _ in 0..<8 { made.append(try await store.createLink(Conformance.checklist())) }
        let links = made
        try await store.lookUpOnEveryLoop(links, rounds: 20)
        let backend = try #require(store.backend as? PostgresBackend)
        #expect(backend.loopReads > 0)
      }
    }
  }

  /// Why the option exists: behind the pooler, two clients' statements run on one server
  /// connection, where a statement prepared by name for the first is already there for the
  /// second (and missing when the next transaction lands elsewhere); the store's error says to
  /// turn prepared statements off. Unnamed statements run.
  @Test func namedStatementsCollideBehindThePooler() async throws {
    let bouncer = try await PgBouncer(serverConnections: 1)
    defer { bouncer.stop() }
    let url = try bouncer.url("prepared_statements=off")
    try await LinkStore.withStore(url, table: Tables.openlist, logger: testLogger) { _ in }
    guard case .postgres(let settings) = url.backend else { return }
    let configuration = PostgresConnection.Configuration(
      unixSocketPath: "\(settings.socketDirectory ?? "")/.s.PGSQL.\(settings.port)",
      username: settings.user,
      password: nil,
      database: settings.database
    )
    var connections: [PostgresConnection] = []
    for id in 1...2 {
      connections.append(
        try await PostgresConnection.connect(
          configuration: configuration,
          id: id,
          logger: testLogger
        )
      )
    }
    let read = PostgresLinkByCode(key: "none")
    for connection in connections {
      #expect(try await connection.rows(read, prepared: false, logger: testLogger).isEmpty)
    }
    _ = try await connections[0].rows(read, prepared: true, logger: testLogger)
    await #expect {
      _ = try await connections[1].rows(read, prepared: true, logger: testLogger)
    } throws: { error in
      // The store's error names the option.
      let mapped = PostgresBackend.map(error)
      return (error as? PSQLError)?.serverInfo?[.sqlState] == "42P05"
        && mapped.code == .misconfigured && mapped.message.contains("prepared_statements=off")
    }
    for connection in connections { try await connection.close() }
  }

  /// `schema=` goes to PostgreSQL as a startup parameter, which PgBouncer refuses, or, told to
  /// ignore it, drops: either way the store does not open, and says why.
  @Test(arguments: [
    ([String](), "refuses schema="),
    (["ignore_startup_parameters = search_path"], "drops the search_path startup parameter"),
  ])
  func aSchemaThePoolerRefusesOrDropsIsMisconfigured(settings: [String], expected: String)
    async throws
  {
    let bouncer = try await PgBouncer(serverConnections: 1, settings: settings)
    defer { bouncer.stop() }
    let url = try bouncer.url("prepared_statements=off&schema=\(TestPostgres.freshSchema())")
    await #expect {
      try await LinkStore.withStore(url, table: Tables.openlist, logger: testLogger) { _ in }
    } throws: { error in
      let error = error as? StoreError
      return error?.code == .misconfigured && error?.message.contains(expected) == true
    }
  }
}
