import NIOConcurrencyHelpers

/// Request ids for the requests answered outside hummingbird: a random prefix for the
/// process and a counter.
enum RequestIDs {
  private static let prefix = String(UInt64.random(in: .min ... .max), radix: 16)
  private static let counter = NIOLockedValueBox<UInt64>(0)

  static func next() -> String {
    prefix + "-"
      + String(
        counter.withLockedValue {
          $0 += 1; return $0
        },
        radix: 16
      )
  }
}
