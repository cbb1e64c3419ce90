import NIOConcurrencyHelpers
import SQLiteNIO

/// Group commit of created links: the inserts that arrive while a commit is under way wait
/// for it, then share the next transaction — one `BEGIN IMMEDIATE … COMMIT`, so one fsync
/// (`synchronous = FULL`) for all of them. Each caller is answered only after the commit that
/// holds its link, so a link reported created survives a crash right after.
///
/// The group is one `INSERT … VALUES (…), (…) ON CONFLICT (code) DO NOTHING RETURNING code`: a
/// code already taken (in the database or earlier in the same group) is that link's answer
/// alone. When a statement or the
/// commit fails, the group is rolled back and its links are inserted again one transaction
/// each, so that an error is the answer of the link that caused it, never of its neighbours.
final class SQLiteGroupCommit: Sendable {
  private typealias Waiter = CheckedContinuation<Result<Bool, StoreError>, Never>

  private struct State {
    var pending: [(row: LinkRow, waiter: Waiter)] = []
    var committing = false
  }

  /// The most links in one transaction (16 values each).
  static let maximumGroup = 256

  private let pool: SQLitePool
  private let path: String
  private let state = NIOLockedValueBox(State())

  init(pool: SQLitePool, path: String) {
    self.pool = pool
    self.path = path
  }

  /// Inserts `row` in the next group's transaction; `false` when its code is taken.
  func insert(_ row: LinkRow) async throws(StoreError) -> Bool {
    let result = await withCheckedContinuation { (waiter: Waiter) in
      let lead = state.withLockedValue { state in
        state.pending.append((row, waiter))
        if state.committing { return false }
        state.committing = true
        return true
      }
      if lead { Task { await self.commitGroups() } }
    }
    return try result.get()
  }

  /// Commits the waiting groups one after another until none is left.
  private func commitGroups() async {
    while true {
      let group = state.withLockedValue { state in
        let group = Array(state.pending.prefix(Self.maximumGroup))
        state.pending.removeFirst(group.count)
        if group.isEmpty { state.committing = false }
        return group
      }
      if group.isEmpty { return }
      let results = await commit(group.map(\.row))
      for (entry, result) in zip(group, results) { entry.waiter.resume(returning: result) }
    }
  }

  /// One result per row, in order: the group in one transaction, or, if that fails, each row
  /// in a transaction of its own.
  private func commit(_ rows: [LinkRow]) async -> [Result<Bool, StoreError>] {
    do throws(StoreError) {
      let inserted = try await pool.withWriteTransaction { connection throws(StoreError) in
        try await Self.insert(rows, on: connection, path: path)
      }
      return inserted.map { .success($0) }
    } catch {
      if rows.count == 1 { return [.failure(error)] }
    }
    var results: [Result<Bool, StoreError>] = []
    for row in rows {
      do throws(StoreError) {
        let inserted = try await pool.withWriteTransaction { connection throws(StoreError) in
          try await Self.insert([row], on: connection, path: path)
        }
        results.append(.success(inserted[0]))
      } catch {
        results.append(.failure(error))
      }
    }
    return results
  }

  /// Inserts the rows with one statement (one parse, one trip to the connection's thread);
  /// whether each was inserted. A code asked for twice in the group is inserted at most once:
  /// the later rows are always taken (by the first, or by the link that already had it).
  private static func insert(_ rows: [LinkRow], on connection: SQLiteConnection, path: String)
    async throws(StoreError) -> [Bool]
  {
    var firsts: [LinkRow] = []
    var seen: Set<String> = []
    for row in rows where seen.insert(row.code).inserted { firsts.append(row) }
    let values = Array(repeating: SQLiteBackend.linkPlaceholders, count: firsts.count)
    let inserted = try await SQLiteBackend.query(
      connection,
      """
      INSERT INTO linkgen_links (\(SQLiteBackend.linkColumns))
      VALUES \(values.joined(separator: ", "))
      ON CONFLICT (code) DO NOTHING RETURNING code
      """,
      firsts.flatMap(SQLiteBackend.binds),
      path: path
    ).compactMap { $0.column("code")?.string }
    var fresh = Set(inserted)
    // Only the first row of a code can have inserted it.
    return rows.map { fresh.remove($0.code) != nil }
  }
}
