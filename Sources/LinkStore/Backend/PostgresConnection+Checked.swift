import Logging
import NIOCore
import PostgresNIO

/// Statements written so that a connection the server has just closed fails them at once.
///
/// postgres-nio writes a statement to its connection's channel from the caller's thread, without
/// a promise for the write. When the server has just closed the connection (a restart, a
/// `pg_terminate_backend`, a proxy's idle timeout), NIO removes the channel's handlers on the
/// connection's event loop, and a write that gets there after them is dropped: the statement's
/// answer never comes, and its caller waits for ever — with a pooled connection's lease, which
/// the pool then never gets back (and a store that waits for its leases never closes).
///
/// On the connection's own event loop, a channel that is still open keeps its handlers until a
/// later turn of the loop: these look that the connection is open and write the statement in
/// one turn, so the statement is either sent or failed with `unavailable` (which reads retry on
/// another connection).
extension PostgresConnection {
  /// The rows of `statement`: prepared on this connection the first time it runs here, or sent
  /// whole as an unnamed statement unless `prepared` (see ``run(_:prepared:logger:)``).
  func rows<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    prepared: Bool,
    logger: Logger
  ) async throws -> [Statement.Row] {
    try await withTaskExecutorPreference(EventLoopExecutor(eventLoop)) {
      try checkOpen()
      return try await run(statement, prepared: prepared, logger: logger)
    }
  }

  /// The rows of `statement`, run where the caller is (on the connection's event loop, having
  /// looked that the connection is open in the same turn). A `prepared` statement is prepared
  /// on the connection the first time it runs there (postgres-nio keeps it by name); otherwise
  /// its SQL and values are sent as an unnamed statement, which the server parses and plans at
  /// every run, and which any server connection behind a pooler can run.
  func run<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    prepared: Bool,
    logger: Logger
  ) async throws -> [Statement.Row] {
    guard prepared else {
      let query = PostgresQuery(unsafeSQL: Statement.sql, binds: try statement.makeBindings())
      return try await self.query(query, logger: logger).collect().map(statement.decodeRow)
    }
    var rows: [Statement.Row] = []
    for try await row in try await execute(statement, logger: logger) { rows.append(row) }
    return rows
  }

  /// The rows of `query`.
  @discardableResult
  func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
    try await withTaskExecutorPreference(EventLoopExecutor(eventLoop)) {
      try checkOpen()
      return try await self.query(query, logger: logger).collect()
    }
  }

  /// Throws `unavailable` when the connection is closed. Call it on the connection's event loop,
  /// in the same turn as the write it guards.
  private func checkOpen() throws(StoreError) {
    eventLoop.assertInEventLoop()
    if isClosed { throw StoreError(.unavailable, "PostgreSQL closed the connection") }
  }
}

extension PostgresClient {
  /// The rows of `statement`, on a pooled connection (see
  /// ``PostgresConnection/rows(_:prepared:logger:)``).
  func rows<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    prepared: Bool,
    logger: Logger
  ) async throws -> [Statement.Row] {
    try await withConnection { connection in
      try await connection.rows(statement, prepared: prepared, logger: logger)
    }
  }

  /// The rows of `query`, on a pooled connection.
  @discardableResult
  func rows(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
    try await withConnection { connection in try await connection.rows(query, logger: logger) }
  }
}
