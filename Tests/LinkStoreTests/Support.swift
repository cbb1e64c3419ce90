import Foundation
import LinkKit
import LinkStore
import LinkgenTestSupport
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import Synchronization
import Testing

/// The example route tables of the repository.
enum Tables {
  static let root = PackagePaths.root

  static let openlist: RouteTable = {
    do {
      return try RouteTable(
        contentsOf: root.appendingPathComponent("Examples/openlist/linkgen.json")
      )
    } catch {
      fatalError("cannot load the example table: \(error)")
    }
  }()

  static let checklistID = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
}

/// The backends the shared tests run against.
enum TestBackend: String, Sendable, CustomStringConvertible {
  case sqlite
  case postgres
  /// PostgreSQL behind a real PgBouncer in transaction mode, with `prepared_statements=off`.
  case pgbouncer

  var description: String { rawValue }
}

/// A quiet logger for stores under test.
let testLogger: Logger = {
  var logger = Logger(label: "linkgen.store.tests", factory: { _ in SwiftLogNoOpLogHandler() })
  logger.logLevel = .critical
  return logger
}()

/// A fresh, empty database for one test: an SQLite file in a new directory, or a new schema in
/// the test PostgreSQL database (dropped afterwards), so tests running in parallel never see
/// each other's rows.
struct TestDatabase: Sendable {
  let url: DatabaseURL
  private let cleanup: @Sendable () async -> Void

  static func make(_ backend: TestBackend) async throws -> TestDatabase {
    switch backend {
    case .sqlite:
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("linkgen-store-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let url = try DatabaseURL("sqlite:\(directory.appendingPathComponent("links.sqlite").path)")
      return TestDatabase(url: url) {
        try? FileManager.default.removeItem(at: directory)
      }
    case .postgres:
      let schema =
        "lgtest_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
      let url = try PostgresServer.url(schema: schema)
      return TestDatabase(url: url) {
        try? await PostgresServer.execute("DROP SCHEMA IF EXISTS \(schema) CASCADE")
      }
    case .pgbouncer:
      let bouncer = try await PgBouncer(serverConnections: 2)
      return TestDatabase(url: try bouncer.url("prepared_statements=off")) { bouncer.stop() }
    }
  }

  /// Runs `body` with a fresh database and removes it afterwards.
  static func with<T>(_ backend: TestBackend, _ body: (TestDatabase) async throws -> T)
    async throws -> T
  {
    let database = try await make(backend)
    do {
      let result = try await body(database)
      await database.cleanup()
      return result
    } catch {
      await database.cleanup()
      throw error
    }
  }

  /// The store's options in tests: a 30 s operation timeout rather than 5 s. The whole suite
  /// runs in one process whose cooperative threads (two on a 2-core machine) are at times all
  /// held by tests that block on child processes; a wall-clock deadline then expires while the
  /// database has long answered (`deletes()`, `clickCounters()` failed so once). Tests of the
  /// timeout itself set their own.
  static let options: StoreOptions = {
    var options = StoreOptions()
    options.operationTimeout = .seconds(30)
    return options
  }()

  /// Opens a store on the database for the length of `body`.
  func withStore<T>(
    table: RouteTable? = Tables.openlist,
    options: StoreOptions = TestDatabase.options,
    _ body: (LinkStore) async throws -> T
  ) async throws -> T {
    try await LinkStore.withStore(url, table: table, options: options, logger: testLogger, body)
  }
}

/// The test PostgreSQL server (see `TestPostgres`), with what the store's tests add: its
/// settings, URLs of fresh schemas, and statements run on a connection of their own.
enum PostgresServer {
  static var isReachable: Bool { TestPostgres.isReachable }
  static var skipMessage: String { TestPostgres.skipMessage }

  static func settings() throws -> DatabaseURL.Postgres {
    guard case .postgres(let settings) = try DatabaseURL(TestPostgres.baseURL).backend else {
      throw StoreError(.invalidDatabaseURL, "LINKGEN_TEST_POSTGRES_URL is not a postgres:// URL")
    }
    return settings
  }

  /// The test database with `schema` as its schema.
  static func url(schema: String, host: String? = nil, port: Int? = nil, application: String? = nil)
    throws -> DatabaseURL
  {
    var settings = try settings()
    settings.schema = schema
    if let host { settings.host = host }
    if let port { settings.port = port }
    settings.tls = .disable
    settings.applicationName = application
    return DatabaseURL(.postgres(settings))
  }

  /// A store on a schema of its own whose connections name an application of their own, for
  /// tests that kill them (``killConnections(of:)``); the schema is dropped after.
  static func withKillableStore(
    options: StoreOptions,
    _ body: (LinkStore, _ application: String) async throws -> Void
  ) async throws {
    let application = "lgtest-\(UUID().uuidString.prefix(8).lowercased())"
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let url = try url(schema: schema, application: application)
    try await LinkStore.withStore(url, table: Tables.openlist, options: options, logger: testLogger)
    {
      store in try await body(store, application)
    }
  }

  /// Kills every connection of `application` from the server's side (`pg_terminate_backend`).
  static func killConnections(of application: String) async throws {
    try await execute(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(application)'"
    )
  }

  /// Runs one statement on a connection of its own.
  static func execute(_ sql: String) async throws {
    _ = try await rows(sql)
  }

  /// The first column of the first row of a statement that counts (`SELECT count(*) …`).
  static func count(_ sql: String) async throws -> Int {
    try await rows(sql).first?.decode(Int.self) ?? 0
  }

  private static func rows(_ sql: String) async throws -> [PostgresRow] {
    try await withConnection {
      try await $0.query(PostgresQuery(unsafeSQL: sql), logger: testLogger).collect()
    }
  }

  /// Runs `body` with a connection of its own to the test database (its default schema).
  static func withConnection<Result: Sendable>(
    _ body: (PostgresConnection) async throws -> Result
  ) async throws -> Result {
    let settings = try settings()
    let configuration = PostgresClient.Configuration(
      host: settings.host ?? "127.0.0.1",
      port: settings.port,
      username: settings.user,
      password: settings.password,
      database: settings.database,
      tls: .disable
    )
    let client = PostgresClient(configuration: configuration)
    return try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { await client.run() }
      defer { group.cancelAll() }
      return try await client.withConnection(body)
    }
  }
}

extension LinkStore {
  /// A short link looked up as `linkgen serve` looks up a cold one: on `loop`, answered by a
  /// callback (on PostgreSQL, by the loop's own connection once it is open).
  func lookUp(_ code: String, on loop: any EventLoop) async -> Result<ShortLinkState, StoreError> {
    await withCheckedContinuation { answer in
      let called = link(code: code, on: loop) { answer.resume(returning: $0) }
      if !called {
        answer.resume(returning: .failure(StoreError(.internalError, "not PostgreSQL")))
      }
    }
  }

  /// Looks `links` up `rounds` times on every event loop at once, beside twenty creates: every
  /// answer is the link.
  func lookUpOnEveryLoop(_ links: [ShortLink], rounds: Int = 1) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
      for loop in MultiThreadedEventLoopGroup.singleton.makeIterator() {
        group.addTask {
          for _ in 0..<rounds {
            for link in links {
              let state = try await self.lookUp(link.code, on: loop).get()
              #expect(state == .active(link))
            }
          }
        }
      }
      group.addTask {
        for _ in 0..<20 { _ = try await self.createLink(Conformance.checklist()) }
      }
      try await group.waitForAll()
    }
  }
}

extension ShortLinkState {
  var isActive: Bool {
    if case .active = self { return true }
    return false
  }
}

/// A fixed moment for tests that pass `now`.
let testNow = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-17

/// Runs `body` in a task of its own, and returns when it ends or after `limit`, whichever comes
/// first. A subject that never answers (a statement whose answer is lost, a pool that never gets
/// its connection back) then fails its test, instead of holding the whole suite until CI's own
/// limit; the task is left behind.
func withinLimit(
  _ limit: Duration,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @escaping @Sendable () async throws -> Void
) async throws {
  // `nil` when the limit passed first.
  let waiter = Mutex<CheckedContinuation<Result<Void, any Error>?, Never>?>(nil)
  let finish: @Sendable (Result<Void, any Error>?) -> Void = { outcome in
    waiter.withLock { continuation in
      continuation?.resume(returning: outcome)
      continuation = nil
    }
  }
  let outcome = await withCheckedContinuation { continuation in
    waiter.withLock { $0 = continuation }
    let clock = Task {
      try await Task.sleep(for: limit)
      finish(nil)
    }
    Task {
      do {
        try await body()
        finish(.success(()))
      } catch {
        finish(.failure(error))
      }
      clock.cancel()
    }
  }
  guard let outcome else {
    Issue.record("did not end within \(limit)", sourceLocation: sourceLocation)
    return
  }
  try outcome.get()
}
