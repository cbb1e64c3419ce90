import NIOCore
import SQLiteNIO

// The console's statements on SQLite: a pooled connection each; a write is one statement in
// autocommit (it waits for the write lock up to the busy timeout).

extension SQLiteBackend: ConsoleBackend {
  var consoleDialect: ConsoleDialect { .sqlite }

  func console(_ statement: ConsoleStatement) async throws(StoreError) -> [[ConsoleValue]] {
    let binds = statement.binds.map(Self.sqliteData)
    let path = path
    let rows = try await pool.withConnection { connection throws(StoreError) in
      try await Self.query(connection, statement.sql, binds, path: path)
    }
    return rows.map { row in
      zip(row.columns, statement.columns).map { column, kind in
        Self.consoleValue(column.data, kind)
      }
    }
  }

  private static func sqliteData(_ value: ConsoleValue) -> SQLiteData {
    switch value {
    case .integer(let value): .integer(value)
    case .text(let value): .text(value)
    case .bytes(let value): .blob(ByteBuffer(bytes: value))
    case .null: .null
    }
  }

  private static func consoleValue(_ data: SQLiteData, _ kind: ConsoleValue.Kind) -> ConsoleValue {
    if case .null = data { return .null }
    switch kind {
    case .integer: return data.integer.map(ConsoleValue.integer) ?? .null
    case .text: return data.string.map(ConsoleValue.text) ?? .null
    case .bytes:
      guard case .blob(var buffer) = data else { return .null }
      return .bytes(buffer.readBytes(length: buffer.readableBytes) ?? [])
    }
  }
}
