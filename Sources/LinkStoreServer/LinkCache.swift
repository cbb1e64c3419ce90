import Foundation
import LinkServer
import LinkStore
import NIOConcurrencyHelpers
import NIOCore

/// Short links read recently, kept for a second or so, so that a popular link costs one database
/// read per interval rather than one per visit. Only links that open and have no visit limit are
/// kept (a limited link's every human visit is counted in the database); a link's expiry is
/// checked on every use. A link deleted on another copy may still open here until its entry
/// ages out (``ttl``); deleted on this copy, it is dropped at once.
///
/// An entry also keeps the link's answer to `GET /api/v1/links/<code>`, made on first use, so
/// that the answer is sent from memory.
final class LinkCache: Sendable {
  private struct Entry {
    let link: ShortLink
    let until: NIODeadline
    var resolved: CannedResponse?

    /// Whether the link still opens at `now` (it has no expiry, or a later one).
    func opens(at now: Date) -> Bool { link.expiresAt.map { $0 > now } ?? true }
  }

  private struct State {
    var entries: [String: Entry] = [:]
    /// When entries past their time were last dropped.
    var lastSweep = NIODeadline.now()
  }

  let ttl: Duration
  let capacity: Int
  private let state = NIOLockedValueBox(State())

  init(ttl: Duration, capacity: Int = 10_000) {
    self.ttl = ttl
    self.capacity = capacity
  }

  /// The link's state from the cache, if it holds the code.
  func state(of code: String, now: Date = Date()) -> ShortLinkState? {
    guard ttl > .zero, let entry = state.withLockedValue({ Self.live(code, in: $0) }) else {
      return nil
    }
    return entry.opens(at: now) ? .active(entry.link) : .expired(entry.link)
  }

  /// The answer to `GET /api/v1/links/<code>` for a link the cache holds and that has not
  /// expired, made by `make` the first time.
  func resolved(
    _ code: String,
    now: Date = Date(),
    make: (ShortLink) -> CannedResponse
  ) -> (link: ShortLink, response: CannedResponse)? {
    guard ttl > .zero else { return nil }
    return state.withLockedValue { state in
      guard var entry = Self.live(code, in: state), entry.opens(at: now) else { return nil }
      if let response = entry.resolved { return (entry.link, response) }
      let response = make(entry.link)
      entry.resolved = response
      state.entries[code] = entry
      return (entry.link, response)
    }
  }

  /// The entry for `code` while it is within its time: the one liveness check of the cache.
  private static func live(_ code: String, in state: State) -> Entry? {
    guard let entry = state.entries[code], entry.until > NIODeadline.now() else { return nil }
    return entry
  }

  /// Keeps an active link without a visit limit. Entries past their time are dropped once per
  /// ``ttl`` (so the cache holds about the links used in the last interval, not every link
  /// ever visited), and all of them if the cache is still full.
  func keep(_ state: ShortLinkState) {
    guard ttl > .zero, case .active(let link) = state, link.maxVisits == nil else { return }
    let moment = NIODeadline.now()
    let interval = TimeAmount(ttl)
    self.state.withLockedValue { state in
      if moment - state.lastSweep >= interval || state.entries.count >= capacity {
        state.lastSweep = moment
        state.entries = state.entries.filter { $0.value.until > moment }
        if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
      }
      state.entries[link.code] = Entry(link: link, until: moment + interval)
    }
  }

  func remove(_ code: String) {
    _ = state.withLockedValue { $0.entries.removeValue(forKey: code) }
  }
}
