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
///
/// With `admitsOnSecondOffer`, a key is stored the second time it is offered, not the first:
/// the first offer only marks the key's slot in a small table of hash tags (four slots per
/// entry the cache holds, at most 2^20), and the second offer, while its slot still holds its
/// tag, stores it. A run of links each seen once (every invite a different one) then neither
/// pushes out what is used nor costs the cache's upkeep (the insert, and later freeing a whole
/// generation of pages no one asks for again); a link seen twice is kept, one request later.
final class BoundedCache<Key: Hashable & Sendable, Value: CacheCosted>: Sendable {
  private struct Generation {
    var entries: [Key: Value] = [:]
    var bytes = 0
  }

  private struct Generations {
    var young = Generation()
    var old = Generation()
    /// A tag of each key offered once, at its slot (empty without `admitsOnSecondOffer`).
    var offered: [UInt32] = []
  }

  private let state = NIOLockedValueBox(Generations())
  /// Entries per generation (half the capacity).
  private let generationSize: Int
  /// Bytes per generation (half the limit).
  private let generationBytes: Int

  /// The slots of the offered keys' tags, less one (a power of two less one); `nil` when every
  /// key offered is stored.
  private let offeredMask: Int?

  init(capacity: Int, byteLimit: Int = .max, admitsOnSecondOffer: Bool = false) {
    generationSize = max(capacity / 2, 0)
    generationBytes = max(byteLimit / 2, 0)
    guard admitsOnSecondOffer, capacity > 0 else {
      offeredMask = nil
      return
    }
    // Four slots per entry, a power of two, at most 2^20 (4 MiB of tags).
    let slots = 1 << (Int.bitWidth - (min(4 * capacity, 1 << 20) - 1).leadingZeroBitCount)
    offeredMask = slots - 1
    state.withLockedValue { $0.offered = Array(repeating: 0, count: slots) }
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

  /// Stores a value (not one that alone costs more than a generation's bytes); with
  /// `admitsOnSecondOffer`, only when the key was offered before and its slot remembers it.
  func store(_ value: Value, for key: Key) {
    guard generationSize > 0, value.cacheCost <= generationBytes else { return }
    // The slot and tag from the key's hash, made before the lock (the tag never 0, an empty slot).
    let offer = offeredMask.map { mask in
      let hash = UInt(bitPattern: key.hashValue)
      return (slot: Int(hash & UInt(mask)), tag: UInt32(truncatingIfNeeded: hash >> 32) | 1)
    }
    // The generation dropped is released after the lock, not while other threads wait on it.
    let dropped = state.withLockedValue { state -> Generation? in
      if let offer, state.offered[offer.slot] != offer.tag {
        state.offered[offer.slot] = offer.tag
        return nil
      }
      return insert(value, for: key, into: &state)
    }
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
