import Foundation
import LinkStore
import NIOConcurrencyHelpers

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

  /// The hash of a visitor on `day` (days since 1970, UTC).
  func hash(address: String, userAgent: String?, day: Int = ClickDay(Date()).daysSince1970)
    -> UInt64
  {
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
    hasher.combine(address)
    hasher.combine(userAgent ?? "")
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }
}
