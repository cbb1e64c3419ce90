import Logging
import PostgresNIO

// Imports: one transaction on one connection, behind a transaction-level advisory lock so two
// imports into the same schema run one after the other; each step is one statement over
// arrays (`unnest`), whatever the number of links.

extension PostgresBackend {
  func importLinks(
    keptPaths: [String],
    commit: Bool,
    decide: ([String: LinkRow]) throws(StoreError) -> ImportWrite
  ) async throws(StoreError) -> (ImportWrite, historyChanged: Int) {
    let logger = logger
    let lockTimeout = Self.milliseconds(connectTimeout * 6)
    let schema = settings.schema ?? ""
    do {
      return try await client.withConnection { connection in
        try await connection.rows("BEGIN", logger: logger)
        do {
          try await connection.rows(
            PostgresQuery(unsafeSQL: "SET LOCAL lock_timeout = '\(lockTimeout)ms'"),
            logger: logger
          )
          try await connection.rows(
            "SELECT pg_advisory_xact_lock(hashtext('linkgen-import'), hashtext(\(schema)))",
            logger: logger
          )
          let existing = try await Self.links(keptPaths: keptPaths, connection, logger: logger)
          let write = try decide(existing)
          try await Self.insert(write.links, connection, logger: logger)
          let changed = try await Self.setHistory(write.history, connection, logger: logger)
          try await connection.rows(commit ? "COMMIT" : "ROLLBACK", logger: logger)
          return (write, changed)
        } catch {
          _ = try? await connection.rows("ROLLBACK", logger: logger)
          throw error
        }
      }
    } catch {
      throw Self.map(error)
    }
  }

  private static func links(
    keptPaths: [String],
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws -> [String: LinkRow] {
    var binds = PostgresBindings()
    binds.append(keptPaths)
    let rows = try await connection.rows(
      PostgresQuery(
        unsafeSQL:
          "SELECT \(linkColumns) FROM linkgen_links WHERE kept_path = ANY($1::text[])",
        binds: binds
      ),
      logger: logger
    )
    var found: [String: LinkRow] = [:]
    for row in rows {
      let link = try linkRow(row)
      if let kept = link.keptPath { found[kept] = link }
    }
    return found
  }

  private static func insert(
    _ links: [LinkRow],
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws {
    guard !links.isEmpty else { return }
    var binds = PostgresBindings()
    binds.append(links.map(\.code))
    binds.append(links.map(\.route))
    binds.append(links.map(\.params))
    binds.append(links.map { Int($0.createdAt) })
    // Arrays cannot hold NULL here: -1 and "" stand for it (no stored value is either).
    binds.append(links.map { Int($0.expiresAt ?? -1) })
    for text in [\LinkRow.keptPath, \.label, \.cardTitle, \.cardDescription, \.cardImage] {
      binds.append(links.map { $0[keyPath: text] ?? "" })
    }
    binds.append(links.map { $0.importedFrom ?? "" })
    binds.append(links.map { Int($0.importedAt ?? -1) })
    try await connection.rows(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO linkgen_links (\(linkColumns))
          SELECT code, route, params, created_at, NULLIF(expires_at, -1), NULL, 0, FALSE, NULL,
            NULLIF(kept_path, ''), NULLIF(label, ''), NULLIF(card_title, ''),
            NULLIF(card_description, ''), NULLIF(card_image, ''), NULLIF(imported_from, ''),
            NULLIF(imported_at, -1)
          FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[],
                      $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
                      $12::bigint[])
            AS t(code, route, params, created_at, expires_at, kept_path, label, card_title,
                 card_description, card_image, imported_from, imported_at)
          """,
        binds: binds
      ),
      logger: logger
    )
  }

  /// Sets history counts; returns how many were new or changed.
  private static func setHistory(
    _ history: [HistoryRow],
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws -> Int {
    guard !history.isEmpty else { return 0 }
    var binds = PostgresBindings()
    binds.append(history.map(\.code))
    binds.append(history.map(\.route))
    binds.append(history.map(\.source))
    binds.append(history.map(\.platform))
    binds.append(history.map(\.event))
    binds.append(history.map { Int($0.count) })
    let rows = try await connection.rows(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO linkgen_history (code, route, source, platform, event, count)
          SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                               $6::bigint[])
          ON CONFLICT (code, source, platform, event)
          DO UPDATE SET count = excluded.count, route = excluded.route
          WHERE linkgen_history.count <> excluded.count
          RETURNING code
          """,
        binds: binds
      ),
      logger: logger
    )
    return rows.count
  }

  func history(route: String?, code: String?) async throws(StoreError) -> [HistoryRow] {
    var binds = PostgresBindings()
    var sql = "SELECT code, route, source, platform, event, count FROM linkgen_history WHERE TRUE"
    if let route {
      binds.append(route)
      sql += " AND route = $\(binds.count)"
    }
    if let code {
      binds.append(code)
      sql += " AND code = $\(binds.count)"
    }
    sql += " ORDER BY route, code, source, platform, event"
    var result: [HistoryRow] = []
    for row in try await query(PostgresQuery(unsafeSQL: sql, binds: binds), retry: true) {
      do {
        let (code, route, source, platform, event, count) =
          try row.decode((String, String, String, String, String, Int).self)
        result.append(
          HistoryRow(
            code: code,
            route: route,
            source: source,
            platform: platform,
            event: event,
            count: Int64(count)
          )
        )
      } catch {
        throw StoreError(.internalError, "unexpected history row from PostgreSQL: \(error)")
      }
    }
    return result
  }
}
