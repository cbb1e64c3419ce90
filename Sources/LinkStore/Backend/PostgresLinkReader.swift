import NIOConcurrencyHelpers
import NIOPosix

/// Coalesced reads of links by one key (their code, or their kept path): the lookups that
/// arrive while a read is under way wait for it, then go to PostgreSQL together as the next
/// read — one `… WHERE code = ANY($1)` statement and one round trip for all of them, instead
/// of a pool lease, a Bind/Execute and a statement run on the server for each. A lone lookup
/// starts its read at once, so it waits no longer than it did alone.
///
/// Each waiter gets the row whose key is exactly (byte for byte, as PostgreSQL's `=` on text)
/// the one it asked for, or `nil`; when the statement fails, every waiter of that read gets the
/// error, as each would have alone.
final class PostgresLinkReader: Sendable {
  /// Reads the rows whose key is one of these (all different).
  typealias Reader = @Sendable ([String]) async throws(StoreError) -> [LinkRow]

  private typealias Waiter = CheckedContinuation<Result<LinkRow?, StoreError>, Never>

  private struct State {
    var pending: [(key: String, waiter: Waiter)] = []
    var reading = 0
  }

  /// The most keys in one statement.
  static let maximumBatch = 64
  /// The most reads under way at once: while one is on the wire, the next can gather.
  static let maximumReads = 2

  private let read: Reader
  private let key: @Sendable (LinkRow) -> String?
  private let state = NIOLockedValueBox(State())

  /// - Parameter key: the key a row answers (its code, or its kept path).
  init(key: @escaping @Sendable (LinkRow) -> String?, _ read: @escaping Reader) {
    self.key = key
    self.read = read
  }

  /// The row with this key, read together with the lookups waiting beside it.
  func link(_ key: String) async throws(StoreError) -> LinkRow? {
    let result = await withCheckedContinuation { (waiter: Waiter) in
      let lead = state.withLockedValue { state in
        state.pending.append((key, waiter))
        guard state.reading < Self.maximumReads else { return false }
        state.reading += 1
        return true
      }
      // On the caller's event loop when it runs on one (a request): Swift's global executor
      // would be a thread hop there and back for each read.
      if lead {
        let loop = MultiThreadedEventLoopGroup.currentEventLoop
        Task(executorPreference: loop.map(EventLoopExecutor.init)) { await self.readBatches() }
      }
    }
    return try result.get()
  }

  /// Reads the waiting lookups, a batch at a time, until none is left.
  private func readBatches() async {
    while true {
      let batch = state.withLockedValue { state in
        let batch = Array(state.pending.prefix(Self.maximumBatch))
        state.pending.removeFirst(batch.count)
        if batch.isEmpty { state.reading -= 1 }
        return batch
      }
      if batch.isEmpty { return }
      let results = await answers(batch.map(\.key))
      for (entry, result) in zip(batch, results) { entry.waiter.resume(returning: result) }
    }
  }

  /// One answer per key, in order.
  private func answers(_ keys: [String]) async -> [Result<LinkRow?, StoreError>] {
    // Compared by their bytes, as PostgreSQL does (Swift's `==` takes canonically equivalent
    // spellings for one).
    var distinct: [String] = []
    for key in keys where !distinct.contains(where: { $0.utf8.elementsEqual(key.utf8) }) {
      distinct.append(key)
    }
    let rows: [LinkRow]
    do throws(StoreError) {
      rows = try await read(distinct)
    } catch {
      return keys.map { _ in .failure(error) }
    }
    return keys.map { wanted in
      .success(rows.first { self.key($0)?.utf8.elementsEqual(wanted.utf8) == true })
    }
  }
}
