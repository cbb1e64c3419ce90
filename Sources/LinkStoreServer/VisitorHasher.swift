import Foundation
import LinkStore
import NIOConcurrencyHelpers
import NIOCore

/// Tells visitors apart for one UTC day without keeping anything that identifies them: a
/// 64-bit keyed hash (SipHash, Swift's `Hasher`, whose key is random per process) of a salt,
/// the client's address and its user agent. The salt is 128 random bits made for each day and
/// kept only in this process's memory, so a hash cannot be computed again once the day is over,
/// nor matched with another day's. The hashes only update the visitor sketches
/// (``ClickEvent/visitorHash``); they are not stored.
///
/// Each server copy has its own salt: a person whose requests reach two copies on one day is
/// estimated as two visitors (docs/store.md).
final class VisitorHasher: Sendable {
  private struct Salt {
    var day: Int
    var words: (UInt64, UInt64)
  }

  private let salt = NIOLockedValueBox(Salt(day: .min, words: (0, 0)))

  /// The hash of a visitor on `day` (days since 1970, UTC): the client's address (the proxy's
  /// `X-Forwarded-For` entry when it is trusted, else the connection's IP address, without
  /// its port) and its user agent.
  func hash(
    forwardedFor: Substring?,
    remoteAddress: SocketAddress?,
    userAgent: String?,
    day: Int = ClickDay(Date()).daysSince1970
  ) -> UInt64 {
    let words = salt.withLockedValue { salt in
      if salt.day != day {
        var generator = SystemRandomNumberGenerator()
        salt = Salt(day: day, words: (generator.next(), generator.next()))
      }
      return salt.words
    }
    var hasher = Hasher()
    hasher.combine(words.0)
    hasher.combine(words.1)
    if let forwardedFor {
      hasher.combine(forwardedFor)
    } else {
      // The IP address's bytes, without the port: in `sockaddr_in` they are bytes 4..<8, in
      // `sockaddr_in6` bytes 8..<24, on Linux and on Darwin.
      switch remoteAddress {
      case .v4(let address)?:
        withUnsafeBytes(of: address.address) {
          hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[4..<8]))
        }
      case .v6(let address)?:
        withUnsafeBytes(of: address.address) {
          hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0[8..<24]))
        }
      default: hasher.combine(0 as UInt8)
      }
    }
    hasher.combine(userAgent ?? "")
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }
}
