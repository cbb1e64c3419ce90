import NIOConcurrencyHelpers
import NIOPosix
import VaporCSQLite

/// Writes a group of created links (``LinkGroupCommit``) in one trip to a thread of its own:
/// `BEGIN IMMEDIATE`, one prepared `INSERT … ON CONFLICT (code) DO NOTHING` stepped once per
/// link, `COMMIT`, on one connection whose statements are prepared once. Through sqlite-nio
/// the same transaction was three trips between the event loops and the pool's threads (each
/// statement one `query`) and the multi-row `INSERT` was parsed again for every group.
///
/// The connection is the pool's kind (`synchronous = FULL`, foreign keys on, the busy
/// timeout), in the copy of SQLite that sqlite-nio links (its `VaporCSQLite` module; a second
/// copy would break POSIX locking between the two), and it is used only on the writer's one
/// thread, so it is opened without SQLite's mutex. Writers in other processes and on the
/// pool's connections queue on SQLite's write lock with it as before.
final class SQLiteLinkWriter: Sendable {
  private let path: String
  private let busyTimeoutMilliseconds: Int
  private let thread: NIOThreadPool
  /// Opened on first use; dropped after a failure it may not have recovered from. Touched only
  /// on ``thread``.
  private let connection = NIOLockedValueBox<Connection?>(nil)

  init(path: String, busyTimeoutMilliseconds: Int) {
    self.path = path
    self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
    thread = NIOThreadPool(numberOfThreads: 1)
    thread.start()
  }

  /// Inserts rows whose codes are all different, in one transaction, committed when this
  /// returns; the codes inserted (a code already taken is left out). Nothing is written when it
  /// throws.
  func insert(_ rows: [LinkRow]) async throws(StoreError) -> [String] {
    let result: Result<[String], StoreError>
    do {
      result = try await thread.runIfActive { self.write(rows) }
    } catch {
      throw StoreError(.unavailable, "the store is closed")
    }
    return try result.get()
  }

  /// Closes the connection (on its thread) and stops the thread.
  func close() async {
    _ = try? await thread.runIfActive { self.connection.withLockedValue { $0 = nil } }
    try? await thread.shutdownGracefully()
  }

  /// On ``thread``.
  private func write(_ rows: [LinkRow]) -> Result<[String], StoreError> {
    let connection: Connection
    if let open = self.connection.withLockedValue({ $0 }) {
      connection = open
    } else {
      switch Connection.open(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds) {
      case .success(let opened): connection = opened
      case .failure(let error): return .failure(error)
      }
      self.connection.withLockedValue { $0 = connection }
    }
    let result = connection.insert(rows)
    if case .failure = result, !connection.isUsable {
      self.connection.withLockedValue { $0 = nil }
    }
    return result
  }

  /// A read-write connection and its four statements, used by one thread at a time.
  private final class Connection: @unchecked Sendable {
    let path: String
    let handle: OpaquePointer
    let begin: OpaquePointer
    let commit: OpaquePointer
    let rollback: OpaquePointer
    let insertLink: OpaquePointer

    private init(
      path: String,
      handle: OpaquePointer,
      statements: (OpaquePointer, OpaquePointer, OpaquePointer, OpaquePointer)
    ) {
      self.path = path
      self.handle = handle
      (begin, commit, rollback, insertLink) = statements
    }

    deinit {
      for statement in [begin, commit, rollback, insertLink] {
        sqlite_nio_sqlite3_finalize(statement)
      }
      sqlite_nio_sqlite3_close_v2(handle)
    }

    static func open(_ path: String, busyTimeoutMilliseconds: Int) -> Result<Connection, StoreError>
    {
      var opened: OpaquePointer?
      let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
      let code = sqlite_nio_sqlite3_open_v2(path, &opened, flags, nil)
      guard code == SQLITE_OK, let handle = opened else {
        let error = SQLiteResult.error(code, handle: opened, path: path)
        sqlite_nio_sqlite3_close_v2(opened)
        return .failure(error)
      }
      let setup =
        "PRAGMA busy_timeout = \(busyTimeoutMilliseconds); PRAGMA foreign_keys = ON; "
        + "PRAGMA synchronous = FULL"
      let sqls = [
        "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK",
        "INSERT INTO linkgen_links (\(SQLiteBackend.linkColumns)) VALUES \(SQLiteBackend.linkPlaceholders) "
          + "ON CONFLICT (code) DO NOTHING",
      ]
      var statements: [OpaquePointer] = []
      var failure = sqlite_nio_sqlite3_exec(handle, setup, nil, nil, nil)
      for sql in sqls where failure == SQLITE_OK {
        var statement: OpaquePointer?
        let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
        failure = sqlite_nio_sqlite3_prepare_v3(handle, sql, -1, flags, &statement, nil)
        if let statement { statements.append(statement) }
      }
      guard failure == SQLITE_OK, statements.count == 4 else {
        let error = SQLiteResult.error(failure, handle: handle, path: path)
        for statement in statements { sqlite_nio_sqlite3_finalize(statement) }
        sqlite_nio_sqlite3_close_v2(handle)
        return .failure(error)
      }
      let all = (statements[0], statements[1], statements[2], statements[3])
      return .success(Connection(path: path, handle: handle, statements: all))
    }

    /// Whether the connection is outside any transaction, as after a rollback: one that is
    /// not is dropped.
    var isUsable: Bool { sqlite_nio_sqlite3_get_autocommit(handle) != 0 }

    /// The group in one transaction, rolled back on any failure.
    func insert(_ rows: [LinkRow]) -> Result<[String], StoreError> {
      var code = run(begin)
      guard code == SQLITE_DONE else { return .failure(error(code)) }
      var inserted: [String] = []
      inserted.reserveCapacity(rows.count)
      for row in rows {
        code = insert(row)
        guard code == SQLITE_DONE else { return fail(code) }
        // Only the INSERT's own rows, not its triggers': 1 when the code was free.
        if sqlite_nio_sqlite3_changes(handle) == 1 { inserted.append(row.code) }
      }
      code = run(commit)
      guard code == SQLITE_DONE else { return fail(code) }
      return .success(inserted)
    }

    private func fail(_ code: Int32) -> Result<[String], StoreError> {
      let failure = error(code)
      if sqlite_nio_sqlite3_get_autocommit(handle) == 0 { _ = run(rollback) }
      return .failure(failure)
    }

    private func error(_ code: Int32) -> StoreError {
      SQLiteResult.error(code, handle: handle, path: path)
    }

    private func run(_ statement: OpaquePointer) -> Int32 {
      defer { sqlite_nio_sqlite3_reset(statement) }
      return sqlite_nio_sqlite3_step(statement)
    }

    /// Binds a link's values in ``SQLiteBackend/linkColumns``' order and runs the INSERT.
    private func insert(_ row: LinkRow) -> Int32 {
      let statement = insertLink
      defer {
        sqlite_nio_sqlite3_reset(statement)
        sqlite_nio_sqlite3_clear_bindings(statement)
      }
      let texts: [(Int32, String?)] = [
        (1, row.code), (2, row.route), (3, row.params), (9, row.keyID), (10, row.keptPath),
        (11, row.label), (12, row.cardTitle), (13, row.cardDescription), (14, row.cardImage),
        (15, row.importedFrom),
      ]
      let integers: [(Int32, Int64?)] = [
        (4, row.createdAt), (5, row.expiresAt), (6, row.maxVisits), (7, row.visits),
        (8, row.custom ? 1 : 0), (16, row.importedAt),
      ]
      for (index, text) in texts {
        let code = Self.bind(statement, index, text)
        guard code == SQLITE_OK else { return code }
      }
      for (index, integer) in integers {
        let code =
          integer.map { sqlite_nio_sqlite3_bind_int64(statement, index, $0) }
          ?? sqlite_nio_sqlite3_bind_null(statement, index)
        guard code == SQLITE_OK else { return code }
      }
      return sqlite_nio_sqlite3_step(statement)
    }

    /// SQLite copies the text (`SQLITE_TRANSIENT`).
    private static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String?)
      -> Int32
    {
      guard var text else { return sqlite_nio_sqlite3_bind_null(statement, index) }
      let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
      return text.withUTF8 { bytes in
        guard let start = bytes.baseAddress else {
          return sqlite_nio_sqlite3_bind_text(statement, index, "", 0, transient)
        }
        let characters = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
        return sqlite_nio_sqlite3_bind_text(
          statement,
          index,
          characters,
          Int32(bytes.count),
          transient
        )
      }
    }
  }
}

/// SQLite's result codes as store errors, as ``SQLiteBackend/map(_:path:)`` maps sqlite-nio's.
enum SQLiteResult {
  static func error(_ code: Int32, handle: OpaquePointer?, path: String) -> StoreError {
    let message = handle.flatMap { sqlite_nio_sqlite3_errmsg($0) }.map { String(cString: $0) }
    let detail = "SQLite database \(path): \(message ?? "result code \(code)")"
    switch code & 0xff {
    case SQLITE_BUSY, SQLITE_LOCKED:
      return StoreError(
        .unavailable,
        "\(detail) (another connection held the write lock for the whole busy timeout)"
      )
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_AUTH:
      return StoreError(.misconfigured, "cannot open the \(detail)")
    case SQLITE_FULL: return StoreError(.storageFailure, "\(detail) (the disk is full)")
    case SQLITE_READONLY:
      return StoreError(.storageFailure, "\(detail) (the file or its directory is read-only)")
    case SQLITE_CORRUPT, SQLITE_NOTADB:
      return StoreError(.storageFailure, "\(detail) (the file is damaged or not a database)")
    case SQLITE_IOERR: return StoreError(.storageFailure, "\(detail) (an I/O error)")
    default: return StoreError(.internalError, detail)
    }
  }
}
