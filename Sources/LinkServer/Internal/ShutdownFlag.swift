import NIOConcurrencyHelpers

/// Set when the server's graceful shutdown begins.
final class ShutdownFlag: Sendable {
  private let value = NIOLockedValueBox(false)

  var isSet: Bool { value.withLockedValue { $0 } }

  func set() { value.withLockedValue { $0 = true } }
}
