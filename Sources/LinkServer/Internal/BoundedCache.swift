import NIOConcurrencyHelpers

/// A thread-safe cache of at most `capacity` entries, in two generations: new entries go into
/// the young one; when it is full, it becomes the old one and the previous old one is dropped;
/// a hit in the old one moves the entry back to the young one. So memory is bounded, what is
/// used stays, and no entry list is maintained per hit.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Generations {
    var young: [Key: Value] = [:]
    var old: [Key: Value] = [:]
  }

  private let state = NIOLockedValueBox(Generations())
  /// Entries per generation (half the capacity).
  private let generationSize: Int

  init(capacity: Int) {
    generationSize = max(capacity / 2, 0)
  }

  /// The cached value, if any.
  func value(for key: Key) -> Value? {
    guard generationSize > 0 else { return nil }
    return state.withLockedValue { state in
      if let value = state.young[key] { return value }
      guard let value = state.old.removeValue(forKey: key) else { return nil }
      Self.insert(value, for: key, into: &state, size: generationSize)
      return value
    }
  }

  /// Stores a value.
  func store(_ value: Value, for key: Key) {
    guard generationSize > 0 else { return }
    state.withLockedValue { Self.insert(value, for: key, into: &$0, size: generationSize) }
  }

  /// The number of entries, for the metrics.
  var count: Int { state.withLockedValue { $0.young.count + $0.old.count } }

  private static func insert(
    _ value: Value,
    for key: Key,
    into state: inout Generations,
    size: Int
  ) {
    if state.young.count >= size, state.young[key] == nil {
      state.old = state.young
      state.young = [:]
      state.young.reserveCapacity(size)
    }
    state.young[key] = value
  }
}
