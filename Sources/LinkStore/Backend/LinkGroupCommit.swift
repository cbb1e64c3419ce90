import NIOConcurrencyHelpers
import NIOPosix

/// Group commit of created links: the inserts that arrive while a group is being written wait
/// for it, then go in together as the next group — one statement and one commit (one fsync on
/// SQLite with `synchronous = FULL`, one WAL flush on PostgreSQL) for all of them. Each caller
/// is answered only after the commit that holds its link, so a link reported created survives
/// a crash right after.
///
/// The backend writes a group with one `INSERT … ON CONFLICT (code) DO NOTHING RETURNING code`
/// in a transaction of its own: a code already taken (in the database or earlier in the same
/// group) is that link's answer alone. When the statement or the commit fails, the group's
/// links are inserted again one transaction each, so that an error is the answer of the link
/// that caused it, never of its neighbours.
final class LinkGroupCommit: Sendable {
  /// Inserts rows whose codes are all different, in one transaction; the codes inserted.
  typealias Writer = @Sendable ([LinkRow]) async throws(StoreError) -> [String]

  private typealias Waiter = CheckedContinuation<Result<Bool, StoreError>, Never>

  private struct State {
    var pending: [(row: LinkRow, waiter: Waiter)] = []
    var committing = false
  }

  /// The most links in one transaction (16 values each).
  static let maximumGroup = 256

  private let write: Writer
  private let state = NIOLockedValueBox(State())

  init(_ write: @escaping Writer) {
    self.write = write
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
      // On the caller's event loop when it runs on one (a request): Swift's global executor
      // would be a thread hop there and back for each group.
      if lead {
        let loop = MultiThreadedEventLoopGroup.currentEventLoop
        Task(executorPreference: loop.map(EventLoopExecutor.init)) { await self.commitGroups() }
      }
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
      return try await insert(rows).map { .success($0) }
    } catch {
      if rows.count == 1 { return [.failure(error)] }
    }
    var results: [Result<Bool, StoreError>] = []
    for row in rows {
      do throws(StoreError) {
        results.append(.success(try await insert([row])[0]))
      } catch {
        results.append(.failure(error))
      }
    }
    return results
  }

  /// Whether each row was inserted. A code asked for twice in the group is written once: the
  /// later rows are always taken (by the first, or by the link that already had it).
  private func insert(_ rows: [LinkRow]) async throws(StoreError) -> [Bool] {
    var firsts: [LinkRow] = []
    var seen: Set<String> = []
    for row in rows where seen.insert(row.code).inserted { firsts.append(row) }
    var fresh = Set(try await write(firsts))
    // Only the first row of a code can have inserted it.
    return rows.map { fresh.remove($0.code) != nil }
  }
}
