import NIOCore
import PostgresNIO

// The console's statements on PostgreSQL: `?` numbered as `$1`, `$2`…, values bound as
// `bigint`, `text` or `bytea`. Reads are retried once on a fresh connection; writes are not.

extension PostgresBackend: ConsoleBackend {
  var consoleDialect: ConsoleDialect { .postgres }

  func console(_ statement: ConsoleStatement) async throws(StoreError) -> [[ConsoleValue]] {
    var binds = PostgresBindings()
    for value in statement.binds {
      switch value {
      case .integer(let value): binds.append(value)
      case .text(let value): binds.append(value)
      case .bytes(let value): binds.append(ByteBuffer(bytes: value))
      case .null: binds.appendNull()
      }
    }
    let query = PostgresQuery(unsafeSQL: Self.numbered(statement.sql), binds: binds)
    let rows = try await self.query(query, retry: !statement.writes)
    var result: [[ConsoleValue]] = []
    result.reserveCapacity(rows.count)
    for row in rows {
      var values: [ConsoleValue] = []
      for (cell, kind) in zip(row, statement.columns) {
        values.append(try Self.consoleValue(cell, kind))
      }
      result.append(values)
    }
    return result
  }

  /// `?` → `$1`, `$2`… (the console's statements hold no `?` in literals).
  private static func numbered(_ sql: String) -> String {
    var result = ""
    var number = 0
    for character in sql {
      if character == "?" {
        number += 1
        result += "$\(number)"
      } else {
        result.append(character)
      }
    }
    return result
  }

  private static func consoleValue(_ cell: PostgresCell, _ kind: ConsoleValue.Kind)
    throws(StoreError) -> ConsoleValue
  {
    do {
      switch kind {
      case .integer: return try cell.decode(Int?.self).map(ConsoleValue.integer) ?? .null
      case .text: return try cell.decode(String?.self).map(ConsoleValue.text) ?? .null
      case .bytes:
        guard var buffer = try cell.decode(ByteBuffer?.self) else { return .null }
        return .bytes(buffer.readBytes(length: buffer.readableBytes) ?? [])
      }
    } catch {
      throw StoreError(.internalError, "unexpected console row from PostgreSQL: \(error)")
    }
  }
}
