import Logging
import NIOConcurrencyHelpers
import NIOPosix
import SQLiteNIO

/// A few SQLite connections to one file, each leased to one task at a time (a transaction
/// needs its connection to itself). WAL mode lets readers run beside the one writer; writers
/// from this and other processes queue on SQLite's lock for up to the busy timeout.
///
/// The pool has a thread per connection of its own: a connection waiting for SQLite's lock
/// blocks its thread, and on a shared pool sized to the cores (NIO's singleton) two waiting
/// connections could take every thread from the one holding the lock, which then could never
/// commit.
final class SQLitePool: Sendable {
  private struct State {
    var idle: [SQLiteConnection] = []
    var opened = 0
    var waiters: [CheckedContinuation<SQLiteConnection?, Never>] = []
    var closed = false
  }

  let path: String
  private let size: Int
  let busyTimeoutMilliseconds: Int
  private let logger: Logger
  private let state = NIOLockedValueBox(State())
  private let threads: NIOThreadPool
  /// Reads a link on the caller's thread; the pool answers when it cannot (``SQLiteLinkReader``).
  let reader: SQLiteLinkReader

  init(path: String, size: Int, busyTimeoutMilliseconds: Int, logger: Logger) {
    self.path = path
    reader = SQLiteLinkReader(path: path)
    self.size = max(1, size)
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    self.logger = logger
    threads = NIOThreadPool(numberOfThreads: self.size)
    threads.start()
  }

  /// Runs `body` with a connection of its own.
  func withConnection<Result: Sendable>(
    _ body: (SQLiteConnection) async throws(StoreError) -> Result
  ) async throws(StoreError) -> Result {
    let connection = try await lease()
    do {
      let result = try await body(connection)
      release(connection)
      return result
    } catch {
      release(connection)
      throw error
    }
  }

  /// Runs `body` in a transaction that holds the write lock from its start (`BEGIN
  /// IMMEDIATE`), so that what it reads stays true until it commits. `waitMilliseconds`, when
  /// given, replaces the busy timeout for this transaction (migrations wait longer). Without
  /// `commit` the transaction is rolled back after `body` (a dry run).
  func withWriteTransaction<Result: Sendable>(
    waitMilliseconds: Int? = nil,
    commit: Bool = true,
    _ body: (SQLiteConnection) async throws(StoreError) -> Result
  ) async throws(StoreError) -> Result {
    try await withConnection { connection throws(StoreError) in
      if let waitMilliseconds {
        try await SQLiteBackend.run(
          connection,
          "PRAGMA busy_timeout = \(waitMilliseconds)",
          path: path
        )
      }
      let outcome: Swift.Result<Result, StoreError>
      do throws(StoreError) {
        try await SQLiteBackend.run(connection, "BEGIN IMMEDIATE", path: path)
        let result = try await body(connection)
        try await SQLiteBackend.run(connection, commit ? "COMMIT" : "ROLLBACK", path: path)
        outcome = .success(result)
      } catch {
        // In a task of its own: a cancelled caller (a client gone, the shutdown) must not
        // leave the connection inside a transaction, which would fail every later one on it.
        let path = path
        await Task { try? await SQLiteBackend.run(connection, "ROLLBACK", path: path) }.value
        outcome = .failure(error)
      }
      if waitMilliseconds != nil {
        try? await SQLiteBackend.run(
          connection,
          "PRAGMA busy_timeout = \(busyTimeoutMilliseconds)",
          path: path
        )
      }
      return try outcome.get()
    }
  }

  func close() async {
    reader.close()
    let connections = state.withLockedValue { state in
      state.closed = true
      let idle = state.idle
      state.idle = []
      let waiters = state.waiters
      state.waiters = []
      for waiter in waiters { waiter.resume(returning: nil) }
      return idle
    }
    for connection in connections { try? await connection.close() }
    try? await threads.shutdownGracefully()
  }

  private enum Next {
    case use(SQLiteConnection)
    case open
    case wait
    case closed
  }

  private func lease() async throws(StoreError) -> SQLiteConnection {
    let next: Next = state.withLockedValue { state in
      if state.closed { return .closed }
      if let connection = state.idle.popLast() { return .use(connection) }
      if state.opened < size {
        state.opened += 1
        return .open
      }
      return .wait
    }
    switch next {
    case .use(let connection):
      return connection
    case .closed:
      throw StoreError(.unavailable, "the store is closed")
    case .open:
      do {
        return try await open()
      } catch {
        state.withLockedValue { $0.opened -= 1 }
        throw error
      }
    case .wait:
      let connection = await withCheckedContinuation {
        (continuation: CheckedContinuation<SQLiteConnection?, Never>) in
        let closed = state.withLockedValue { state in
          if state.closed { return true }
          if let connection = state.idle.popLast() {
            continuation.resume(returning: connection)
          } else {
            state.waiters.append(continuation)
          }
          return false
        }
        if closed { continuation.resume(returning: nil) }
      }
      guard let connection else { throw StoreError(.unavailable, "the store is closed") }
      return connection
    }
  }

  private func release(_ connection: SQLiteConnection) {
    let closeIt = state.withLockedValue { state in
      if state.closed { return true }
      if state.waiters.isEmpty {
        state.idle.append(connection)
      } else {
        state.waiters.removeFirst().resume(returning: connection)
      }
      return false
    }
    if closeIt { Task { try? await connection.close() } }
  }

  private func open() async throws(StoreError) -> SQLiteConnection {
    let connection: SQLiteConnection
    do {
      connection = try await SQLiteConnection.open(
        storage: .file(path: path),
        threadPool: threads,
        logger: logger,
        on: MultiThreadedEventLoopGroup.singleton.any()
      )
    } catch {
      throw SQLiteBackend.map(error, path: path)
    }
    do {
      // Replaces sqlite-nio's busy handler (which retries without sleeping) with SQLite's own,
      // which sleeps between retries and gives up after the timeout.
      try await SQLiteBackend.run(
        connection,
        "PRAGMA busy_timeout = \(busyTimeoutMilliseconds)",
        path: path
      )
      try await SQLiteBackend.run(connection, "PRAGMA foreign_keys = ON", path: path)
      try await SQLiteBackend.run(connection, "PRAGMA synchronous = FULL", path: path)
    } catch {
      try? await connection.close()
      throw error
    }
    return connection
  }
}
