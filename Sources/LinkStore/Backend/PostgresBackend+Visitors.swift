import Logging
import NIOCore
import PostgresNIO

// Visitor sketches: merged by linkgen, not by SQL. The union of two sketches (the larger of each
// pair of registers) and its estimate were SQL functions over `smallint[]` until version 9; they
// read the 1,024 registers one row at a time, about 1 ms of the database's CPU for each sketch a
// flush merged, which under a load of distinct links took the database's core from the links'
// reads. Since version 9 the registers are 1,024 bytes (`bytea`, as on SQLite), and a flush
// locks the rows it merges into, so copies merging at once still lose none of one another's.
// A row last merged before version 9 keeps its registers in `registers_v8` (`smallint[]`) until
// a flush merges into it and writes them as bytes. Since version 10 a sketch with few registers
// set is stored sparse (`VisitorSketch.stored`).

extension PostgresBackend {
  /// Merges the flushed sketches into the stored ones, in one transaction: new rows inserted as
  /// they are; rows already there (or being inserted by another copy, whose transaction the
  /// insert waits for) locked, merged here and written back.
  func mergeVisitors(_ sketches: [VisitorKey: VisitorSketch]) async throws(StoreError) {
    guard !sketches.isEmpty else { return }
    // Sorted, so that copies merging at once take the rows' locks in the same order.
    let sorted = sketches.sorted { $0.key < $1.key }
    let logger = logger
    var attempt = 0
    while true {
      attempt += 1
      do {
        try await client.withConnection { connection in
          try await Self.merge(sorted, connection, logger: logger)
        }
        return
      } catch {
        // A deadlock rolls the transaction back whole: running it again merges nothing twice
        // (and a union is the same however often it is taken).
        if attempt < 3, Self.isConflict(error) { continue }
        throw Self.map(error)
      }
    }
  }

  private typealias Sketches = [(key: VisitorKey, value: VisitorSketch)]

  private static func merge(
    _ sorted: Sketches,
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws {
    try await connection.rows("BEGIN", logger: logger)
    do {
      let inserted = try await insertNew(sorted, connection, logger: logger)
      let stored = sorted.filter { !inserted.contains($0.key) }
      if !stored.isEmpty {
        var current = try await lock(stored.map(\.key), connection, logger: logger)
        // Each stored sketch taken out of `current` and merged into in place: it is the only
        // reference to its registers, so the union copies none (the flushed sketch stays as
        // it was, for the buffer to restore if the flush fails).
        let merged = stored.map { key, sketch in
          guard var union = current.removeValue(forKey: key) else {
            return (key: key, value: sketch)
          }
          union.merge(sketch)
          return (key: key, value: union)
        }
        try await write(merged, connection, logger: logger)
      }
      try await connection.rows("COMMIT", logger: logger)
    } catch {
      _ = try? await connection.rows("ROLLBACK", logger: logger)
      throw error
    }
  }

  /// The sketches' rows, as arrays to `unnest`: days, routes, codes, registers, estimates.
  private static func bindings(_ sketches: Sketches) -> PostgresBindings {
    var binds = keyBindings(sketches.map(\.key))
    binds.append(sketches.map { ByteBuffer(bytes: $0.value.stored) })
    binds.append(sketches.map { $0.value.estimate })
    return binds
  }

  /// The keys, as arrays to `unnest`: days, routes, codes.
  private static func keyBindings(_ keys: [VisitorKey]) -> PostgresBindings {
    var binds = PostgresBindings()
    binds.append(keys.map(\.day))
    binds.append(keys.map(\.route))
    binds.append(keys.map(\.code))
    return binds
  }

  /// Inserts the sketches no row holds yet; returns their keys.
  private static func insertNew(
    _ sketches: Sketches,
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws -> Set<VisitorKey> {
    let rows = try await connection.rows(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO linkgen_visitors (day, route, code, registers, estimate)
          SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bytea[], $5::bigint[])
          ON CONFLICT (day, route, code) DO NOTHING
          RETURNING day, route, code
          """,
        binds: bindings(sketches)
      ),
      logger: logger
    )
    var keys = Set<VisitorKey>()
    for row in rows {
      let (day, route, code) = try row.decode((Int, String, String).self)
      keys.insert(VisitorKey(day: day, route: route, code: code))
    }
    return keys
  }

  /// Locks the stored rows of these keys, in the keys' order; returns their sketches.
  private static func lock(
    _ keys: [VisitorKey],
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws -> [VisitorKey: VisitorSketch] {
    let rows = try await connection.rows(
      PostgresQuery(
        unsafeSQL: """
          SELECT v.day, v.route, v.code, v.registers, v.registers_v8
          FROM unnest($1::bigint[], $2::text[], $3::text[]) WITH ORDINALITY AS k(day, route, code, i)
          JOIN linkgen_visitors AS v ON v.day = k.day AND v.route = k.route AND v.code = k.code
          ORDER BY k.i
          FOR UPDATE OF v
          """,
        binds: keyBindings(keys)
      ),
      logger: logger
    )
    var sketches: [VisitorKey: VisitorSketch] = [:]
    for row in rows {
      let (day, route, code, bytes, older) = try row.decode(
        (Int, String, String, ByteBuffer?, [Int16]?).self
      )
      // Bytes that are not a sketch (another size) are replaced by the flushed one.
      let sketch: VisitorSketch? =
        if let bytes {
          VisitorSketch(stored: Array(buffer: bytes))
        } else {
          older.flatMap { VisitorSketch(registers: $0.map { UInt8(clamping: $0) }) }
        }
      guard let sketch else { continue }
      sketches[VisitorKey(day: day, route: route, code: code)] = sketch
    }
    return sketches
  }

  /// Writes the merged sketches over their locked rows.
  private static func write(
    _ sketches: Sketches,
    _ connection: PostgresConnection,
    logger: Logger
  ) async throws {
    try await connection.rows(
      PostgresQuery(
        unsafeSQL: """
          INSERT INTO linkgen_visitors (day, route, code, registers, estimate)
          SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bytea[], $5::bigint[])
          ON CONFLICT (day, route, code)
          DO UPDATE SET registers = excluded.registers, registers_v8 = NULL,
            estimate = excluded.estimate
          """,
        binds: bindings(sketches)
      ),
      logger: logger
    )
  }
}
