import NIOConcurrencyHelpers

/// What a cached value costs in memory, roughly: its bytes and their bookkeeping.
protocol CacheCosted: Sendable {
  var cacheCost: Int { get }
}

/// A thread-safe cache of at most `capacity` entries and about `byteLimit` bytes, in two
/// generations: new entries go into the young one; when it holds half the entries or half the
/// bytes, it becomes the old one and the previous old one is dropped; a hit in the old one moves
/// the entry back to the young one. So memory is bounded by bytes as well as by count (a run of
/// distinct links, each page seen once, cannot grow it past the limit), what is used stays, and
/// no entry list is maintained per hit.
final class BoundedCache<Key: Hashable & Sendable, Value: CacheCosted>: Sendable {
  private struct Generation {
    var entries: [Key: Value] = [:]
    var bytes = 0
  }

  private struct Generations {
    var young = Generation()
    var old = Generation()
  }

  private let state = NIOLockedValueBox(Generations())
  /// Entries per generation (half the capacity).
  private let generationSize: Int
  /// Bytes per generation (half the limit).
  private let generationBytes: Int

  init(capacity: Int, byteLimit: Int = .max) {
    generationSize = max(capacity / 2, 0)
    generationBytes = max(byteLimit / 2, 0)
  }

  /// The cached value, if any.
  func value(for key: Key) -> Value? {
    guard generationSize > 0 else { return nil }
    return state.withLockedValue { state in
      if let value = state.young.entries[key] { return value }
      guard let value = state.old.entries.removeValue(forKey: key) else { return nil }
      state.old.bytes -= value.cacheCost
      insert(value, for: key, into: &state)
      return value
    }
  }

  /// Stores a value (not one that alone costs more than a generation's bytes).
  func store(_ value: Value, for key: Key) {
    guard generationSize > 0, value.cacheCost <= generationBytes else { return }
    // The generation dropped is released after the lock, not while other threads wait on it.
    let dropped = state.withLockedValue { insert(value, for: key, into: &$0) }
    _ = dropped
  }

  /// The number of entries, for the metrics.
  var count: Int { state.withLockedValue { $0.young.entries.count + $0.old.entries.count } }

  /// The bytes the entries cost, for the tests and the metrics.
  var bytes: Int { state.withLockedValue { $0.young.bytes + $0.old.bytes } }

  /// Inserts into the young generation, turning it old first when it is full; returns the
  /// generation that was dropped, if any.
  @discardableResult
  private func insert(_ value: Value, for key: Key, into state: inout Generations) -> Generation? {
    let cost = value.cacheCost
    // One hash of the key in the usual case: stored at once, taken back out only when the young
    // generation turns out to be full (once in a generation).
    if let previous = state.young.entries.updateValue(value, forKey: key) {
      state.young.bytes += cost - previous.cacheCost
      return nil
    }
    let wasFull = state.young.entries.count - 1 >= generationSize
    guard wasFull || state.young.bytes + cost > generationBytes else {
      state.young.bytes += cost
      return nil
    }
    state.young.entries.removeValue(forKey: key)
    let dropped = state.old
    state.old = state.young
    state.young = Generation()
    state.young.entries.reserveCapacity(min(generationSize, 1024))
    state.young.entries[key] = value
    state.young.bytes = cost
    return dropped
  }
}
