import Logging
import NIOCore
import PostgresNIO

// The statements run on every short-link visit and every created link, prepared once per
// connection (postgres-nio keeps them by name): each run is then Bind + Execute, with no
// parsing or planning on the server and no row description to read back.

/// Links by several keys at once: the coalesced reads of ``PostgresLinkReader``, one statement
/// for every lookup waiting at once.
protocol PostgresLinksByKeys: PostgresPreparedStatement where Row == LinkRow {
  init(keys: [String])
  var keys: [String] { get }
}

extension PostgresLinksByKeys {
  func makeBindings() throws -> PostgresBindings {
    var binds = PostgresBindings()
    binds.append(keys)
    return binds
  }

  func decodeRow(_ row: PostgresRow) throws -> LinkRow { try PostgresBackend.linkRow(row) }
}

/// The links whose code is one of these.
struct PostgresLinksByCode: PostgresLinksByKeys {
  static let name = "linkgen_links_by_code"
  static let sql =
    "SELECT \(PostgresBackend.linkColumns) FROM linkgen_links WHERE code = ANY($1::text[])"
  typealias Row = LinkRow

  let keys: [String]
}

/// The imported links whose kept path is one of these.
struct PostgresLinksByKeptPath: PostgresLinksByKeys {
  static let name = "linkgen_links_by_kept_path"
  static let sql =
    "SELECT \(PostgresBackend.linkColumns) FROM linkgen_links WHERE kept_path = ANY($1::text[])"
  typealias Row = LinkRow

  let keys: [String]
}

/// A new link, unless its code is taken: returns its code when inserted.
struct PostgresInsertLink: PostgresPreparedStatement {
  static let sql = """
    INSERT INTO linkgen_links (\(PostgresBackend.linkColumns))
    VALUES (\((1...16).map { "$\($0)" }.joined(separator: ", ")))
    ON CONFLICT (code) DO NOTHING RETURNING code
    """
  typealias Row = String

  let link: LinkRow

  func makeBindings() throws -> PostgresBindings {
    var binds = PostgresBindings()
    binds.append(link.code)
    binds.append(link.route)
    binds.append(link.params)
    binds.append(Int(link.createdAt))
    binds.append(link.expiresAt.map(Int.init))
    binds.append(link.maxVisits.map(Int.init))
    binds.append(Int(link.visits))
    binds.append(link.custom)
    binds.append(link.keyID)
    for text in [
      link.keptPath, link.label, link.cardTitle, link.cardDescription, link.cardImage,
      link.importedFrom,
    ] {
      binds.append(text)
    }
    binds.append(link.importedAt.map(Int.init))
    return binds
  }

  func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}

/// Created links (as ``LinkStore/createLink(_:keyID:now:)`` makes them: no kept path, label,
/// card or import) with one statement whatever their number, the columns as arrays: the codes
/// inserted. A missing expiry, visit limit or key is sent as 0, 0 or '' (none of them a value
/// a created link can have) and stored as NULL.
struct PostgresInsertLinks: PostgresPreparedStatement {
  static let sql = """
    INSERT INTO linkgen_links
      (code, route, params, created_at, expires_at, max_visits, visits, custom, key_id)
    SELECT c, r, p, t, NULLIF(e, 0), NULLIF(m, 0), v, b, NULLIF(k, '')
    FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[],
                $7::bigint[], $8::boolean[], $9::text[]) AS u(c, r, p, t, e, m, v, b, k)
    ON CONFLICT (code) DO NOTHING RETURNING code
    """
  typealias Row = String

  let links: [LinkRow]

  /// Whether a row can go in this statement (it has nothing but what a create sets).
  static func fits(_ row: LinkRow) -> Bool {
    row.keptPath == nil && row.label == nil && row.cardTitle == nil
      && row.cardDescription == nil && row.cardImage == nil && row.importedFrom == nil
      && row.importedAt == nil && row.expiresAt != 0 && row.maxVisits != 0 && row.keyID != ""
  }

  func makeBindings() throws -> PostgresBindings {
    var binds = PostgresBindings()
    binds.append(links.map(\.code))
    binds.append(links.map(\.route))
    binds.append(links.map(\.params))
    binds.append(links.map { Int($0.createdAt) })
    binds.append(links.map { Int($0.expiresAt ?? 0) })
    binds.append(links.map { Int($0.maxVisits ?? 0) })
    binds.append(links.map { Int($0.visits) })
    binds.append(links.map(\.custom))
    binds.append(links.map { $0.keyID ?? "" })
    return binds
  }

  func decodeRow(_ row: PostgresRow) throws -> String { try row.decode(String.self) }
}

/// An API key by its id.
struct PostgresKeyByID: PostgresPreparedStatement {
  static let sql = "SELECT \(PostgresBackend.keyColumns) FROM linkgen_keys WHERE id = $1"
  typealias Row = KeyRow

  let id: String

  func makeBindings() throws -> PostgresBindings {
    var binds = PostgresBindings()
    binds.append(id)
    return binds
  }

  func decodeRow(_ row: PostgresRow) throws -> KeyRow { try PostgresBackend.keyRow(row) }
}

extension PostgresBackend {
  /// Runs a prepared statement (preparing it on the connection the first time); with `retry`,
  /// once more when the connection failed (for reads).
  func execute<Statement: PostgresPreparedStatement>(_ statement: Statement, retry: Bool)
    async throws(StoreError) -> [Statement.Row]
  {
    try await Self.execute(statement, retry: retry, on: client, logger: logger)
  }

  static func execute<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    retry: Bool,
    on client: PostgresClient,
    logger: Logger
  ) async throws(StoreError) -> [Statement.Row] {
    var attempts = 0
    while true {
      attempts += 1
      do throws(StoreError) {
        return try await execute(statement, on: client, logger: logger)
      } catch {
        if retry, attempts < 2, error.code == .unavailable { continue }
        throw error
      }
    }
  }

  /// Coalesced reads of links by the key of `Statement` (a read retried once when the
  /// connection failed).
  static func reader<Statement: PostgresLinksByKeys>(
    _ statement: Statement.Type,
    key: @escaping @Sendable (LinkRow) -> String?,
    on client: PostgresClient,
    logger: Logger
  ) -> PostgresLinkReader {
    PostgresLinkReader(key: key) { keys throws(StoreError) in
      try await execute(Statement(keys: keys), retry: true, on: client, logger: logger)
    }
  }

  static func execute<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    on client: PostgresClient,
    logger: Logger
  ) async throws(StoreError) -> [Statement.Row] {
    do {
      return try await client.rows(statement, logger: logger)
    } catch {
      throw map(error)
    }
  }
}
