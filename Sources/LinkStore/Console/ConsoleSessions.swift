import Foundation

/// How long a console session lasts: it ends after ``idle`` without a request, and after
/// ``absolute`` whatever happens.
package struct ConsoleSessionLifetime: Sendable, Hashable {
  /// Seconds without a request after which the session ends (default 12 hours).
  package var idle: Int64
  /// Seconds after sign-in after which the session ends (default 7 days).
  package var absolute: Int64
  /// A session seen less than this many seconds ago is not written again on its next request
  /// (default 60), so that browsing does not write to the database on every page.
  package var touchInterval: Int64

  package init(idle: Int64 = 12 * 3600, absolute: Int64 = 7 * 86_400, touchInterval: Int64 = 60) {
    self.idle = idle
    self.absolute = absolute
    self.touchInterval = touchInterval
  }
}

/// A stored console session, found by the SHA-256 of its token (the token itself is never
/// stored). Times are seconds since 1970.
package struct ConsoleSessionRow: Sendable, Hashable {
  package var keyID: String
  package var createdAt: Int64
  package var lastSeenAt: Int64
  /// When it ends unless seen again: `lastSeenAt` + the idle lifetime, never after ``expiresAt``.
  package var idleExpiresAt: Int64
  /// When it ends whatever happens.
  package var expiresAt: Int64
}

extension LinkStore {
  /// Stores a new session for the key `keyID`, by the SHA-256 of its token.
  package func createConsoleSession(
    tokenHash: [UInt8],
    keyID: String,
    lifetime: ConsoleSessionLifetime = ConsoleSessionLifetime(),
    now: Int64 = Int64(Date().timeIntervalSince1970)
  ) async throws(StoreError) -> ConsoleSessionRow {
    let row = ConsoleSessionRow(
      keyID: keyID,
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt: now + min(lifetime.idle, lifetime.absolute),
      expiresAt: now + lifetime.absolute
    )
    _ = try await console(
      ConsoleStatement(
        """
        INSERT INTO linkgen_console_sessions
          (id, key_id, created_at, last_seen_at, idle_expires_at, expires_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """,
        [
          .bytes(tokenHash), .text(keyID), .integer(Int(now)), .integer(Int(now)),
          .integer(Int(row.idleExpiresAt)), .integer(Int(row.expiresAt)),
        ],
        writes: true
      )
    )
    return row
  }

  /// The live session of a token's SHA-256: `nil` when there is none, when it has expired
  /// (idle or absolute) at `now`, or when its key is revoked or gone.
  package func consoleSession(
    tokenHash: [UInt8],
    now: Int64 = Int64(Date().timeIntervalSince1970)
  ) async throws(StoreError) -> ConsoleSessionRow? {
    let rows = try await console(
      ConsoleStatement(
        """
        SELECT s.key_id, s.created_at, s.last_seen_at, s.idle_expires_at, s.expires_at
        FROM linkgen_console_sessions AS s JOIN linkgen_keys AS k ON k.id = s.key_id
        WHERE s.id = ? AND s.idle_expires_at > ? AND s.expires_at > ? AND k.revoked_at IS NULL
        """,
        [.bytes(tokenHash), .integer(Int(now)), .integer(Int(now))],
        columns: [.text, .integer, .integer, .integer, .integer]
      )
    )
    guard let row = rows.first else { return nil }
    return ConsoleSessionRow(
      keyID: row[0].string,
      createdAt: Int64(row[1].int),
      lastSeenAt: Int64(row[2].int),
      idleExpiresAt: Int64(row[3].int),
      expiresAt: Int64(row[4].int)
    )
  }

  /// Marks a session seen at `now`, moving its idle expiry (never past its absolute one).
  /// Writes nothing when it was seen less than `lifetime.touchInterval` seconds ago.
  package func touchConsoleSession(
    tokenHash: [UInt8],
    lifetime: ConsoleSessionLifetime = ConsoleSessionLifetime(),
    now: Int64 = Int64(Date().timeIntervalSince1970)
  ) async throws(StoreError) {
    _ = try await console(
      ConsoleStatement(
        """
        UPDATE linkgen_console_sessions
        SET last_seen_at = ?, idle_expires_at = CASE WHEN ? < expires_at THEN ? ELSE expires_at END
        WHERE id = ? AND last_seen_at <= ?
        """,
        [
          .integer(Int(now)), .integer(Int(now + lifetime.idle)),
          .integer(Int(now + lifetime.idle)),
          .bytes(tokenHash), .integer(Int(now - lifetime.touchInterval)),
        ],
        writes: true
      )
    )
  }

  /// Ends a session (sign-out); `false` when there was none.
  @discardableResult
  package func deleteConsoleSession(tokenHash: [UInt8]) async throws(StoreError) -> Bool {
    try await !console(
      ConsoleStatement(
        "DELETE FROM linkgen_console_sessions WHERE id = ? RETURNING key_id",
        [.bytes(tokenHash)],
        columns: [.text],
        writes: true
      )
    ).isEmpty
  }

  /// Ends every session of a key (when it is revoked); returns how many there were.
  @discardableResult
  package func deleteConsoleSessions(keyID: String) async throws(StoreError) -> Int {
    try await console(
      ConsoleStatement(
        "DELETE FROM linkgen_console_sessions WHERE key_id = ? RETURNING key_id",
        [.text(keyID)],
        columns: [.text],
        writes: true
      )
    ).count
  }

  /// Deletes the sessions that have expired at `now` (the idle expiry is never after the
  /// absolute one); returns how many.
  @discardableResult
  package func deleteExpiredConsoleSessions(
    now: Int64 = Int64(Date().timeIntervalSince1970)
  ) async throws(StoreError) -> Int {
    try await console(
      ConsoleStatement(
        """
        DELETE FROM linkgen_console_sessions WHERE idle_expires_at <= ?
        RETURNING key_id
        """,
        [.integer(Int(now))],
        columns: [.text],
        writes: true
      )
    ).count
  }
}
