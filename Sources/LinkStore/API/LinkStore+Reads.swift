package import Foundation
package import NIOCore

extension LinkStore {
  /// What a code leads to now, read on the caller's thread when the backend can answer
  /// without waiting (SQLite's read-only connections, ``SQLiteLinkReader``); `nil` when it
  /// cannot (PostgreSQL, a lock, any failure, a link that no longer fits the table): then ask
  /// ``link(code:now:)``, which waits and reports errors. Counts nothing, like
  /// ``link(code:now:)``: the caller uses it only for links without a visit limit.
  package func linkWithoutWaiting(code: String, now: Date = Date()) -> ShortLinkState? {
    guard ShortCode.isPlausible(code) else { return .notFound }
    guard let sqlite = backend as? SQLiteBackend,
      let row = sqlite.pool.reader.link(.code(code))
    else { return nil }
    guard let row else { return .notFound }
    return try? state(of: row, now: now)
  }
}

extension LinkStore {
  /// The row a code leads to. PostgreSQL's coalesced read takes the deadline itself (a timer
  /// per lookup, the same error as ``withDeadline(timeout:_:)``'s), without a task per lookup
  /// racing it; SQLite bounds its own waits. `timeout` defaults to the operation timeout.
  func linkRow(code: String, timeout: Duration? = nil) async throws(StoreError) -> LinkRow? {
    guard let postgres = backend as? PostgresBackend else {
      return try await backend.link(code: code)
    }
    return try await postgres.link(code: code, deadline: readDeadline(timeout))
  }

  /// The row kept at an old path, as ``linkRow(code:timeout:)`` reads a code's.
  func linkRow(keptPath: String) async throws(StoreError) -> LinkRow? {
    guard let postgres = backend as? PostgresBackend else {
      return try await backend.link(keptPath: keptPath)
    }
    return try await postgres.link(keptPath: keptPath, deadline: readDeadline(nil))
  }

  /// What a code leads to now, without counting a visit (as ``link(code:now:)``), read
  /// without a task for the lookup: on PostgreSQL, `done` is called once with the state, from
  /// the coalesced read or its deadline's timer, and the call returns `true`; on SQLite it
  /// returns `false` and calls nothing.
  package func link(
    code: String,
    on loop: any EventLoop,
    _ done: @escaping @Sendable (Result<ShortLinkState, StoreError>) -> Void
  ) -> Bool {
    guard let postgres = backend as? PostgresBackend else { return false }
    guard ShortCode.isPlausible(code) else {
      done(.success(.notFound))
      return true
    }
    postgres.link(code: code, deadline: readDeadline(nil), on: loop) { answer in
      done(
        answer.flatMap { row in
          guard let row else { return .success(.notFound) }
          return Result { () throws(StoreError) in try self.state(of: row, now: Date()) }
        }
      )
    }
    return true
  }

  private func readDeadline(_ timeout: Duration?) -> PostgresLinkReader.Deadline {
    let (timeout, databaseURL) = (timeout ?? options.operationTimeout, databaseURL)
    return PostgresLinkReader.Deadline(
      timeout: .nanoseconds(Self.nanoseconds(timeout)),
      expired: { Self.deadlinePassed(timeout, databaseURL) }
    )
  }

  /// The error of a database operation that did not end within `timeout`.
  static func deadlinePassed(_ timeout: Duration, _ databaseURL: DatabaseURL) -> StoreError {
    StoreError(.unavailable, "the database did not answer within \(timeout) (\(databaseURL))")
  }
}
