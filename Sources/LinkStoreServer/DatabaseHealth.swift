import LinkStore
import Logging
import NIOConcurrencyHelpers

/// Whether the database answered the last operation, with one log line when it stops answering
/// and one when it answers again (not one per failed request).
final class DatabaseHealth: Sendable {
  private let logger: Logger
  private let database: String
  /// The problem while the database cannot be reached, with the number of requests answered
  /// 503 since.
  private let state = NIOLockedValueBox<(problem: String?, failures: Int)>((nil, 0))

  init(logger: Logger, database: String) {
    self.logger = logger
    self.database = database
  }

  /// An operation succeeded.
  func succeeded() {
    let recovered = state.withLockedValue { state -> Int? in
      guard state.problem != nil else { return nil }
      defer { state = (nil, 0) }
      return state.failures
    }
    if let failures = recovered {
      logger.notice(
        "the database answers again; serving short links and the API",
        metadata: ["database": "\(database)", "requests_answered_503": "\(failures)"]
      )
    }
  }

  /// An operation failed; only unavailability changes the state.
  func failed(_ error: StoreError) {
    guard error.code == .unavailable || error.code == .storageFailure else { return }
    let first = state.withLockedValue { state -> Bool in
      state.failures += 1
      guard state.problem == nil else { return false }
      state.problem = "the database cannot be reached: \(error.message)"
      return true
    }
    if first {
      logger.error(
        "the database cannot be reached: short links and the API answer 503 until it returns",
        metadata: [
          "database": "\(database)", "error": "\(error.message)", "code": "\(error.code.rawValue)",
        ]
      )
    }
  }
}
