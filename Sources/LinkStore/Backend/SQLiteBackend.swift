import Foundation
import Logging
import NIOCore
import SQLiteNIO

/// The embedded backend: one SQLite file in WAL mode, through sqlite-nio (which compiles its
/// own SQLite, so no system library is needed).
final class SQLiteBackend: StoreBackend {
  let pool: SQLitePool
  let path: String
  private let busyTimeout: Duration
  /// Created links share commits (one fsync for the links waiting at that moment).
  private let groupCommit: LinkGroupCommit
  /// Writes each group in one trip to a thread and connection of its own.
  private let linkWriter: SQLiteLinkWriter

  init(path: String, options: StoreOptions, logger: Logger) {
    self.path = path
    busyTimeout = options.operationTimeout
    let pool = SQLitePool(
      path: path,
      size: options.sqliteConnections,
      busyTimeoutMilliseconds: Int(options.operationTimeout.components.seconds * 1000)
        + Int(options.operationTimeout.components.attoseconds / 1_000_000_000_000_000),
      logger: logger
    )
    self.pool = pool
    let linkWriter = SQLiteLinkWriter(
      path: path,
      busyTimeoutMilliseconds: pool.busyTimeoutMilliseconds
    )
    self.linkWriter = linkWriter
    groupCommit = LinkGroupCommit { rows throws(StoreError) in try await linkWriter.insert(rows) }
  }

  func run() async {
    // Nothing runs in the background: connections open on demand.
    while !Task.isCancelled {
      try? await Task.sleep(for: .seconds(3600))
    }
  }

  func close() async {
    await linkWriter.close()
    await pool.close()
  }

  func migrate() async throws(StoreError) -> Int {
    try await enableWAL()
    // BEGIN IMMEDIATE takes the write lock before the version is read: other processes
    // starting at once wait for it (busy timeout), then find the migrations applied.
    // Migrations may wait for other processes' migrations: allow them six timeouts.
    let wait = pool.busyTimeoutMilliseconds * 6
    let version = try await pool.withWriteTransaction(waitMilliseconds: wait) {
      connection throws(StoreError) in
      try await Self.run(
        connection,
        """
        CREATE TABLE IF NOT EXISTS linkgen_schema (
          version INTEGER PRIMARY KEY NOT NULL,
          name TEXT NOT NULL,
          applied_at INTEGER NOT NULL
        )
        """,
        path: path
      )
      let rows = try await Self.query(
        connection,
        "SELECT COALESCE(MAX(version), 0) AS version FROM linkgen_schema",
        path: path
      )
      let current = rows.first?.column("version")?.integer ?? 0
      guard current <= Migration.latest else { throw Migration.tooNew(Int(current)) }
      for migration in Migration.all where migration.version > current {
        for statement in migration.sqlite {
          try await Self.run(connection, statement, path: path)
        }
        try await Self.run(
          connection,
          "INSERT INTO linkgen_schema (version, name, applied_at) VALUES (?, ?, ?)",
          [.integer(migration.version), .text(migration.name), .integer(Self.now())],
          path: path
        )
      }
      return Migration.latest
    }
    return version
  }

  /// Puts the file in WAL mode, which lets readers run beside a writer, in this process and
  /// others (the mode is kept in the file, so this changes it once). The switch needs the file
  /// to itself for a moment; a connection waiting for that inside SQLite would hold a read lock
  /// that another process's commit waits for, so each try gives up at once (busy timeout 0) and
  /// the next comes after a short sleep, holding nothing.
  private func enableWAL() async throws(StoreError) {
    let deadline = ContinuousClock.now + busyTimeout * 6
    var pause = 5
    while true {
      do throws(StoreError) {
        let done = try await pool.withConnection { connection throws(StoreError) in
          // Already in WAL mode (the usual case): nothing to switch.
          let mode = try await Self.query(connection, "PRAGMA journal_mode", path: path)
          if mode.first?.column("journal_mode")?.string == "wal" { return true }
          try await Self.run(connection, "PRAGMA busy_timeout = 0", path: path)
          let switched: Bool
          do throws(StoreError) {
            let rows = try await Self.query(connection, "PRAGMA journal_mode = WAL", path: path)
            switched = rows.first?.column("journal_mode")?.string == "wal"
          } catch {
            switched = false
          }
          try await Self.run(
            connection,
            "PRAGMA busy_timeout = \(pool.busyTimeoutMilliseconds)",
            path: path
          )
          return switched
        }
        if done { return }
      } catch {
        guard error.code == .unavailable else { throw error }
      }
      guard ContinuousClock.now < deadline else {
        throw StoreError(
          .unavailable,
          "SQLite database \(path): could not switch it to WAL mode; other connections kept it "
            + "busy for \(busyTimeout * 6)"
        )
      }
      // Exponential backoff with jitter, so that the processes starting together stop
      // taking turns at holding read locks.
      try? await Task.sleep(for: .milliseconds(Int.random(in: pause...pause * 2)))
      pause = min(pause * 2, 200)
    }
  }

  func schemaVersions() async throws(StoreError) -> [Int] {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(
        connection,
        "SELECT version FROM linkgen_schema ORDER BY version",
        path: path
      ).compactMap { $0.column("version")?.integer }
    }
  }

  func execute(_ sql: String) async throws(StoreError) {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.run(connection, sql, path: path)
    }
  }

  // MARK: Links

  static let linkColumns =
    "code, route, params, created_at, expires_at, max_visits, visits, custom, key_id, "
    + "kept_path, label, card_title, card_description, card_image, imported_from, imported_at"
  /// The placeholders of one link's values.
  static let linkPlaceholders = "(" + Array(repeating: "?", count: 16).joined(separator: ", ") + ")"

  func insertLink(_ row: LinkRow) async throws(StoreError) -> Bool {
    try await groupCommit.insert(row)
  }

  /// A link's values, in the order of ``linkColumns``.
  static func binds(_ row: LinkRow) -> [SQLiteData] {
    func text(_ value: String?) -> SQLiteData { value.map(SQLiteData.text) ?? .null }
    return [
      .text(row.code), .text(row.route), .text(row.params), .integer(Int(row.createdAt)),
      optional(row.expiresAt), optional(row.maxVisits), .integer(Int(row.visits)),
      .integer(row.custom ? 1 : 0), text(row.keyID), text(row.keptPath), text(row.label),
      text(row.cardTitle), text(row.cardDescription), text(row.cardImage),
      text(row.importedFrom), optional(row.importedAt),
    ]
  }

  func link(keptPath: String) async throws(StoreError) -> LinkRow? {
    if let found = pool.reader.link(.keptPath(keptPath)) { return found }
    return try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(
        connection,
        "SELECT \(Self.linkColumns) FROM linkgen_links WHERE kept_path = ?",
        [.text(keptPath)],
        path: path
      ).first.map(Self.linkRow)
    }
  }

  func keptPaths(now: Int64) async throws(StoreError) -> [String] {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(
        connection,
        """
        SELECT kept_path FROM linkgen_links
        WHERE kept_path IS NOT NULL AND (expires_at IS NULL OR expires_at > ?)
        ORDER BY kept_path
        """,
        [.integer(Int(now))],
        path: path
      ).compactMap { $0.column("kept_path")?.string }
    }
  }

  func link(code: String) async throws(StoreError) -> LinkRow? {
    if let found = pool.reader.link(.code(code)) { return found }
    return try await pool.withConnection { connection throws(StoreError) in
      // `*`, not the column list: sqlite-nio parses every statement on every run, and the
      // shorter text parses faster (`linkRow` reads the columns by name).
      try await Self.query(
        connection,
        "SELECT * FROM linkgen_links WHERE code = ?",
        [.text(code)],
        path: path
      ).first.map(Self.linkRow)
    }
  }

  func countVisit(code: String, now: Int64) async throws(StoreError) -> LinkRow? {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(
        connection,
        """
        UPDATE linkgen_links SET visits = visits + 1
        WHERE code = ? AND (expires_at IS NULL OR expires_at > ?)
          AND (max_visits IS NULL OR visits < max_visits)
        RETURNING \(Self.linkColumns)
        """,
        [.text(code), .integer(Int(now))],
        path: path
      ).first.map(Self.linkRow)
    }
  }

  func deleteLink(code: String) async throws(StoreError) -> Bool {
    try await pool.withConnection { connection throws(StoreError) in
      try await !Self.query(
        connection,
        "DELETE FROM linkgen_links WHERE code = ? RETURNING code",
        [.text(code)],
        path: path
      ).isEmpty
    }
  }

  // MARK: Keys

  private static let keyColumns = "id, hash, scopes, name, created_at, revoked_at"

  func insertKey(_ row: KeyRow) async throws(StoreError) {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.run(
        connection,
        "INSERT INTO linkgen_keys (\(Self.keyColumns)) VALUES (?, ?, ?, ?, ?, ?)",
        [
          .text(row.id), .blob(ByteBuffer(bytes: row.hash)), .text(row.scopes),
          row.name.map(SQLiteData.text) ?? .null, .integer(Int(row.createdAt)),
          Self.optional(row.revokedAt),
        ],
        path: path
      )
    }
  }

  func keys() async throws(StoreError) -> [KeyRow] {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(
        connection,
        "SELECT \(Self.keyColumns) FROM linkgen_keys ORDER BY created_at, id",
        path: path
      ).map(Self.keyRow)
    }
  }

  func key(id: String) async throws(StoreError) -> KeyRow? {
    try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(
        connection,
        "SELECT \(Self.keyColumns) FROM linkgen_keys WHERE id = ?",
        [.text(id)],
        path: path
      ).first.map(Self.keyRow)
    }
  }

  func revokeKey(id: String, at time: Int64) async throws(StoreError) -> Bool {
    try await pool.withConnection { connection throws(StoreError) in
      try await !Self.query(
        connection,
        "UPDATE linkgen_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? RETURNING id",
        [.integer(Int(time)), .text(id)],
        path: path
      ).isEmpty
    }
  }

  // MARK: Counters

  /// Rows per statement: 9 values each, far below SQLite's variable limit.
  private static let rowsPerStatement = 500

  func addCounts(_ counts: [CounterKey: Int]) async throws(StoreError) {
    guard !counts.isEmpty else { return }
    let sorted = counts.sorted { $0.key < $1.key }
    try await pool.withWriteTransaction { connection throws(StoreError) in
      var start = 0
      while start < sorted.count {
        let chunk = sorted[start..<min(start + Self.rowsPerStatement, sorted.count)]
        var binds: [SQLiteData] = []
        binds.reserveCapacity(chunk.count * 9)
        for (key, count) in chunk {
          binds += [
            .integer(key.day), .text(key.route), .text(key.code), .text(key.event),
            .text(key.platform), .text(key.browser), .text(key.referrer), .text(key.bot),
            .integer(count),
          ]
        }
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: chunk.count)
        try await Self.run(
          connection,
          """
          INSERT INTO linkgen_counts
            (day, route, code, event, platform, browser, referrer, bot, count)
          VALUES \(values.joined(separator: ", "))
          ON CONFLICT (day, route, code, event, platform, browser, referrer, bot)
          DO UPDATE SET count = linkgen_counts.count + excluded.count
          """,
          binds,
          path: path
        )
        start += chunk.count
      }
    }
  }

  func counts(_ query: CounterQuery) async throws(StoreError) -> [(CounterKey, Int)] {
    let columns = query.columns
    var sql = "SELECT \(columns.joined(separator: ", ")), SUM(count) AS total FROM linkgen_counts"
    sql += " WHERE day >= ? AND day <= ?"
    var binds: [SQLiteData] = [.integer(query.fromDay), .integer(query.toDay)]
    Self.filter(query, &sql, &binds)
    let list = columns.joined(separator: ", ")
    sql += " GROUP BY \(list) ORDER BY \(list)"
    let rows = try await pool.withConnection { [sql, binds] connection throws(StoreError) in
      try await Self.query(connection, sql, binds, path: path)
    }
    return rows.map { row in
      var key = CounterKey()
      for column in columns {
        let value = row.column(column)
        switch column {
        case "day": key.day = value?.integer ?? 0
        case "route": key.route = value?.string ?? ""
        case "code": key.code = value?.string ?? ""
        case "event": key.event = value?.string ?? ""
        case "platform": key.platform = value?.string ?? ""
        case "browser": key.browser = value?.string ?? ""
        case "referrer": key.referrer = value?.string ?? ""
        default: key.bot = value?.string ?? ""
        }
      }
      return (key, row.column("total")?.integer ?? 0)
    }
  }

  func mergeVisitors(_ sketches: [VisitorKey: VisitorSketch]) async throws(StoreError) {
    guard !sketches.isEmpty else { return }
    let sorted = sketches.sorted { $0.key < $1.key }
    // Read, merge, write, inside the write transaction (which SQLite runs one at a time).
    try await pool.withWriteTransaction { connection throws(StoreError) in
      for (key, sketch) in sorted {
        let keyBinds: [SQLiteData] = [.integer(key.day), .text(key.route), .text(key.code)]
        let stored = try await Self.query(
          connection,
          "SELECT registers FROM linkgen_visitors WHERE day = ? AND route = ? AND code = ?",
          keyBinds,
          path: path
        )
        // Merged into the stored sketch, the only reference to its registers: no copy.
        var merged = sketch
        if case .blob(let buffer)? = stored.first?.column("registers"),
          var existing = VisitorSketch(stored: Array(buffer: buffer))
        {
          existing.merge(sketch)
          merged = existing
        }
        try await Self.run(
          connection,
          """
          INSERT INTO linkgen_visitors (day, route, code, registers, estimate)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (day, route, code)
          DO UPDATE SET registers = excluded.registers, estimate = excluded.estimate
          """,
          keyBinds + [.blob(ByteBuffer(bytes: merged.stored)), .integer(merged.estimate)],
          path: path
        )
      }
    }
  }

  func visitorEstimates(_ query: CounterQuery, level: VisitorLevel) async throws(StoreError)
    -> [(CounterKey, Int)]
  {
    let columns = query.visitorColumns
    var sql = "SELECT \((columns + ["SUM(estimate) AS total"]).joined(separator: ", "))"
    sql += " FROM linkgen_visitors WHERE day >= ? AND day <= ? AND \(level.condition)"
    var binds: [SQLiteData] = [.integer(query.fromDay), .integer(query.toDay)]
    Self.filter(query, &sql, &binds)
    if !columns.isEmpty { sql += " GROUP BY \(columns.joined(separator: ", "))" }
    let rows = try await pool.withConnection { [sql, binds] connection throws(StoreError) in
      try await Self.query(connection, sql, binds, path: path)
    }
    return rows.compactMap { row in
      guard let total = row.column("total")?.integer else { return nil }
      var key = CounterKey()
      for column in columns {
        switch column {
        case "day": key.day = row.column("day")?.integer ?? 0
        case "route": key.route = row.column("route")?.string ?? ""
        default: key.code = row.column("code")?.string ?? ""
        }
      }
      return (key, total)
    }
  }

  /// The query's route and short-link conditions.
  private static func filter(
    _ query: CounterQuery,
    _ sql: inout String,
    _ binds: inout [SQLiteData]
  ) {
    if let route = query.route {
      sql += " AND route = ?"
      binds.append(.text(route))
    }
    if let code = query.code {
      sql += " AND code = ?"
      binds.append(.text(code))
    }
  }

  // MARK: Rows

  static func linkRow(_ row: SQLiteRow) -> LinkRow {
    LinkRow(
      code: row.column("code")?.string ?? "",
      route: row.column("route")?.string ?? "",
      params: row.column("params")?.string ?? "{}",
      createdAt: Int64(row.column("created_at")?.integer ?? 0),
      expiresAt: row.column("expires_at")?.integer.map(Int64.init),
      maxVisits: row.column("max_visits")?.integer.map(Int64.init),
      visits: Int64(row.column("visits")?.integer ?? 0),
      custom: row.column("custom")?.integer == 1,
      keyID: row.column("key_id")?.string,
      keptPath: row.column("kept_path")?.string,
      label: row.column("label")?.string,
      cardTitle: row.column("card_title")?.string,
      cardDescription: row.column("card_description")?.string,
      cardImage: row.column("card_image")?.string,
      importedFrom: row.column("imported_from")?.string,
      importedAt: row.column("imported_at")?.integer.map(Int64.init)
    )
  }

  private static func keyRow(_ row: SQLiteRow) -> KeyRow {
    KeyRow(
      id: row.column("id")?.string ?? "",
      hash: row.column("hash")?.blob.map { Array($0.readableBytesView) } ?? [],
      scopes: row.column("scopes")?.string ?? "",
      name: row.column("name")?.string,
      createdAt: Int64(row.column("created_at")?.integer ?? 0),
      revokedAt: row.column("revoked_at")?.integer.map(Int64.init)
    )
  }

  static func optional(_ value: Int64?) -> SQLiteData {
    value.map { .integer(Int($0)) } ?? .null
  }

  static func now() -> Int { Int(Date().timeIntervalSince1970) }

  // MARK: Running statements

  static func query(
    _ connection: SQLiteConnection,
    _ sql: String,
    _ binds: [SQLiteData] = [],
    path: String
  ) async throws(StoreError) -> [SQLiteRow] {
    do {
      return try await connection.query(sql, binds)
    } catch {
      throw map(error, path: path)
    }
  }

  static func run(
    _ connection: SQLiteConnection,
    _ sql: String,
    _ binds: [SQLiteData] = [],
    path: String
  ) async throws(StoreError) {
    _ = try await query(connection, sql, binds, path: path)
  }

  /// SQLite's result codes as store errors.
  static func map(_ error: any Error, path: String) -> StoreError {
    guard let error = error as? SQLiteError else {
      return StoreError(.unavailable, "SQLite database \(path): \(error)")
    }
    let detail = "SQLite database \(path): \(error.message)"
    switch error.reason {
    case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot, .locked, .lockedBySharedCache,
      .lockedVirtualTable:
      return StoreError(
        .unavailable,
        "\(detail) (another connection held the write lock for the whole busy timeout)"
      )
    case .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .cantOpenCygwinPath,
      .cantOpenUnfollowedSymlink, .permission, .auth, .authUnauthorizedUser:
      return StoreError(.misconfigured, "cannot open the \(detail)")
    case .full:
      return StoreError(.storageFailure, "\(detail) (the disk is full)")
    case .readOnly, .readonlyInRecovery, .readonlyCantLock, .readonlyInRollback,
      .readonlyBackingMoved, .readonlyDirectory:
      return StoreError(.storageFailure, "\(detail) (the file or its directory is read-only)")
    case .corrupt, .corruptVirtualTable, .corruptSequenceSchema, .corruptIndex, .notADatabase:
      return StoreError(.storageFailure, "\(detail) (the file is damaged or not a database)")
    case .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite,
      .ioErrorFailedSync, .ioErrorFailedDirSync, .ioErrorFailedTruncate, .ioErrorFailedStat,
      .ioErrorFailedUnlock, .ioErrorFailedReadLock, .ioErrorFailedDelete, .ioErrorNoMemory,
      .ioErrorFailedAccess, .ioErrorFailedLockCheck, .ioErrorFailedAdvisoryLock,
      .ioErrorFailedClose, .ioErrorFailedSharedMemOpen, .ioErrorFailedSharedMemSize,
      .ioErrorFailedSharedMemMap, .ioErrorFailedDeleteNonexistent, .ioErrorFailedMemoryMap,
      .ioErrorCantFindTempdir, .ioErrorCygwinPath, .ioErrorBadDataChecksum,
      .ioErrorCorruptedFilesystem:
      return StoreError(.storageFailure, "\(detail) (an I/O error)")
    default:
      return StoreError(.internalError, detail)
    }
  }
}
