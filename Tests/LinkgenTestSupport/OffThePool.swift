import Foundation

/// Runs blocking work (waiting for a child process for minutes) on a thread of its own, so that it
/// does not hold one of Swift's cooperative threads — two on a 2-core machine — while other
/// tests' async work (the store's database operations, with their deadlines) waits for a thread.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread {
      continuation.resume(with: Result { try body() })
    }.start()
  }
}
