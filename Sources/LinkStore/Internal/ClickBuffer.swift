import NIOConcurrencyHelpers

/// Click counts waiting for the next flush, summed in memory by counter, and the visitor sketches
/// of people's page visits: memory grows with the number of distinct counters and sketches (both
/// bounded), not with traffic.
final class ClickBuffer: Sendable {
  private struct State {
    var counts: [CounterKey: Int] = [:]
    var visitors: [VisitorKey: VisitorSketch] = [:]
    /// Hits that found the buffer full even after folding their referrer into `other`.
    var dropped = 0
  }

  private let limit: Int
  /// The most sketches (1 KiB each) waiting; past it, new (day, route, link) triples wait for
  /// the next flush uncounted as visitors (their clicks are still counted).
  private let visitorLimit: Int
  private let state = NIOLockedValueBox(State())

  init(limit: Int, visitorLimit: Int = 4096) {
    self.limit = max(1, limit)
    self.visitorLimit = max(1, visitorLimit)
  }

  /// Counts a person's visit and adds their hash to the sketches of its short link (or route
  /// page), its route and the site, under one lock.
  func add(_ key: CounterKey, visitorHash hash: UInt64) {
    let all = VisitorLevel.all
    let keys = [
      VisitorKey(day: key.day, route: key.route, code: key.code),
      VisitorKey(day: key.day, route: key.route, code: all),
      VisitorKey(day: key.day, route: all, code: all),
    ]
    state.withLockedValue { state in
      Self.count(key, 1, into: &state, limit: limit)
      for visitorKey in keys
      where state.visitors[visitorKey] != nil || state.visitors.count < visitorLimit {
        state.visitors[visitorKey, default: VisitorSketch()].add(hash)
      }
    }
  }

  /// Takes the visitor sketches, leaving none.
  func takeVisitors() -> [VisitorKey: VisitorSketch] {
    state.withLockedValue { state in
      defer { state.visitors = [:] }
      return state.visitors
    }
  }

  /// Puts back sketches a flush could not write (merged with any gathered since).
  func restoreVisitors(_ sketches: [VisitorKey: VisitorSketch]) {
    state.withLockedValue { state in
      for (key, sketch) in sketches { state.visitors[key, default: VisitorSketch()].merge(sketch) }
    }
  }

  /// Counts one hit. Never waits for the database.
  func add(_ key: CounterKey, count: Int = 1) {
    state.withLockedValue { Self.count(key, count, into: &$0, limit: limit) }
  }

  private static func count(_ key: CounterKey, _ count: Int, into state: inout State, limit: Int) {
    if let existing = state.counts[key] {
      state.counts[key] = existing + count
    } else if state.counts.count < limit {
      state.counts[key] = count
    } else {
      var folded = key
      folded.referrer = "other"
      if let existing = state.counts[folded] {
        state.counts[folded] = existing + count
      } else if state.counts.count < limit + limit / 10 {
        state.counts[folded] = count
      } else {
        state.dropped += count
      }
    }
  }

  /// Takes everything buffered, leaving the buffer empty; returns how many hits were dropped
  /// since the last take.
  func take() -> (counts: [CounterKey: Int], dropped: Int) {
    state.withLockedValue { state in
      defer {
        state.counts = [:]
        state.dropped = 0
      }
      return (state.counts, state.dropped)
    }
  }

  /// Puts back counts a flush could not write, so that the next flush tries again.
  func restore(_ counts: [CounterKey: Int]) {
    for (key, count) in counts { add(key, count: count) }
  }

  /// Distinct counters waiting.
  var pending: Int { state.withLockedValue { $0.counts.count } }
}
