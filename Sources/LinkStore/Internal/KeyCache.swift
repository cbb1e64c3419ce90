import NIOConcurrencyHelpers

/// API keys this store verified recently, by the SHA-256 of the whole key, so that the API does
/// not read the key's row on every request.
///
/// An entry lives ``StoreOptions/keyCacheTTL``: a key revoked through this store is forgotten at
/// once; one revoked by another process (`linkgen keys revoke`, another server copy) stops
/// working here when its entry expires. Only keys that matched are kept (a wrong key always
/// reads the database), and only the digest of a key that matched is a way in, so looking an
/// entry up in a dictionary tells a guesser nothing. The cache is bounded: when full, expired
/// entries are dropped, then all.
final class KeyCache: Sendable {
  private struct Entry {
    let key: APIKey
    let expires: ContinuousClock.Instant
  }

  /// The most keys kept (a server sees a handful).
  static let maximumEntries = 1_024

  private struct State {
    var entries: [[UInt8]: Entry] = [:]
    /// Counts revocations, so that a key read before one is not kept after it.
    var generation = 0
  }

  private let lifetime: Duration
  private let state = NIOLockedValueBox(State())

  init(lifetime: Duration) {
    self.lifetime = lifetime
  }

  /// The key whose digest is `hash`, when verified less than the lifetime ago.
  func key(hash: [UInt8], now: ContinuousClock.Instant = .now) -> APIKey? {
    guard lifetime > .zero else { return nil }
    return state.withLockedValue { state in
      guard let entry = state.entries[hash] else { return nil }
      guard entry.expires > now else {
        state.entries[hash] = nil
        return nil
      }
      return entry.key
    }
  }

  /// The revocations so far: read it before reading a key's row, give it to
  /// ``keep(_:hash:generation:now:)``.
  var generation: Int { state.withLockedValue { $0.generation } }

  /// Keeps a key that just matched its stored digest, unless a key was revoked through this
  /// store since `generation` was read (the row may predate it).
  func keep(
    _ key: APIKey,
    hash: [UInt8],
    generation: Int,
    now: ContinuousClock.Instant = .now
  ) {
    guard lifetime > .zero else { return }
    state.withLockedValue { state in
      guard state.generation == generation else { return }
      if state.entries.count >= Self.maximumEntries {
        state.entries = state.entries.filter { $0.value.expires > now }
        if state.entries.count >= Self.maximumEntries { state.entries.removeAll() }
      }
      state.entries[hash] = Entry(key: key, expires: now + lifetime)
    }
  }

  /// Forgets every entry of the key `id` (it is being revoked).
  func forget(id: String) {
    state.withLockedValue { state in
      state.generation += 1
      state.entries = state.entries.filter { $0.value.key.id != id }
    }
  }
}
