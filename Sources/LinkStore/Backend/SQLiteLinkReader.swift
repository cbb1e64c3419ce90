import NIOConcurrencyHelpers
import VaporCSQLite

/// Reads a link by its code or kept path right where the request is (the caller's thread, no
/// hop to the pool's threads), on a read-only connection with the statement prepared once: a
/// short link that is not in the server's cache costs one `sqlite3_reset`/`bind`/`step` of a
/// few microseconds instead of a statement parsed and planned on another thread.
///
/// Why it may run on the caller's thread (an event loop): in WAL mode readers do not wait for
/// the writer (a reader reads the last committed state, beside the one writer), and the
/// connection has no busy timeout, so a read that would wait for a lock (a WAL file being
/// recovered, or reset by a checkpoint at that instant) fails at once with `SQLITE_BUSY`
/// instead of blocking; the caller then asks the pool, whose connections wait for the busy
/// timeout on threads of their own. Every other failure goes to the pool too, which maps it to
/// a store error; the connection that failed is closed, not reused.
///
/// It is the copy of SQLite that sqlite-nio links (its `VaporCSQLite` module): a second SQLite
/// library in the process would break POSIX locking between the two. Each connection is used
/// by one thread at a time (leased from ``idle``), so it is opened without SQLite's mutex.
final class SQLiteLinkReader: Sendable {
  /// The column list the statements read, in ``SQLiteBackend/linkColumns``' order.
  private static let linkColumns = SQLiteBackend.linkColumns

  /// What to read a link by.
  enum Key {
    case code(String)
    case keptPath(String)
  }

  private let path: String
  /// Connections not in use; at most ``keptConnections`` are kept.
  private let idle = NIOLockedValueBox<[Connection]>([])
  /// Set after a connection could not be opened: every read goes to the pool.
  private let disabled = NIOLockedValueBox(false)
  private static let keptConnections = 8

  init(path: String) {
    self.path = path
  }

  /// The link, `.some(nil)` when there is none, or `nil` when this reader cannot answer now
  /// (the caller asks the pool).
  func link(_ key: Key) -> LinkRow?? {
    guard let connection = lease() else { return nil }
    let row: LinkRow??
    switch key {
    case .code(let code): row = connection.read(connection.byCode, code)
    case .keptPath(let keptPath): row = connection.read(connection.byKeptPath, keptPath)
    }
    // A connection that failed is dropped (closed by its deinit), not reused.
    if row != nil { release(connection) }
    return row
  }

  /// Closes the idle connections; a connection in use is closed when its read ends.
  func close() {
    disabled.withLockedValue { $0 = true }
    idle.withLockedValue { $0.removeAll() }
  }

  private func lease() -> Connection? {
    if let connection = idle.withLockedValue({ $0.popLast() }) { return connection }
    guard !disabled.withLockedValue({ $0 }) else { return nil }
    guard let connection = Connection(path: path) else {
      disabled.withLockedValue { $0 = true }
      return nil
    }
    return connection
  }

  private func release(_ connection: Connection) {
    guard !disabled.withLockedValue({ $0 }) else { return }
    idle.withLockedValue { idle in
      if idle.count < Self.keptConnections { idle.append(connection) }
    }
  }

  /// A read-only connection and its two statements. Used by one thread at a time: it is
  /// either in ``idle`` (under its lock) or leased to one read.
  private final class Connection: @unchecked Sendable {
    let handle: OpaquePointer
    let byCode: OpaquePointer
    let byKeptPath: OpaquePointer

    init?(path: String) {
      var handle: OpaquePointer?
      let flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
      guard sqlite_nio_sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
        sqlite_nio_sqlite3_close_v2(handle)
        return nil
      }
      // No busy handler: a read that would wait fails at once (SQLITE_BUSY) and goes to the pool.
      sqlite_nio_sqlite3_busy_timeout(handle, 0)
      guard
        let byCode = Self.prepare(
          handle,
          "SELECT \(SQLiteLinkReader.linkColumns) FROM linkgen_links WHERE code = ?"
        ),
        let byKeptPath = Self.prepare(
          handle,
          "SELECT \(SQLiteLinkReader.linkColumns) FROM linkgen_links WHERE kept_path = ?"
        )
      else {
        sqlite_nio_sqlite3_close_v2(handle)
        return nil
      }
      self.handle = handle
      self.byCode = byCode
      self.byKeptPath = byKeptPath
    }

    deinit {
      sqlite_nio_sqlite3_finalize(byCode)
      sqlite_nio_sqlite3_finalize(byKeptPath)
      sqlite_nio_sqlite3_close_v2(handle)
    }

    private static func prepare(_ handle: OpaquePointer, _ sql: String) -> OpaquePointer? {
      var statement: OpaquePointer?
      let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
      guard sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil) == SQLITE_OK
      else {
        sqlite_nio_sqlite3_finalize(statement)
        return nil
      }
      return statement
    }

    /// The first row `statement` finds for `value`, `.some(nil)` for none, `nil` on any
    /// failure. The statement is reset before returning, which ends its read transaction (a
    /// reader left open would keep checkpoints from finishing).
    func read(_ statement: OpaquePointer, _ value: String) -> LinkRow?? {
      var value = value
      return value.withUTF8 { text -> LinkRow?? in
        defer {
          sqlite_nio_sqlite3_reset(statement)
          sqlite_nio_sqlite3_clear_bindings(statement)
        }
        // No destructor (SQLITE_STATIC): the text outlives the step, and the binding is
        // cleared before `text` goes away. (No base address: an empty text, left to the pool.)
        guard let start = text.baseAddress,
          sqlite_nio_sqlite3_bind_text(
            statement,
            1,
            UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self),
            Int32(text.count),
            nil
          ) == SQLITE_OK
        else { return nil }
        switch sqlite_nio_sqlite3_step(statement) {
        case SQLITE_DONE: return .some(nil)
        case SQLITE_ROW: return .some(Self.linkRow(statement))
        default: return nil
        }
      }
    }

    /// The row under the statement, its columns in ``SQLiteBackend/linkColumns``' order.
    private static func linkRow(_ statement: OpaquePointer) -> LinkRow {
      LinkRow(
        code: text(statement, 0) ?? "",
        route: text(statement, 1) ?? "",
        params: text(statement, 2) ?? "{}",
        createdAt: integer(statement, 3) ?? 0,
        expiresAt: integer(statement, 4),
        maxVisits: integer(statement, 5),
        visits: integer(statement, 6) ?? 0,
        custom: integer(statement, 7) == 1,
        keyID: text(statement, 8),
        keptPath: text(statement, 9),
        label: text(statement, 10),
        cardTitle: text(statement, 11),
        cardDescription: text(statement, 12),
        cardImage: text(statement, 13),
        importedFrom: text(statement, 14),
        importedAt: integer(statement, 15)
      )
    }

    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String? {
      guard sqlite_nio_sqlite3_column_type(statement, column) != SQLITE_NULL,
        let bytes = sqlite_nio_sqlite3_column_text(statement, column)
      else { return nil }
      let count = Int(sqlite_nio_sqlite3_column_bytes(statement, column))
      return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    private static func integer(_ statement: OpaquePointer, _ column: Int32) -> Int64? {
      guard sqlite_nio_sqlite3_column_type(statement, column) != SQLITE_NULL else { return nil }
      return sqlite_nio_sqlite3_column_int64(statement, column)
    }
  }
}
