package import LinkStore

/// A stored console session: whose key, and when it began and was last used.
package struct ConsoleSessionRecord: Sendable, Hashable {
  package var keyID: String
  package var createdAt: Int64
  package var lastSeenAt: Int64

  package init(keyID: String, createdAt: Int64, lastSeenAt: Int64) {
    self.keyID = keyID
    self.createdAt = createdAt
    self.lastSeenAt = lastSeenAt
  }
}

/// Where sessions live, by the SHA-256 of their token (never the token).
package protocol ConsoleSessionStore: Sendable {
  func create(_ hash: [UInt8], _ record: ConsoleSessionRecord) async throws(StoreError)
  /// The live session (not expired at `time`, its key not revoked).
  func find(_ hash: [UInt8], at time: Int64) async throws(StoreError) -> ConsoleSessionRecord?
  func touch(_ hash: [UInt8], at time: Int64) async throws(StoreError)
  func delete(_ hash: [UInt8]) async throws(StoreError)
}

/// Sessions in the store's database (schema 4's `linkgen_console_sessions`): they survive a
/// restart and are shared by every copy; a revoked key's sessions are never found again.
package struct StoreSessionStore: ConsoleSessionStore {
  let store: LinkStore
  let lifetime: ConsoleSessionLifetime

  package init(store: LinkStore, idle: Int64, absolute: Int64) {
    self.store = store
    lifetime = ConsoleSessionLifetime(idle: idle, absolute: absolute)
  }

  package func create(_ hash: [UInt8], _ record: ConsoleSessionRecord) async throws(StoreError) {
    _ = try await store.createConsoleSession(
      tokenHash: hash,
      keyID: record.keyID,
      lifetime: lifetime,
      now: record.createdAt
    )
  }

  package func find(_ hash: [UInt8], at time: Int64) async throws(StoreError)
    -> ConsoleSessionRecord?
  {
    try await store.consoleSession(tokenHash: hash, now: time).map {
      ConsoleSessionRecord(keyID: $0.keyID, createdAt: $0.createdAt, lastSeenAt: $0.lastSeenAt)
    }
  }

  package func touch(_ hash: [UInt8], at time: Int64) async throws(StoreError) {
    try await store.touchConsoleSession(tokenHash: hash, lifetime: lifetime, now: time)
  }

  package func delete(_ hash: [UInt8]) async throws(StoreError) {
    try await store.deleteConsoleSession(tokenHash: hash)
  }
}
