import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Short links read on the event loop that asks for them, on a PostgreSQL connection of that
/// loop's own, outside the pool: the statement, its answer and the page made from it stay on
/// the request's thread. Through the pool, a read took a lease and hopped to the connection's
/// thread and back, and those wake-ups cost a cold short link more than its statement did.
///
/// At most ``limit`` loops get a connection, and the pool is that much smaller, so a server
/// copy never opens more than `postgresConnections`; lookups on other loops, or made off any
/// loop, read through the pool. A loop's connection is opened in the background on its first
/// lookup. Until it is ready, and whenever a read on it fails, the pool answers the read as it
/// would have (a statement's own error comes back from the pool the same), and the connection
/// is opened again, at most once a second. A read that takes longer than the operation
/// timeout closes its connection, so a connection that hangs cannot hold its loop's reads.
final class PostgresLoopReaders: Sendable {
  typealias Open = @Sendable (any EventLoop) -> EventLoopFuture<PostgresConnection>

  /// The most loops with a connection of their own.
  let limit: Int
  private let open: Open
  private let pool: PostgresBackend.Pool
  private let timeout: TimeAmount
  private let logger: Logger
  private let readers = NIOLockedValueBox<[ObjectIdentifier: Reader]>([:])

  /// One loop's reader: its coalesced lookups and its connection.
  private struct Reader {
    let lookups: PostgresLinkReader
    let connection: LoopConnection
  }

  init(
    limit: Int,
    pool: PostgresBackend.Pool,
    timeout: TimeAmount,
    logger: Logger,
    open: @escaping Open
  ) {
    self.limit = limit
    self.pool = pool
    self.timeout = timeout
    self.logger = logger
    self.open = open
  }

  /// How many of a copy's `connections` go to loops: half at most, and one per loop of the
  /// machine at most (the server's event loops are one per core).
  static func limit(connections: Int, loops: Int = System.coreCount) -> Int {
    min(loops, connections / 2)
  }

  /// `loop`'s reader; `nil` when the loops with one are already ``limit``.
  func reader(for loop: any EventLoop) -> PostgresLinkReader? {
    let id = ObjectIdentifier(loop)
    return readers.withLockedValue { readers in
      if let reader = readers[id] { return reader.lookups }
      guard readers.count < limit else { return nil }
      let reader = makeReader(loop)
      readers[id] = reader
      return reader.lookups
    }
  }

  private func makeReader(_ loop: any EventLoop) -> Reader {
    let connection = LoopConnection(
      loop: loop,
      open: open,
      prepared: pool.prepared,
      logger: logger
    )
    let (pool, timeout, logger) = (pool, timeout, logger)
    // One read at a time: they share the loop's one connection.
    let lookups = PostgresLinkReader(key: \.code, maximumReads: 1) { keys throws(StoreError) in
      let statement = PostgresLinksByCode(keys: keys)
      if let rows = await connection.read(statement, timeout: timeout) { return rows }
      return try await PostgresBackend.execute(statement, retry: true, on: pool, logger: logger)
    }
    return Reader(lookups: lookups, connection: connection)
  }

  /// How many loops have their connection open now.
  var connectionsOpen: Int {
    readers.withLockedValue { $0.values.count { $0.connection.isOpen } }
  }

  /// How many reads the loops' connections have answered.
  var reads: Int {
    readers.withLockedValue { $0.values.reduce(0) { $0 + $1.connection.reads } }
  }

  /// Closes every loop's connection; none is opened after.
  func close() async {
    let connections = readers.withLockedValue { $0.values.map(\.connection) }
    for connection in connections { await connection.close() }
  }
}

/// One event loop's connection: opened in the background, dropped when a read on it fails,
/// opened again at the next lookup (at most once a second).
private final class LoopConnection: Sendable {
  private enum State {
    case idle(retryAt: NIODeadline)
    case opening
    case ready(PostgresConnection)
    case closed
  }

  let loop: any EventLoop
  private let open: PostgresLoopReaders.Open
  private let prepared: Bool
  private let logger: Logger
  private let state = NIOLockedValueBox(State.idle(retryAt: .uptimeNanoseconds(0)))
  private let answered = NIOLockedValueBox(0)
  static let retryDelay = TimeAmount.seconds(1)

  init(
    loop: any EventLoop,
    open: @escaping PostgresLoopReaders.Open,
    prepared: Bool,
    logger: Logger
  ) {
    self.loop = loop
    self.open = open
    self.prepared = prepared
    self.logger = logger
  }

  /// Whether the connection is open and ready for reads.
  var isOpen: Bool {
    state.withLockedValue { state in
      if case .ready(let connection) = state { !connection.isClosed } else { false }
    }
  }

  /// How many reads this connection answered.
  var reads: Int { answered.withLockedValue { $0 } }

  /// The rows of `statement` read on this loop's connection, or `nil` when it has none ready or
  /// the read failed (then the pool reads them).
  ///
  /// It runs on the loop (the reader's task prefers it), as the connection does: `ready()` looks
  /// that the connection is open in the same turn of the loop as the statement's write, which a
  /// connection the server has just closed would otherwise drop unanswered (see
  /// `PostgresConnection.rows(_:logger:)`).
  func read(_ statement: PostgresLinksByCode, timeout: TimeAmount) async -> [LinkRow]? {
    guard loop.inEventLoop, let connection = ready() else { return nil }
    let watchdog = loop.scheduleTask(in: timeout) { Self.close(connection) }
    defer { watchdog.cancel() }
    do {
      let rows = try await connection.run(statement, prepared: prepared, logger: logger)
      answered.withLockedValue { $0 += 1 }
      return rows
    } catch {
      logger.debug(
        "a link read on the event loop's connection failed; the pool reads it",
        metadata: ["error": "\(String(reflecting: error))"]
      )
      drop(connection)
      return nil
    }
  }

  /// The connection when it is open; otherwise `nil`, and it is opened when it is due.
  private func ready() -> PostgresConnection? {
    enum Next { case use(PostgresConnection), open, wait }
    let next = state.withLockedValue { state -> Next in
      switch state {
      case .ready(let connection) where !connection.isClosed: return .use(connection)
      case .ready:
        state = .opening
        return .open
      case .idle(let retryAt) where NIODeadline.now() >= retryAt:
        state = .opening
        return .open
      case .idle, .opening, .closed: return .wait
      }
    }
    switch next {
    case .use(let connection): return connection
    case .open: startOpening()
    case .wait: break
    }
    return nil
  }

  private func startOpening() {
    open(loop).whenComplete { result in
      let unwanted = self.state.withLockedValue { state -> PostgresConnection? in
        switch (state, result) {
        case (.closed, .success(let connection)): return connection
        case (.closed, .failure): return nil
        case (_, .success(let connection)):
          state = .ready(connection)
          return nil
        case (_, .failure):
          state = .idle(retryAt: .now() + Self.retryDelay)
          return nil
        }
      }
      if let unwanted { Self.close(unwanted) }
      if case .failure(let error) = result {
        self.logger.debug(
          "could not open the event loop's connection for link reads; the pool reads them",
          metadata: ["error": "\(String(reflecting: error))"]
        )
      }
    }
  }

  /// Closes `connection` after a failed read; the next one is opened after the retry delay.
  private func drop(_ connection: PostgresConnection) {
    state.withLockedValue { state in
      if case .ready(let current) = state, current === connection {
        state = .idle(retryAt: .now() + Self.retryDelay)
      }
    }
    Self.close(connection)
  }

  /// Closes a connection without waiting (its future's failure, a connection closed already,
  /// says nothing more).
  private static func close(_ connection: PostgresConnection) {
    let closed: EventLoopFuture<Void> = connection.close()
    closed.whenComplete { _ in }
  }

  func close() async {
    let connection = state.withLockedValue { state -> PostgresConnection? in
      defer { state = .closed }
      if case .ready(let connection) = state { return connection }
      return nil
    }
    try? await connection?.close()
  }
}
