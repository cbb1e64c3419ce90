import Logging
import NIOCore
import PostgresNIO

// The statements run on every short-link visit and every created link, prepared once per
// connection (postgres-nio keeps them by name): each run is then Bind + Execute, with no
// parsing on the server and no row description to read back. The server plans a run again
// unless it keeps the statement's generic plan: it does for a statement whose generic plan
// costs no more than its custom plans (the reads by one key), and on connections that force
// it (the event loops').

/// A read of links by the one value it binds: a key, or an array of keys.
protocol PostgresLinkRead: PostgresPreparedStatement where Row == LinkRow {
  associatedtype Bound: PostgresNonThrowingEncodable
  var bound: Bound { get }
}

extension PostgresLinkRead {
  func makeBindings() throws -> PostgresBindings {
    var binds = PostgresBindings()
    binds.append(bound)
    return binds
  }

  func decodeRow(_ row: PostgresRow) throws -> LinkRow { try PostgresBackend.linkRow(row) }
}

/// Links by several keys at once: the coalesced reads of ``PostgresLinkReader``, one statement
/// for every lookup waiting at once.
protocol PostgresLinksByKeys: PostgresLinkRead where Bound == [String] {
  /// The same read for a batch of one key.
  associatedtype One: PostgresLinkByKey
  init(keys: [String])
  var keys: [String] { get }
}

extension PostgresLinksByKeys {
  var bound: [String] { keys }
}

/// A link by one key: a pool's read of a lone lookup. PostgreSQL settles on the generic plan
/// of `key = $1` after a few runs (it costs the same as a custom one), where it plans
/// `key = ANY($1)` at every run: its generic plan is costed at ten keys, more than a custom
/// plan of one. The pool's connections run every other statement too, so they cannot force
/// generic plans as the event loops' connections do (``PostgresLoopReaders``).
protocol PostgresLinkByKey: PostgresLinkRead where Bound == String {
  init(key: String)
  var key: String { get }
}

extension PostgresLinkByKey {
  var bound: String { key }
}

/// The links whose code is one of these.
struct PostgresLinksByCode: PostgresLinksByKeys {
  static let name = "linkgen_links_by_code"
  static let sql =
    "SELECT \(PostgresBackend.linkColumns) FROM linkgen_links WHERE code = ANY($1::text[])"
  typealias Row = LinkRow
  typealias One = PostgresLinkByCode

  let keys: [String]
}

/// The link with this code.
struct PostgresLinkByCode: PostgresLinkByKey {
  static let name = "linkgen_link_by_code"
  static let sql = "SELECT \(PostgresBackend.linkColumns) FROM linkgen_links WHERE code = $1"
  typealias Row = LinkRow

  let key: String
}

/// The imported links whose kept path is one of these.
struct PostgresLinksByKeptPath: PostgresLinksByKeys {
  static let name = "linkgen_links_by_kept_path"
  static let sql =
    "SELECT \(PostgresBackend.linkColumns) FROM linkgen_links WHERE kept_path = ANY($1::text[])"
  typealias Row = LinkRow
  typealias One = PostgresLinkByKeptPath

  let keys: [String]
}

/// The imported link kept at this path.
struct PostgresLinkByKeptPath: PostgresLinkByKey {
  static let name = "linkgen_link_by_kept_path"
  static let sql =
    "SELECT \(PostgresBackend.linkColumns) FROM linkgen_links WHERE kept_path = $1"
  typealias Row = LinkRow

  let key: String
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
  /// The connection pool, and whether its statements are prepared
  /// (``DatabaseURL/Postgres/preparedStatements``).
  struct Pool: Sendable {
    let client: PostgresClient
    let prepared: Bool
  }

  /// Runs a prepared statement (preparing it on the connection the first time); with `retry`,
  /// once more when the connection failed (for reads).
  func execute<Statement: PostgresPreparedStatement>(_ statement: Statement, retry: Bool)
    async throws(StoreError) -> [Statement.Row]
  {
    try await Self.execute(statement, retry: retry, on: pool, logger: logger)
  }

  static func execute<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    retry: Bool,
    on pool: Pool,
    logger: Logger
  ) async throws(StoreError) -> [Statement.Row] {
    var attempts = 0
    while true {
      attempts += 1
      do throws(StoreError) {
        return try await execute(statement, on: pool, logger: logger)
      } catch {
        if retry, attempts < 2, error.code == .unavailable { continue }
        throw error
      }
    }
  }

  /// Coalesced reads of links by the key of `Statement` (a read retried once when the
  /// connection failed); a batch of one key is read by `Statement.One`.
  static func reader<Statement: PostgresLinksByKeys>(
    _ statement: Statement.Type,
    key: @escaping @Sendable (LinkRow) -> String?,
    on pool: Pool,
    logger: Logger
  ) -> PostgresLinkReader {
    PostgresLinkReader(key: key) { keys throws(StoreError) in
      if keys.count == 1 {
        return try await execute(Statement.One(key: keys[0]), retry: true, on: pool, logger: logger)
      }
      return try await execute(Statement(keys: keys), retry: true, on: pool, logger: logger)
    }
  }

  static func execute<Statement: PostgresPreparedStatement>(
    _ statement: Statement,
    on pool: Pool,
    logger: Logger
  ) async throws(StoreError) -> [Statement.Row] {
    do {
      return try await pool.client.rows(statement, prepared: pool.prepared, logger: logger)
    } catch {
      throw map(error)
    }
  }
}
