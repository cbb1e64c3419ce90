import Foundation
import LinkStore
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Tells visitors apart for one UTC day without keeping anything that identifies them: a
/// 64-bit keyed hash (SipHash-2-4) of the client's address and its user agent, keyed with the
/// day's salt: 128 random bits made for each UTC day and shared by every copy of the server
/// through the database (`linkgen_visitor_salts`, ``LinkStore/visitorSalts(day:)``), so that a
/// person whose requests reach two copies on one day is one visitor. A salt is deleted once its
/// day is over, so a hash cannot be computed again afterwards, nor matched with another day's.
/// The hashes only update the visitor sketches (``ClickEvent/visitorHash``); they are not
/// stored.
///
/// The salts are read in the background (today's and tomorrow's, so the day changes without a
/// wait): until the first read answers, or while the database is unreachable, a visit is left
/// out of the estimate (its hash is `nil`) rather than hashed with a salt of this process's own.
final class VisitorHasher: Sendable {
  private struct State {
    var salts: [Int: (UInt64, UInt64)] = [:]
    var fetching = false
    /// When a failed read may be tried again (seconds since 1970).
    var retryAfter: Double = 0
  }

  private let store: LinkStore
  private let logger: Logger
  private let state = NIOLockedValueBox(State())

  init(store: LinkStore, logger: Logger = Logger(label: "linkgen.visitors")) {
    self.store = store
    self.logger = logger
    refresh(day: ClickDay(Date()).daysSince1970)
  }

  /// The hash of a visitor on `day` (days since 1970, UTC): the client's address (the proxy's
  /// `X-Forwarded-For` entry when it is trusted, else the connection's IP address, without
  /// its port) and its user agent; `nil` while the day's shared salt is not known yet.
  func hash(
    forwardedFor: Substring?,
    remoteAddress: SocketAddress?,
    userAgent: String?,
    day: Int = ClickDay(Date()).daysSince1970
  ) -> UInt64? {
    let salt = state.withLockedValue { $0.salts[day] }
    if salt == nil || state.withLockedValue({ $0.salts[day + 1] == nil }) { refresh(day: day) }
    guard let salt else { return nil }
    var hasher = SipHash(key: salt)
    if let forwardedFor {
      hasher.combine(Array(forwardedFor.utf8))
    } else {
      // The IP address's bytes, without the port: in `sockaddr_in` they are bytes 4..<8, in
      // `sockaddr_in6` bytes 8..<24, on Linux and on Darwin.
      switch remoteAddress {
      case .v4(let address)?:
        withUnsafeBytes(of: address.address) { hasher.combine(Array($0[4..<8])) }
      case .v6(let address)?:
        withUnsafeBytes(of: address.address) { hasher.combine(Array($0[8..<24])) }
      default: hasher.combine([0])
      }
    }
    hasher.combine([0xFF])
    hasher.combine(Array((userAgent ?? "").utf8))
    return hasher.finalize()
  }

  /// Reads the salts of `day` and the next in the background, unless a read is under way or
  /// failed less than ten seconds ago.
  private func refresh(day: Int) {
    let now = Date().timeIntervalSince1970
    let start = state.withLockedValue { state in
      guard !state.fetching, now >= state.retryAfter else { return false }
      state.fetching = true
      return true
    }
    guard start else { return }
    Task { [store, state, logger] in
      do throws(StoreError) {
        let salts = try await store.visitorSalts(day: day)
        state.withLockedValue { state in
          state.salts = state.salts.filter { $0.key >= day }
          for (day, bytes) in salts { state.salts[day] = SipHash.key(bytes) }
          state.fetching = false
        }
      } catch {
        state.withLockedValue { state in
          state.fetching = false
          state.retryAfter = now + 10
        }
        logger.warning(
          "could not read the shared visitor salt; visits are left out of the estimate",
          metadata: ["error": "\(error.message)"]
        )
      }
    }
  }
}

/// SipHash-2-4 (Aumasson and Bernstein), with a key of two 64-bit words: the same bytes and key
/// give the same hash in every process (unlike Swift's `Hasher`, seeded per process).
struct SipHash {
  private var v0: UInt64 = 0x736f_6d65_7073_6575
  private var v1: UInt64 = 0x646f_7261_6e64_6f6d
  private var v2: UInt64 = 0x6c79_6765_6e65_7261
  private var v3: UInt64 = 0x7465_6462_7974_6573
  private var tail: [UInt8] = []
  private var length = 0

  /// A key from 16 bytes (little-endian words).
  static func key(_ bytes: [UInt8]) -> (UInt64, UInt64) {
    func word(_ offset: Int) -> UInt64 {
      (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
    return (word(0), word(8))
  }

  init(key: (UInt64, UInt64)) {
    v0 ^= key.0
    v1 ^= key.1
    v2 ^= key.0
    v3 ^= key.1
  }

  mutating func combine(_ bytes: [UInt8]) {
    length += bytes.count
    tail += bytes
    var offset = 0
    while tail.count - offset >= 8 {
      compress((0..<8).reduce(0) { $0 | UInt64(tail[offset + $1]) << (8 * UInt64($1)) })
      offset += 8
    }
    tail.removeFirst(offset)
  }

  mutating func finalize() -> UInt64 {
    var last = UInt64(truncatingIfNeeded: length) << 56
    for (index, byte) in tail.enumerated() { last |= UInt64(byte) << (8 * UInt64(index)) }
    compress(last)
    v2 ^= 0xFF
    for _ in 0..<4 { round() }
    return v0 ^ v1 ^ v2 ^ v3
  }

  private mutating func compress(_ word: UInt64) {
    v3 ^= word
    round()
    round()
    v0 ^= word
  }

  private mutating func round() {
    v0 &+= v1
    v1 = v1.rotateLeft(13) ^ v0
    v0 = v0.rotateLeft(32)
    v2 &+= v3
    v3 = v3.rotateLeft(16) ^ v2
    v0 &+= v3
    v3 = v3.rotateLeft(21) ^ v0
    v2 &+= v1
    v1 = v1.rotateLeft(17) ^ v2
    v2 = v2.rotateLeft(32)
  }
}

extension UInt64 {
  fileprivate func rotateLeft(_ count: UInt64) -> UInt64 {
    (self << count) | (self >> (64 - count))
  }
}
