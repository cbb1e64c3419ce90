import NIOConcurrencyHelpers

/// Click counts waiting for the next flush, summed in memory by counter: memory grows with the
/// number of distinct counters, not with traffic.
final class ClickBuffer: Sendable {
  private struct State {
    var counts: [CounterKey: Int] = [:]
    /// Hits that found the buffer full even after folding their referrer into `other`.
    var dropped = 0
  }

  private let limit: Int
  private let state = NIOLockedValueBox(State())

  init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// Counts one hit. Never waits for the database.
  func add(_ key: CounterKey, count: Int = 1) {
    state.withLockedValue { state in
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
  }

  /// Takes everything buffered, leaving the buffer empty; returns how many hits were dropped
  /// since the last take.
  func take() -> (counts: [CounterKey: Int], dropped: Int) {
    state.withLockedValue { state in
      defer { state = State() }
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
