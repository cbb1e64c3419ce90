import SQLiteNIO

// Imports: one `BEGIN IMMEDIATE` transaction (the database's write lock, so no other writer
// runs beside it), multi-row statements of 500 rows.

extension SQLiteBackend {
  /// Rows per statement: 16 values each, far below SQLite's variable limit (32,766).
  private static let importRowsPerStatement = 500

  func importLinks(
    keptPaths: [String],
    commit: Bool,
    decide: ([String: LinkRow]) throws(StoreError) -> ImportWrite
  ) async throws(StoreError) -> (ImportWrite, historyChanged: Int) {
    let path = path
    return try await pool.withWriteTransaction(commit: commit) { connection throws(StoreError) in
      let existing = try await Self.links(keptPaths: keptPaths, connection, path: path)
      let write = try decide(existing)
      try await Self.insert(write.links, connection, path: path)
      let changed = try await Self.setHistory(write.history, connection, path: path)
      return (write, changed)
    }
  }

  /// The links holding `keptPaths`, by kept path.
  private static func links(
    keptPaths: [String],
    _ connection: SQLiteConnection,
    path: String
  ) async throws(StoreError) -> [String: LinkRow] {
    var found: [String: LinkRow] = [:]
    var start = 0
    while start < keptPaths.count {
      let chunk = keptPaths[start..<min(start + importRowsPerStatement, keptPaths.count)]
      let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
      for row in try await query(
        connection,
        "SELECT \(linkColumns) FROM linkgen_links WHERE kept_path IN (\(marks))",
        chunk.map(SQLiteData.text),
        path: path
      ) {
        let link = linkRow(row)
        if let kept = link.keptPath { found[kept] = link }
      }
      start += chunk.count
    }
    return found
  }

  private static func insert(
    _ links: [LinkRow],
    _ connection: SQLiteConnection,
    path: String
  ) async throws(StoreError) {
    var start = 0
    while start < links.count {
      let chunk = links[start..<min(start + importRowsPerStatement, links.count)]
      let values = Array(repeating: linkPlaceholders, count: chunk.count)
      try await run(
        connection,
        "INSERT INTO linkgen_links (\(linkColumns)) VALUES \(values.joined(separator: ", "))",
        chunk.flatMap(binds),
        path: path
      )
      start += chunk.count
    }
  }

  /// Sets history counts; returns how many were new or changed.
  private static func setHistory(
    _ history: [HistoryRow],
    _ connection: SQLiteConnection,
    path: String
  ) async throws(StoreError) -> Int {
    var changed = 0
    var start = 0
    while start < history.count {
      let chunk = history[start..<min(start + importRowsPerStatement, history.count)]
      var binds: [SQLiteData] = []
      for row in chunk {
        binds += [
          .text(row.code), .text(row.route), .text(row.source), .text(row.platform),
          .text(row.event), .integer(Int(row.count)),
        ]
      }
      let values = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: chunk.count)
      changed += try await query(
        connection,
        """
        INSERT INTO linkgen_history (code, route, source, platform, event, count)
        VALUES \(values.joined(separator: ", "))
        ON CONFLICT (code, source, platform, event)
        DO UPDATE SET count = excluded.count, route = excluded.route
        WHERE linkgen_history.count <> excluded.count
        RETURNING code
        """,
        binds,
        path: path
      ).count
      start += chunk.count
    }
    return changed
  }

  func history(route: String?, code: String?) async throws(StoreError) -> [HistoryRow] {
    var sql = "SELECT code, route, source, platform, event, count FROM linkgen_history WHERE 1 = 1"
    var binds: [SQLiteData] = []
    if let route {
      sql += " AND route = ?"
      binds.append(.text(route))
    }
    if let code {
      sql += " AND code = ?"
      binds.append(.text(code))
    }
    sql += " ORDER BY route, code, source, platform, event"
    let rows = try await pool.withConnection { [sql, binds] connection throws(StoreError) in
      try await Self.query(connection, sql, binds, path: path)
    }
    return rows.map { row in
      HistoryRow(
        code: row.column("code")?.string ?? "",
        route: row.column("route")?.string ?? "",
        source: row.column("source")?.string ?? "",
        platform: row.column("platform")?.string ?? "",
        event: row.column("event")?.string ?? "",
        count: Int64(row.column("count")?.integer ?? 0)
      )
    }
  }
}
