import Foundation

/// Where the store keeps its data: an SQLite file or a PostgreSQL database.
///
/// ```
/// sqlite:linkgen.sqlite                      a file, relative to the working directory
/// sqlite:/var/lib/linkgen/links.sqlite       an absolute path (sqlite:///var/… works too)
/// postgres://linkgen:secret@db.internal:5432/linkgen
/// postgresql://linkgen@/linkgen?host=/var/run/postgresql   a Unix-domain socket directory
/// postgres://…/linkgen?sslmode=verify-full&schema=links&application_name=edge-1
/// postgres://linkgen@pgbouncer.internal:6432/linkgen?prepared_statements=off
/// ```
///
/// PostgreSQL query options: `sslmode` (`disable`, `prefer` — the default, `require`,
/// `verify-ca`, `verify-full`, as libpq reads them), `schema` (the schema the tables live in,
/// created when missing), `application_name` (shown in `pg_stat_activity`), `host` (a socket
/// directory), `prepared_statements` (`on`, the default, or `off` behind a pooler that hands
/// each transaction to any server connection, such as PgBouncer in transaction mode). Anything
/// else is refused rather than ignored. User names, passwords and database names may be
/// percent-encoded.
public struct DatabaseURL: Sendable, Hashable, CustomStringConvertible {
  /// The environment variable read when no URL is given on the command line.
  public static let environmentVariable = "LINKGEN_DATABASE_URL"
  /// The URL used when neither the command line nor the environment gives one.
  public static let defaultURL = "sqlite:linkgen.sqlite"

  /// How a PostgreSQL connection uses TLS, as libpq's `sslmode` says.
  public enum TLSMode: String, Sendable, Hashable, CaseIterable {
    /// Never TLS.
    case disable
    /// TLS when the server offers it, without checking its certificate (libpq's default).
    case prefer
    /// TLS always, without checking the certificate.
    case require
    /// TLS always; the certificate must chain to a trusted root.
    case verifyCA = "verify-ca"
    /// TLS always; the certificate must chain to a trusted root and name the host.
    case verifyFull = "verify-full"
  }

  /// A PostgreSQL server and database.
  public struct Postgres: Sendable, Hashable {
    /// The host name or address, for TCP.
    public var host: String?
    /// The TCP port (5432 unless given).
    public var port: Int
    /// The directory holding the server's Unix-domain socket, instead of TCP.
    public var socketDirectory: String?
    /// The role to log in as.
    public var user: String
    /// Its password, if any.
    public var password: String?
    /// The database; the user name when `nil`.
    public var database: String?
    /// The schema the tables live in; the server's `search_path` when `nil`.
    public var schema: String?
    /// The TLS mode.
    public var tls: TLSMode
    /// The `application_name` the connections report.
    public var applicationName: String?
    /// Whether the hot statements are named prepared statements, each prepared once per
    /// connection (`true`, the default), or unnamed ones, parsed and planned at every run, which
    /// any server connection can run: for a pooler that hands each transaction to any server
    /// connection (PgBouncer's transaction mode before 1.21), where a statement prepared on
    /// one is missing on the next.
    public var preparedStatements = true
  }

  /// The two backends.
  public enum Backend: Sendable, Hashable {
    /// An SQLite database file.
    case sqlite(path: String)
    /// A PostgreSQL database.
    case postgres(Postgres)
  }

  /// The backend and its settings.
  public var backend: Backend

  /// Creates a URL for a backend.
  public init(_ backend: Backend) {
    self.backend = backend
  }

  /// Reads a URL such as `sqlite:links.sqlite` or `postgres://user:pass@host:5432/db`.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidDatabaseURL``, naming what is wrong.
  public init(_ text: String) throws(StoreError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.hasPrefix("sqlite:") {
      var path = String(trimmed.dropFirst("sqlite:".count))
      if path.hasPrefix("//") { path.removeFirst(2) }
      guard !path.isEmpty else {
        throw Self.invalid(text, "it names no file; write sqlite:PATH, e.g. sqlite:linkgen.sqlite")
      }
      guard path != ":memory:" else {
        throw Self.invalid(
          text,
          "in-memory databases are not supported (each connection would see its own); use a "
            + "file, e.g. sqlite:/tmp/linkgen.sqlite"
        )
      }
      guard !path.contains("\0") else { throw Self.invalid(text, "the path holds a NUL byte") }
      backend = .sqlite(path: path)
    } else if trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://") {
      backend = .postgres(try Self.postgres(trimmed, original: text))
    } else {
      let hint =
        trimmed.hasSuffix(".sqlite") || trimmed.hasSuffix(".db") || trimmed.hasSuffix(".sqlite3")
        ? "; did you mean sqlite:\(trimmed)?" : ""
      throw Self.invalid(
        text,
        "it must start with sqlite: or postgres:// (or postgresql://)\(hint)"
      )
    }
  }

  /// The URL from the command line when given, else from ``environmentVariable``, else
  /// ``defaultURL``.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidDatabaseURL``; the message says
  ///   where the bad URL came from.
  public static func resolve(option: String?, environment: [String: String]) throws(StoreError)
    -> DatabaseURL
  {
    let (text, origin): (String, String)
    if let option {
      (text, origin) = (option, "--database")
    } else if let value = environment[environmentVariable], !value.isEmpty {
      (text, origin) = (value, environmentVariable)
    } else {
      (text, origin) = (defaultURL, "the default")
    }
    do {
      return try DatabaseURL(text)
    } catch {
      throw StoreError(.invalidDatabaseURL, "\(origin): \(error.message)", field: origin)
    }
  }

  /// The URL with its password replaced by `***`, safe to print and log.
  public var description: String {
    switch backend {
    case .sqlite(let path):
      return "sqlite:\(path)"
    case .postgres(let postgres):
      var text = "postgres://\(Self.encode(postgres.user))"
      if postgres.password != nil { text += ":***" }
      text += "@"
      if let host = postgres.host {
        text += host.contains(":") ? "[\(host)]" : host
        text += ":\(postgres.port)"
      }
      text += "/\(Self.encode(postgres.database ?? postgres.user))"
      var options: [String] = []
      if let directory = postgres.socketDirectory { options.append("host=\(directory)") }
      if postgres.tls != .prefer { options.append("sslmode=\(postgres.tls.rawValue)") }
      if let schema = postgres.schema { options.append("schema=\(schema)") }
      if let name = postgres.applicationName { options.append("application_name=\(name)") }
      if !postgres.preparedStatements { options.append("prepared_statements=off") }
      if !options.isEmpty { text += "?" + options.joined(separator: "&") }
      return text
    }
  }

  // MARK: Reading

  private static func postgres(_ text: String, original: String) throws(StoreError) -> Postgres {
    guard let components = URLComponents(string: text) else {
      throw invalid(original, "it is not a well-formed URL (percent-encode special characters)")
    }
    guard let user = components.percentEncodedUser.flatMap(decode), !user.isEmpty else {
      throw invalid(original, "it names no user; write postgres://USER:PASSWORD@HOST/DATABASE")
    }
    let password = components.percentEncodedPassword.flatMap(decode)
    var database = components.percentEncodedPath
    if database.hasPrefix("/") { database.removeFirst() }
    guard !database.contains("/") else {
      throw invalid(original, "the database name '\(database)' holds a '/'")
    }
    var postgres = Postgres(
      host: components.host.flatMap { $0.isEmpty ? nil : $0 },
      port: components.port ?? 5432,
      socketDirectory: nil,
      user: user,
      password: password,
      database: database.isEmpty ? nil : decode(database),
      schema: nil,
      tls: .prefer,
      applicationName: nil
    )
    guard (1...65535).contains(postgres.port) else {
      throw invalid(original, "the port \(postgres.port) is out of range")
    }
    var seen: Set<String> = []
    for item in components.queryItems ?? [] {
      guard seen.insert(item.name).inserted else {
        throw invalid(original, "the option '\(item.name)' is given twice")
      }
      try read(option: item.name, value: item.value ?? "", into: &postgres, original: original)
    }
    guard postgres.host != nil || postgres.socketDirectory != nil else {
      throw invalid(original, "it names no host; write postgres://USER:PASSWORD@HOST/DATABASE")
    }
    return postgres
  }

  /// One `?name=value` option of a PostgreSQL URL, into `postgres`.
  private static func read(
    option name: String,
    value: String,
    into postgres: inout Postgres,
    original: String
  ) throws(StoreError) {
    switch name {
    case "sslmode":
      guard let mode = TLSMode(rawValue: value) else {
        let modes = TLSMode.allCases.map(\.rawValue).joined(separator: ", ")
        throw invalid(original, "sslmode '\(value)' is not one of \(modes)")
      }
      postgres.tls = mode
    case "schema":
      guard isIdentifier(value) else {
        throw invalid(
          original,
          "schema '\(value)' must be 1–63 lower-case letters, digits or '_', not starting "
            + "with a digit"
        )
      }
      postgres.schema = value
    case "application_name":
      guard !value.isEmpty, value.utf8.count <= 63,
        value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
      else {
        throw invalid(original, "application_name must be 1–63 printable ASCII characters")
      }
      postgres.applicationName = value
    case "host":
      guard value.hasPrefix("/") else {
        throw invalid(original, "the host option must be a socket directory (an absolute path)")
      }
      postgres.socketDirectory = value
    case "prepared_statements":
      guard value == "on" || value == "off" else {
        throw invalid(original, "prepared_statements '\(value)' is not on or off")
      }
      postgres.preparedStatements = value == "on"
    default:
      throw invalid(
        original,
        "unknown option '\(name)'; linkgen reads sslmode, schema, application_name, host, "
          + "prepared_statements"
      )
    }
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, text.utf8.count <= 63, !(0x30...0x39).contains(first)
    else { return false }
    return text.utf8.allSatisfy {
      (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x5F
    }
  }

  private static func decode(_ text: String) -> String? { text.removingPercentEncoding }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? text
  }

  private static func invalid(_ text: String, _ reason: String) -> StoreError {
    StoreError(.invalidDatabaseURL, "cannot read the database URL '\(redacted(text))': \(reason)")
  }

  /// The text with anything between `://user:` and `@` hidden.
  private static func redacted(_ text: String) -> String {
    guard let scheme = text.range(of: "://"), let at = text.range(of: "@", options: .backwards),
      scheme.upperBound < at.lowerBound,
      let colon = text[scheme.upperBound..<at.lowerBound].firstIndex(of: ":")
    else { return text }
    return String(text[..<text.index(after: colon)]) + "***" + String(text[at.lowerBound...])
  }
}
