import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Coalesced reads of links by one key (their code, or their kept path): the lookups that
/// arrive while a read is under way wait for it, then go to PostgreSQL together as the next
/// read — one `… WHERE code = ANY($1)` statement and one round trip for all of them, instead
/// of a pool lease, a Bind/Execute and a statement run on the server for each. A lone lookup
/// starts its read at once, so it waits no longer than it did alone.
///
/// Each waiter gets the row whose key is exactly (byte for byte, as PostgreSQL's `=` on text)
/// the one it asked for, or `nil`; when the statement fails, every waiter of that read gets the
/// error, as each would have alone. A lookup given a ``Deadline`` gets its error when the
/// answer is not there in time (a read under way goes on and its answer is dropped; a lookup
/// still waiting for its read is left out of it): a timer on the caller's event loop, instead
/// of a task per lookup racing a clock.
final class PostgresLinkReader: Sendable {
  /// Reads the rows whose key is one of these (all different).
  typealias Reader = @Sendable ([String]) async throws(StoreError) -> [LinkRow]

  /// How long a lookup may wait for its answer, and the error it gets after that.
  struct Deadline: Sendable {
    var timeout: TimeAmount
    var expired: @Sendable () -> StoreError
  }

  private struct State {
    var pending: [Lookup] = []
    var reading = 0
  }

  /// The most keys in one statement.
  static let maximumBatch = 64
  /// The most reads under way at once, by default: while one is on the wire, the next can
  /// gather.
  static let maximumReads = 2

  private let maximumReads: Int
  private let read: Reader
  private let key: @Sendable (LinkRow) -> String?
  private let state = NIOLockedValueBox(State())

  /// - Parameters:
  ///   - key: the key a row answers (its code, or its kept path).
  ///   - maximumReads: the most reads under way at once.
  init(
    key: @escaping @Sendable (LinkRow) -> String?,
    maximumReads: Int = PostgresLinkReader.maximumReads,
    _ read: @escaping Reader
  ) {
    self.key = key
    self.maximumReads = maximumReads
    self.read = read
  }

  /// The row with this key, read together with the lookups waiting beside it.
  func link(_ key: String, deadline: Deadline? = nil) async throws(StoreError) -> LinkRow? {
    // On the caller's event loop when it runs on one (a request): its timer and its read's
    // task stay on that thread (Swift's global executor would be a hop there and back).
    let loop = MultiThreadedEventLoopGroup.currentEventLoop
    let result = await withCheckedContinuation { (waiter: CheckedContinuation<Answer, Never>) in
      link(key, deadline: deadline, on: loop) { waiter.resume(returning: $0) }
    }
    return try result.get()
  }

  /// The row with this key, given to `done` once (from the read, or from the deadline's timer
  /// on `loop`), without a task for the lookup: a read that starts runs on a task on `loop`.
  func link(
    _ key: String,
    deadline: Deadline?,
    on loop: (any EventLoop)?,
    _ done: @escaping @Sendable (Answer) -> Void
  ) {
    let lookup = Lookup(key, done)
    if let deadline {
      lookup.timer = (loop ?? MultiThreadedEventLoopGroup.singleton.any()).scheduleTask(
        in: deadline.timeout
      ) { lookup.finish(.failure(deadline.expired()), cancelTimer: false) }
    }
    let lead = state.withLockedValue { state in
      state.pending.append(lookup)
      guard state.reading < maximumReads else { return false }
      state.reading += 1
      return true
    }
    if lead {
      Task(executorPreference: loop.map(EventLoopExecutor.init)) { await self.readBatches() }
    }
  }

  /// A lookup's answer: the row, `nil` when no row has the key, or the read's error.
  typealias Answer = Result<LinkRow?, StoreError>

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
      // A lookup whose deadline passed while it waited has its answer: it is not read.
      let waiting = batch.filter { !$0.isFinished }
      if waiting.isEmpty { continue }
      let results = await answers(waiting.map(\.key))
      for (lookup, result) in zip(waiting, results) { lookup.finish(result) }
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

/// One lookup waiting for its answer: answered once, by its read or by its deadline's timer,
/// whichever comes first.
private final class Lookup: @unchecked Sendable {
  typealias Done = @Sendable (PostgresLinkReader.Answer) -> Void

  let key: String
  /// Set once, before the lookup is shared (``PostgresLinkReader/link(_:deadline:on:_:)``), so
  /// read only by its read (after the lock that shares it), never by the timer itself.
  var timer: Scheduled<Void>?
  private let done: NIOLockedValueBox<Done?>

  init(_ key: String, _ done: @escaping Done) {
    self.key = key
    self.done = NIOLockedValueBox(done)
  }

  /// Whether the lookup was answered (by its read or by its deadline).
  var isFinished: Bool { done.withLockedValue { $0 == nil } }

  /// Answers the lookup with `result` unless it was answered already.
  func finish(_ result: PostgresLinkReader.Answer, cancelTimer: Bool = true) {
    guard
      let done = done.withLockedValue({ box in
        defer { box = nil }; return box
      })
    else {
      return
    }
    if cancelTimer { timer?.cancel() }
    done(result)
  }
}
