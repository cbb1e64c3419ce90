import Logging
import NIOCore
import NIOSSL
import PostgresNIO

/// The shared backend: a PostgreSQL database that several server copies use at once, through
/// postgres-nio's connection pool (which replaces broken connections by itself, so the store
/// recovers when the server comes back).
final class PostgresBackend: StoreBackend {
  /// The client, and whether statements are prepared on its connections.
  let pool: Pool
  var client: PostgresClient { pool.client }
  let settings: DatabaseURL.Postgres
  let logger: Logger
  let connectTimeout: Duration
  private let startupParameters: [(String, String)]
  /// Created links that arrive together share one statement (one commit, one WAL flush).
  private let groupCommit: LinkGroupCommit
  /// Links looked up together share one statement (one round trip, one pool lease).
  private let linksByCode: PostgresLinkReader
  private let linksByKeptPath: PostgresLinkReader
  /// Short links looked up on an event loop, read on that loop's own connection.
  private let loopReaders: PostgresLoopReaders

  init(_ settings: DatabaseURL.Postgres, options: StoreOptions, logger: Logger) {
    self.settings = settings
    self.logger = logger
    connectTimeout = options.operationTimeout
    var parameters: [(String, String)] = []
    if let schema = settings.schema { parameters.append(("search_path", schema)) }
    parameters.append(("application_name", settings.applicationName ?? "linkgen"))
    startupParameters = parameters
    var configuration: PostgresClient.Configuration
    if let directory = settings.socketDirectory {
      configuration = PostgresClient.Configuration(
        unixSocketPath: "\(directory)/.s.PGSQL.\(settings.port)",
        username: settings.user,
        password: settings.password,
        database: settings.database
      )
    } else {
      configuration = PostgresClient.Configuration(
        host: settings.host ?? "localhost",
        port: settings.port,
        username: settings.user,
        password: settings.password,
        database: settings.database,
        tls: Self.tls(settings.tls)
      )
    }
    // The loops' own connections come out of the copy's budget.
    let loopConnections = PostgresLoopReaders.limit(connections: options.postgresConnections)
    configuration.options.maximumConnections = options.postgresConnections - loopConnections
    configuration.options.connectTimeout = options.operationTimeout
    configuration.options.additionalStartupParameters = parameters
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let pool = Pool(client: client, prepared: settings.preparedStatements)
    self.pool = pool
    groupCommit = LinkGroupCommit { rows throws(StoreError) in
      try await Self.execute(PostgresInsertLinks(links: rows), on: pool, logger: logger)
    }
    linksByCode = Self.reader(PostgresLinksByCode.self, key: \.code, on: pool, logger: logger)
    linksByKeptPath = Self.reader(
      PostgresLinksByKeptPath.self,
      key: \.keptPath,
      on: pool,
      logger: logger
    )
    loopReaders = Self.loopReaders(
      limit: loopConnections,
      pool: pool,
      settings: settings,
      startup: parameters,
      timeout: options.operationTimeout,
      logger: logger
    )
  }

  /// The event loops' readers, each opening its connection with the pool's settings. With
  /// prepared statements, each connection keeps the generic plan of its read
  /// (``genericPlans(_:logger:)``); without, nothing is set on a connection that a pooler may
  /// hand to other clients after.
  private static func loopReaders(
    limit: Int,
    pool: Pool,
    settings: DatabaseURL.Postgres,
    startup: [(String, String)],
    timeout: Duration,
    logger: Logger
  ) -> PostgresLoopReaders {
    PostgresLoopReaders(
      limit: limit,
      pool: pool,
      timeout: .nanoseconds(Int64(milliseconds(timeout)) * 1_000_000),
      logger: logger
    ) { loop in
      do {
        let configuration = try directConfiguration(settings, startup, timeout)
        return PostgresConnection.connect(
          on: loop,
          configuration: configuration,
          id: 0,
          logger: logger
        ).flatMap { connection in
          guard pool.prepared else { return loop.makeSucceededFuture(connection) }
          return loop.makeFutureWithTask {
            await genericPlans(connection, logger: logger)
            return connection
          }
        }
      } catch {
        return loop.makeFailedFuture(error)
      }
    }
  }

  /// Has `connection` use the generic plan of its prepared statements. The loops' connections
  /// run one, the read by code, whose generic plan (an index scan of the primary key) is the
  /// plan for any batch; but PostgreSQL costs it at ten keys (`code = ANY($1)`), more than a
  /// custom plan of one or two, so by itself it plans every read again. When the setting fails
  /// (a server before PostgreSQL 12 has none), the connection is kept as it is: its reads are
  /// planned each time, as on the pool's connections.
  static func genericPlans(_ connection: PostgresConnection, logger: Logger) async {
    do {
      try await connection.rows("SET plan_cache_mode = force_generic_plan", logger: logger)
    } catch {
      logger.debug(
        "could not set plan_cache_mode; the event loop's link reads are planned each time",
        metadata: ["error": "\(String(reflecting: error))"]
      )
    }
  }

  /// libpq's `sslmode` in postgres-nio's terms: `prefer` and `require` do not check the
  /// certificate (as libpq does not without a root certificate); `verify-ca` checks the chain;
  /// `verify-full` the chain and the host name.
  private static func tls(_ mode: DatabaseURL.TLSMode) -> PostgresClient.Configuration.TLS {
    switch mode {
    case .disable: .disable
    case .prefer: .prefer(tlsConfiguration(mode))
    case .require, .verifyCA, .verifyFull: .require(tlsConfiguration(mode))
    }
  }

  private static func tlsConfiguration(_ mode: DatabaseURL.TLSMode) -> TLSConfiguration {
    var configuration = TLSConfiguration.makeClientConfiguration()
    switch mode {
    case .disable, .prefer, .require: configuration.certificateVerification = .none
    case .verifyCA: configuration.certificateVerification = .noHostnameVerification
    case .verifyFull: break
    }
    return configuration
  }

  func run() async {
    await client.run()
  }

  func close() async {
    await loopReaders.close()
  }

  func migrate() async throws(StoreError) -> Int {
    // Migrations run on a connection of their own, opened directly rather than through the
    // pool: a wrong password or a missing database fails at once with the server's reason,
    // where the pool would keep retrying in the background.
    let connection: PostgresConnection
    do {
      connection = try await PostgresConnection.connect(
        configuration: try directConfiguration(),
        id: 0,
        logger: logger
      )
    } catch {
      throw Self.map(error)
    }
    let schema = settings.schema
    let logger = logger
    do {
      let version = try await Self.migrate(
        connection,
        schema: schema,
        lockTimeoutMilliseconds: Self.milliseconds(connectTimeout * 6),
        logger: logger
      )
      try? await connection.close()
      return version
    } catch {
      try? await connection.close()
      throw Self.map(error)
    }
  }

  private static func migrate(
    _ connection: PostgresConnection,
    schema: String?,
    lockTimeoutMilliseconds: Int64,
    logger: Logger
  ) async throws -> Int {
    try await connection.rows("BEGIN", logger: logger)
    do {
      // One migrator at a time per schema, across every process: the lock is released with
      // the transaction. The wait for it is bounded by the server, not by this process's clock.
      try await connection.rows(
        PostgresQuery(unsafeSQL: "SET LOCAL lock_timeout = '\(lockTimeoutMilliseconds)ms'"),
        logger: logger
      )
      try await connection.rows(
        "SELECT pg_advisory_xact_lock(hashtext('linkgen-migrations'), hashtext(\(schema ?? "")))",
        logger: logger
      )
      if let schema {
        try await connection.rows(
          PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"),
          logger: logger
        )
        try await requireSchema(schema, connection, logger: logger)
      }
      try await connection.rows(
        """
        CREATE TABLE IF NOT EXISTS linkgen_schema (
          version INTEGER PRIMARY KEY,
          name TEXT NOT NULL,
          applied_at BIGINT NOT NULL
        )
        """,
        logger: logger
      )
      try await applyMissing(connection, logger: logger)
      try await connection.rows("COMMIT", logger: logger)
      return Migration.latest
    } catch {
      _ = try? await connection.rows("ROLLBACK", logger: logger)
      throw error
    }
  }

  /// Throws `misconfigured` unless the connection's tables go to `schema`: a pooler that drops
  /// the `search_path` startup parameter (PgBouncer's `ignore_startup_parameters`) leaves the
  /// role's default, where the tables would be made and read without a word.
  private static func requireSchema(
    _ schema: String,
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws {
    let current = try await connection.rows("SELECT current_schema()", logger: logger).first
      .flatMap { try $0.decode(String?.self) }
    guard current == schema else {
      throw StoreError(
        .misconfigured,
        "the database URL names the schema \(schema), but the connection's is "
          + "\(current ?? "none"): a pooler in front of PostgreSQL that drops the search_path "
          + "startup parameter? Leave schema= out and set the role's search_path (docs/store.md)"
      )
    }
  }

  /// Applies the migrations newer than the recorded version, inside the caller's transaction.
  private static func applyMissing(_ connection: PostgresConnection, logger: Logger) async throws {
    var current = 0
    for row in try await connection.rows(
      "SELECT COALESCE(MAX(version), 0)::bigint FROM linkgen_schema",
      logger: logger
    ) {
      current = try row.decode(Int.self)
    }
    guard current <= Migration.latest else { throw Migration.tooNew(current) }
    for migration in Migration.all where migration.version > current {
      for statement in migration.postgres {
        try await connection.rows(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
      let now = Int(SQLiteBackend.now())
      try await connection.rows(
        """
        INSERT INTO linkgen_schema (version, name, applied_at)
        VALUES (\(migration.version), \(migration.name), \(now))
        """,
        logger: logger
      )
    }
  }

  static func milliseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
  }

  /// The pool's settings for one connection of its own.
  private func directConfiguration() throws -> PostgresConnection.Configuration {
    try Self.directConfiguration(settings, startupParameters, connectTimeout)
  }

  private static func directConfiguration(
    _ settings: DatabaseURL.Postgres,
    _ startupParameters: [(String, String)],
    _ connectTimeout: Duration
  ) throws -> PostgresConnection.Configuration {
    var configuration: PostgresConnection.Configuration
    if let directory = settings.socketDirectory {
      configuration = PostgresConnection.Configuration(
        unixSocketPath: "\(directory)/.s.PGSQL.\(settings.port)",
        username: settings.user,
        password: settings.password,
        database: settings.database
      )
    } else {
      let tls: PostgresConnection.Configuration.TLS =
        switch settings.tls {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: Self.tlsConfiguration(.prefer)))
        case .require, .verifyCA, .verifyFull:
          .require(try NIOSSLContext(configuration: Self.tlsConfiguration(settings.tls)))
        }
      configuration = PostgresConnection.Configuration(
        host: settings.host ?? "localhost",
        port: settings.port,
        username: settings.user,
        password: settings.password,
        database: settings.database,
        tls: tls
      )
    }
    configuration.options.connectTimeout = .milliseconds(Self.milliseconds(connectTimeout))
    configuration.options.additionalStartupParameters = startupParameters
    return configuration
  }

  func schemaVersions() async throws(StoreError) -> [Int] {
    var versions: [Int] = []
    for row in try await query(
      "SELECT version::bigint FROM linkgen_schema ORDER BY version",
      retry: true
    ) {
      do {
        versions.append(try row.decode(Int.self))
      } catch {
        throw StoreError(.internalError, "unexpected schema row from PostgreSQL: \(error)")
      }
    }
    return versions
  }

  func execute(_ sql: String) async throws(StoreError) {
    try await query(PostgresQuery(unsafeSQL: sql), retry: false)
  }

  // MARK: Links

  static let linkColumns =
    "code, route, params, created_at, expires_at, max_visits, visits, custom, key_id, "
    + "kept_path, label, card_title, card_description, card_image, imported_from, imported_at"

  private typealias LinkTuple = (
    String, String, String, Int, Int?, Int?, Int, Bool, String?,
    String?, String?, String?, String?, String?, String?, Int?
  )

  func insertLink(_ row: LinkRow) async throws(StoreError) -> Bool {
    guard PostgresInsertLinks.fits(row) else {
      return try await !execute(PostgresInsertLink(link: row), retry: false).isEmpty
    }
    return try await groupCommit.insert(row)
  }

  func link(code: String) async throws(StoreError) -> LinkRow? {
    try await linksByCode.link(code)
  }

  /// The link with this code, or the deadline's error when it is not read in time.
  func link(code: String, deadline: PostgresLinkReader.Deadline) async throws(StoreError)
    -> LinkRow?
  {
    try await linksByCode.link(code, deadline: deadline)
  }

  /// How many event loops have their own connection for reading links open now.
  var loopConnectionsOpen: Int { loopReaders.connectionsOpen }
  /// How many reads the event loops' own connections answered.
  var loopReads: Int { loopReaders.reads }

  /// The link with this code given to `done`, read without a task of its own.
  func link(
    code: String,
    deadline: PostgresLinkReader.Deadline,
    on loop: any EventLoop,
    _ done: @escaping @Sendable (PostgresLinkReader.Answer) -> Void
  ) {
    let reader = loopReaders.reader(for: loop) ?? linksByCode
    reader.link(code, deadline: deadline, on: loop, done)
  }

  func countVisit(code: String, now: Int64) async throws(StoreError) -> LinkRow? {
    var binds = PostgresBindings()
    binds.append(code)
    binds.append(Int(now))
    let rows = try await query(
      PostgresQuery(
        unsafeSQL: """
          UPDATE linkgen_links SET visits = visits + 1
          WHERE code = $1 AND (expires_at IS NULL OR expires_at > $2)
            AND (max_visits IS NULL OR visits < max_visits)
          RETURNING \(Self.linkColumns)
          """,
        binds: binds
      ),
      retry: false
    )
    return try rows.first.map(Self.linkRow)
  }

  func deleteLink(code: String) async throws(StoreError) -> Bool {
    try await !query(
      "DELETE FROM linkgen_links WHERE code = \(code) RETURNING code",
      retry: false
    ).isEmpty
  }

  func link(keptPath: String) async throws(StoreError) -> LinkRow? {
    try await linksByKeptPath.link(keptPath)
  }

  /// The link kept at this path, or the deadline's error when it is not read in time.
  func link(keptPath: String, deadline: PostgresLinkReader.Deadline) async throws(StoreError)
    -> LinkRow?
  {
    try await linksByKeptPath.link(keptPath, deadline: deadline)
  }

  func keptPaths(now: Int64) async throws(StoreError) -> [String] {
    let rows = try await query(
      """
      SELECT kept_path FROM linkgen_links
      WHERE kept_path IS NOT NULL AND (expires_at IS NULL OR expires_at > \(Int(now)))
      ORDER BY kept_path
      """,
      retry: true
    )
    do {
      return try rows.map { try $0.decode(String.self) }
    } catch {
      throw StoreError(.internalError, "unexpected kept path from PostgreSQL: \(error)")
    }
  }

  static func linkRow(_ row: PostgresRow) throws(StoreError) -> LinkRow {
    do {
      let (
        code, route, params, created, expires, maxVisits, visits, custom, keyID,
        kept, label, title, description, image, source, importedAt
      ) = try row.decode(LinkTuple.self)
      return LinkRow(
        code: code,
        route: route,
        params: params,
        createdAt: Int64(created),
        expiresAt: expires.map(Int64.init),
        maxVisits: maxVisits.map(Int64.init),
        visits: Int64(visits),
        custom: custom,
        keyID: keyID,
        keptPath: kept,
        label: label,
        cardTitle: title,
        cardDescription: description,
        cardImage: image,
        importedFrom: source,
        importedAt: importedAt.map(Int64.init)
      )
    } catch {
      throw StoreError(.internalError, "unexpected link row from PostgreSQL: \(error)")
    }
  }

  // MARK: Keys

  static let keyColumns = "id, hash, scopes, name, created_at, revoked_at"

  func insertKey(_ row: KeyRow) async throws(StoreError) {
    var binds = PostgresBindings()
    binds.append(row.id)
    binds.append(ByteBuffer(bytes: row.hash))
    binds.append(row.scopes)
    binds.append(row.name)
    binds.append(Int(row.createdAt))
    binds.append(row.revokedAt.map(Int.init))
    try await query(
      PostgresQuery(
        unsafeSQL:
          "INSERT INTO linkgen_keys (\(Self.keyColumns)) VALUES ($1, $2, $3, $4, $5, $6)",
        binds: binds
      ),
      retry: false
    )
  }

  func keys() async throws(StoreError) -> [KeyRow] {
    var result: [KeyRow] = []
    for row in try await query(
      PostgresQuery(
        unsafeSQL: "SELECT \(Self.keyColumns) FROM linkgen_keys ORDER BY created_at, id"
      ),
      retry: true
    ) {
      result.append(try Self.keyRow(row))
    }
    return result
  }

  func key(id: String) async throws(StoreError) -> KeyRow? {
    try await execute(PostgresKeyByID(id: id), retry: true).first
  }

  func revokeKey(id: String, at time: Int64) async throws(StoreError) -> Bool {
    let time = Int(time)
    return try await !query(
      """
      UPDATE linkgen_keys SET revoked_at = COALESCE(revoked_at, \(time)) WHERE id = \(id)
      RETURNING id
      """,
      retry: false
    ).isEmpty
  }

  static func keyRow(_ row: PostgresRow) throws(StoreError) -> KeyRow {
    do {
      let (id, hash, scopes, name, created, revoked) =
        try row.decode((String, ByteBuffer, String, String?, Int, Int?).self)
      return KeyRow(
        id: id,
        hash: Array(hash.readableBytesView),
        scopes: scopes,
        name: name,
        createdAt: Int64(created),
        revokedAt: revoked.map(Int64.init)
      )
    } catch {
      throw StoreError(.internalError, "unexpected key row from PostgreSQL: \(error)")
    }
  }

  // MARK: Counters

  func addCounts(_ counts: [CounterKey: Int]) async throws(StoreError) {
    guard !counts.isEmpty else { return }
    // Sorted, so that copies flushing at once lock counters in the same order.
    let sorted = counts.sorted { $0.key < $1.key }
    var binds = PostgresBindings()
    binds.append(sorted.map { $0.key.day })
    binds.append(sorted.map { $0.key.route })
    binds.append(sorted.map { $0.key.code })
    binds.append(sorted.map { $0.key.event })
    binds.append(sorted.map { $0.key.platform })
    binds.append(sorted.map { $0.key.browser })
    binds.append(sorted.map { $0.key.referrer })
    binds.append(sorted.map { $0.key.bot })
    binds.append(sorted.map { $0.value })
    // One statement: all the counts or none.
    let statement = PostgresQuery(
      unsafeSQL: """
        INSERT INTO linkgen_counts (day, route, code, event, platform, browser, referrer, bot, count)
        SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[],
                             $6::text[], $7::text[], $8::text[], $9::bigint[])
        ON CONFLICT (day, route, code, event, platform, browser, referrer, bot)
        DO UPDATE SET count = linkgen_counts.count + excluded.count
        """,
      binds: binds
    )
    try await writeRetryingConflicts(statement)
  }

  /// The query's route and short-link conditions.
  private static func filter(
    _ query: CounterQuery,
    _ sql: inout String,
    _ binds: inout PostgresBindings
  ) {
    if let route = query.route {
      binds.append(route)
      sql += " AND route = $\(binds.count)"
    }
    if let code = query.code {
      binds.append(code)
      sql += " AND code = $\(binds.count)"
    }
  }

  /// A deadlock or serialization failure: the statement was rolled back and may be run again.
  static func isConflict(_ error: any Error) -> Bool {
    guard let error = error as? PSQLError, error.code == .server else { return false }
    let state = error.serverInfo?[.sqlState]
    return state == "40001" || state == "40P01"
  }

  func counts(_ query: CounterQuery) async throws(StoreError) -> [(CounterKey, Int)] {
    let columns = query.columns
    var binds = PostgresBindings()
    binds.append(query.fromDay)
    binds.append(query.toDay)
    var sql =
      "SELECT \(columns.map { $0 == "day" ? "day::bigint" : $0 }.joined(separator: ", ")), "
      + "SUM(count)::bigint FROM linkgen_counts WHERE day >= $1 AND day <= $2"
    Self.filter(query, &sql, &binds)
    let list = columns.joined(separator: ", ")
    sql += " GROUP BY \(list) ORDER BY \(list)"
    let rows = try await self.query(PostgresQuery(unsafeSQL: sql, binds: binds), retry: true)
    var result: [(CounterKey, Int)] = []
    for row in rows {
      var key = CounterKey()
      var total = 0
      let cells = Array(row)
      do {
        for (index, column) in columns.enumerated() {
          let cell = cells[index]
          switch column {
          case "day": key.day = try cell.decode(Int.self)
          case "route": key.route = try cell.decode(String.self)
          case "code": key.code = try cell.decode(String.self)
          case "event": key.event = try cell.decode(String.self)
          case "platform": key.platform = try cell.decode(String.self)
          case "browser": key.browser = try cell.decode(String.self)
          case "referrer": key.referrer = try cell.decode(String.self)
          default: key.bot = try cell.decode(String.self)
          }
        }
        total = try cells[columns.count].decode(Int.self)
      } catch {
        throw StoreError(.internalError, "unexpected counter row from PostgreSQL: \(error)")
      }
      result.append((key, total))
    }
    return result
  }

  func visitorEstimates(_ query: CounterQuery, level: VisitorLevel) async throws(StoreError)
    -> [(CounterKey, Int)]
  {
    let columns = query.visitorColumns
    var binds = PostgresBindings()
    binds.append(query.fromDay)
    binds.append(query.toDay)
    let selected = columns.map { $0 == "day" ? "day::bigint" : $0 } + ["SUM(estimate)::bigint"]
    var sql =
      "SELECT \(selected.joined(separator: ", ")) FROM linkgen_visitors "
      + "WHERE day >= $1 AND day <= $2 AND \(level.condition)"
    Self.filter(query, &sql, &binds)
    if !columns.isEmpty { sql += " GROUP BY \(columns.joined(separator: ", "))" }
    let rows = try await self.query(PostgresQuery(unsafeSQL: sql, binds: binds), retry: true)
    var result: [(CounterKey, Int)] = []
    for row in rows {
      let cells = Array(row)
      var key = CounterKey()
      do {
        for (index, column) in columns.enumerated() {
          switch column {
          case "day": key.day = try cells[index].decode(Int.self)
          case "route": key.route = try cells[index].decode(String.self)
          default: key.code = try cells[index].decode(String.self)
          }
        }
        guard let total = try cells[columns.count].decode(Int?.self) else { continue }
        result.append((key, total))
      } catch {
        throw StoreError(.internalError, "unexpected visitor row from PostgreSQL: \(error)")
      }
    }
    return result
  }

  // MARK: Running statements

  /// Runs a write of one statement, again (up to three times) after a deadlock or
  /// serialization failure, which rolls the statement back whole: running it again counts
  /// nothing twice.
  private func writeRetryingConflicts(_ statement: PostgresQuery) async throws(StoreError) {
    var attempt = 0
    while true {
      attempt += 1
      do {
        try await client.rows(statement, logger: logger)
        return
      } catch {
        if attempt < 3, Self.isConflict(error) { continue }
        throw Self.map(error)
      }
    }
  }

  /// Runs one statement and collects its rows. A read (`retry`) whose connection broke before
  /// an answer is run once more on a fresh connection; writes are not, since the first may have
  /// committed.
  @discardableResult
  func query(_ statement: PostgresQuery, retry: Bool) async throws(StoreError)
    -> [PostgresRow]
  {
    var attempts = 0
    while true {
      attempts += 1
      do {
        return try await client.rows(statement, logger: logger)
      } catch {
        let mapped = Self.map(error)
        if retry, attempts < 2, mapped.code == .unavailable { continue }
        throw mapped
      }
    }
  }

  /// postgres-nio's errors as store errors. Messages carry the server's message, never the
  /// statement or its values.
  static func map(_ error: any Error) -> StoreError {
    if let error = error as? StoreError { return error }
    guard let error = error as? PSQLError else {
      return StoreError(.unavailable, "PostgreSQL is unreachable: \(error)")
    }
    if error.code == .server {
      let state = error.serverInfo?[.sqlState] ?? ""
      let message = "PostgreSQL: \(error.serverInfo?[.message] ?? "error") (SQLSTATE \(state))"
      switch state {
      case "40001", "40P01":
        return StoreError(.unavailable, message + " (a conflicting transaction)")
      case "55P03":
        return StoreError(
          .unavailable,
          message + " (a lock held too long, e.g. by another migration)"
        )
      case "53100", "58030":
        return StoreError(.storageFailure, message)
      case "3D000", "3F000", "42501", "28000", "28P01":
        return StoreError(.misconfigured, message)
      case "25006":
        return StoreError(.storageFailure, message + " (the server is read-only)")
      case "42P05", "26000":
        // linkgen never drops its statements nor prepares one twice on a connection: the
        // connection is a pooler's, handing each transaction to any server connection.
        return StoreError(
          .misconfigured,
          message + " (a pooler in front of PostgreSQL that hands each transaction to any server "
            + "connection, such as PgBouncer in transaction mode: add prepared_statements=off to "
            + "the database URL)"
        )
      case "08P01" where message.contains("startup parameter"):
        return StoreError(
          .misconfigured,
          message + " (a pooler in front of PostgreSQL that refuses schema=: set the role's "
            + "search_path instead, see docs/store.md)"
        )
      default:
        if state.hasPrefix("08") || state.hasPrefix("57P") || state.hasPrefix("53") {
          return StoreError(.unavailable, message)
        }
        return StoreError(.internalError, message)
      }
    }
    let underlying = error.underlying.map { ": \($0)" } ?? ""
    switch error.code {
    case .unsupportedAuthMechanism, .authMechanismRequiresPassword, .saslError, .sslUnsupported:
      return StoreError(
        .misconfigured,
        "PostgreSQL refused the connection's authentication or TLS settings (\(error.code))"
          + underlying
      )
    default:
      return StoreError(.unavailable, "PostgreSQL is unreachable (\(error.code))\(underlying)")
    }
  }
}
