/// A value bound into, or read from, one of the console's statements.
package enum ConsoleValue: Sendable, Hashable {
  case integer(Int)
  case text(String)
  case bytes([UInt8])
  case null

  /// The integer, or 0.
  var int: Int {
    if case .integer(let value) = self { return value }
    return 0
  }

  /// The text, or `""`.
  var string: String {
    if case .text(let value) = self { return value }
    return ""
  }

  /// What a result column holds, so that each backend decodes it.
  package enum Kind: Sendable {
    case integer, text, bytes
  }
}

/// One of the console's statements, written once for both databases: `?` marks each bound
/// value (PostgreSQL's backend numbers them), and ``ConsoleDialect`` tells the few places
/// where the two differ.
package struct ConsoleStatement: Sendable {
  package var sql: String
  package var binds: [ConsoleValue]
  /// The kinds of the result's columns, in order.
  package var columns: [ConsoleValue.Kind]
  /// Whether the statement writes.
  package var writes: Bool

  package init(
    _ sql: String,
    _ binds: [ConsoleValue] = [],
    columns: [ConsoleValue.Kind] = [],
    writes: Bool = false
  ) {
    self.sql = sql
    self.binds = binds
    self.columns = columns
    self.writes = writes
  }
}

/// Where the two databases' SQL differs in the console's statements.
package enum ConsoleDialect: Sendable {
  case sqlite, postgres

  /// Case-insensitive `LIKE` (SQLite's `LIKE` already is, for ASCII).
  var ilike: String { self == .sqlite ? "LIKE" : "ILIKE" }
}

/// What the console needs from a database beside ``StoreBackend``: one statement at a time,
/// with values bound, returning its rows. The statements themselves are in
/// `Sources/LinkStore/Console`, the same for both backends.
package protocol ConsoleBackend: Sendable {
  /// The database's dialect.
  var consoleDialect: ConsoleDialect { get }
  /// Runs one statement (atomic on its own) and returns its rows.
  func console(_ statement: ConsoleStatement) async throws(StoreError) -> [[ConsoleValue]]
}

extension LinkStore {
  /// The backend's console statements.
  var consoleBackend: any ConsoleBackend {
    get throws(StoreError) {
      guard let backend = backend as? any ConsoleBackend else {
        throw StoreError(.misconfigured, "this store's backend has no console support")
      }
      return backend
    }
  }

  /// Runs one console statement within the store's operation timeout.
  func console(_ statement: ConsoleStatement) async throws(StoreError) -> [[ConsoleValue]] {
    let backend = try consoleBackend
    return try await withDeadline { () throws(StoreError) in
      try await backend.console(statement)
    }
  }
}
