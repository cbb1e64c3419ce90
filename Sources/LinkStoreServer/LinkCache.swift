import Foundation
import LinkKit
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
///
/// The cache is bounded by memory, not by a count of links: each entry is charged an estimate
/// of its bytes (its strings, the answer it keeps and a fixed overhead), so a table of long
/// links holds fewer of them in the same memory.
final class LinkCache: Sendable {
  private struct Entry {
    let link: ShortLink
    let until: NIODeadline
    var resolved: CannedResponse?
    /// What the entry is charged, without its resolve answer.
    let bytes: Int

    /// What the resolve answer is charged once made: its JSON holds the same strings again,
    /// with its names and headers.
    var resolvedBytes: Int { resolved == nil ? 0 : bytes * 2 }

    /// Whether the link still opens at `now` (it has no expiry, or a later one).
    func opens(at now: Date) -> Bool { link.expiresAt.map { $0 > now } ?? true }
  }

  private struct State {
    var entries: [String: Entry] = [:]
    /// The codes in the order they were kept, each with the end of the entry kept then. Every
    /// entry lives ``ttl``, so the first is the first to expire: entries past their time are
    /// dropped from the front, a few at each ``keep(_:)``, never by a pass over all of them. A
    /// code kept again, or removed, leaves its older record behind; the record is skipped when
    /// its end is not its entry's.
    var order = CircularBuffer<(code: String, until: NIODeadline)>()
    /// The estimated bytes of the entries.
    var bytes = 0

    /// Drops the entries past their time at `moment`.
    mutating func dropExpired(at moment: NIODeadline) {
      while let first = order.first, first.until <= moment { dropFirst() }
    }

    /// Drops the oldest entries until `incoming` more bytes fit in `maximum`.
    mutating func makeRoom(for incoming: Int, within maximum: Int) {
      while bytes + incoming > maximum, !order.isEmpty { dropFirst() }
    }

    /// Drops the first record's entry, if the entry is still the one that record was kept for.
    private mutating func dropFirst() {
      let (code, until) = order.removeFirst()
      // Compared in place: the entry is not copied to read its end.
      guard let index = entries.index(forKey: code), entries.values[index].until == until else {
        return
      }
      let entry = entries.remove(at: index).value
      bytes -= entry.bytes + entry.resolvedBytes
    }
  }

  let ttl: Duration
  /// The most estimated bytes the entries may hold (16 MiB by default: tens of thousands of
  /// typical links).
  let maximumBytes: Int
  private let state = NIOLockedValueBox(State())

  init(ttl: Duration, maximumBytes: Int = 16 << 20) {
    self.ttl = ttl
    self.maximumBytes = maximumBytes
  }

  /// The estimated bytes the cache holds now.
  var bytes: Int { state.withLockedValue(\.bytes) }

  /// The estimate of a link's bytes in the cache: its strings plus a fixed overhead for the
  /// entry, the dictionary slot and the objects behind the strings. The values' texts are
  /// counted from the universal link, which carries each of them (percent-encoded, so no
  /// shorter): no array is made and no value printed for an estimate made at every keep.
  static func estimatedBytes(of link: ShortLink) -> Int {
    func size(_ text: String?) -> Int { (text?.utf8.count ?? 0) + 16 }
    let links = link.links
    let card = link.card
    var bytes = 512 + 2 * link.code.utf8.count + link.shortURL.utf8.count
    bytes += size(links.scheme) + 2 * size(links.universal) + size(links.web)
    bytes += size(links.appStore) + size(links.appStoreApp) + size(links.playStore)
    bytes += size(links.androidIntent) + size(link.keptPath)
    bytes += size(card?.title) + size(card?.description) + size(card?.imageURL)
    return bytes
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
      state.bytes += entry.resolvedBytes
      return (entry.link, response)
    }
  }

  /// The entry for `code` while it is within its time: the one liveness check of the cache.
  private static func live(_ code: String, in state: State) -> Entry? {
    guard let entry = state.entries[code], entry.until > NIODeadline.now() else { return nil }
    return entry
  }

  /// Keeps an active link without a visit limit. Entries past their time are dropped first (so
  /// the cache holds about the links used in the last interval, not every link ever visited),
  /// then the oldest ones while the new entry would not fit in ``maximumBytes``.
  func keep(_ state: ShortLinkState) {
    guard ttl > .zero, case .active(let link) = state, link.maxVisits == nil else { return }
    let moment = NIODeadline.now()
    let entry = Entry(
      link: link,
      until: moment + TimeAmount(ttl),
      bytes: Self.estimatedBytes(of: link)
    )
    guard entry.bytes <= maximumBytes else { return }
    self.state.withLockedValue { state in
      state.dropExpired(at: moment)
      state.makeRoom(for: entry.bytes, within: maximumBytes)
      if let old = state.entries.updateValue(entry, forKey: link.code) {
        state.bytes -= old.bytes + old.resolvedBytes
      }
      state.order.append((link.code, entry.until))
      state.bytes += entry.bytes
    }
  }

  /// How many records of kept codes the cache holds (the entries and the records they left
  /// behind), for tests: bounded by the links kept within one ``ttl``.
  var records: Int { state.withLockedValue(\.order.count) }

  /// How many links the cache holds.
  var count: Int { state.withLockedValue(\.entries.count) }

  func remove(_ code: String) {
    state.withLockedValue { state in
      if let old = state.entries.removeValue(forKey: code) {
        state.bytes -= old.bytes + old.resolvedBytes
      }
    }
  }
}
