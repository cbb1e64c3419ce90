import Foundation
import LinkStore
import NIOConcurrencyHelpers
import NIOCore

/// Short links read recently, kept for a second or so, so that a popular link costs one database
/// read per interval rather than one per visit. Only links that open and have no visit limit are
/// kept (a limited link's every human visit is counted in the database); a link's expiry is
/// checked on every use. A link deleted on another copy may still open here until its entry
/// ages out (``ttl``); deleted on this copy, it is dropped at once.
final class LinkCache: Sendable {
  let ttl: Duration
  let capacity: Int
  private let entries = NIOLockedValueBox<[String: (link: ShortLink, until: NIODeadline)]>([:])

  init(ttl: Duration, capacity: Int = 10_000) {
    self.ttl = ttl
    self.capacity = capacity
  }

  /// The link's state from the cache, if it holds the code.
  func state(of code: String, now: Date = Date()) -> ShortLinkState? {
    guard ttl > .zero else { return nil }
    let moment = NIODeadline.now()
    guard let entry = entries.withLockedValue({ $0[code] }), entry.until > moment else {
      return nil
    }
    if let expires = entry.link.expiresAt, expires <= now { return .expired(entry.link) }
    return .active(entry.link)
  }

  /// Keeps an active link without a visit limit.
  func keep(_ state: ShortLinkState) {
    guard ttl > .zero, case .active(let link) = state, link.maxVisits == nil else { return }
    let until = NIODeadline.now() + TimeAmount(ttl)
    entries.withLockedValue { entries in
      if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
      entries[link.code] = (link, until)
    }
  }

  func remove(_ code: String) {
    _ = entries.withLockedValue { $0.removeValue(forKey: code) }
  }
}
