package import Foundation

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
