import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The first SIGINT or SIGTERM received, set by the signal handler (an atomic store is safe in
/// a handler).
private let receivedSignal = Atomic<Int32>(0)

/// Catches SIGINT and SIGTERM while a batch runs, so that it can stop cleanly (finish the
/// rows in progress, remove its temporary files) instead of dying mid-write. A second signal
/// ends the process at once.
///
/// ```swift
/// let signals = InterruptSignals()
/// let summary = try runner.run(isCancelled: { signals.received != nil })
/// signals.exitIfReceived()  // dies of the same signal, as the shell expects
/// ```
package struct InterruptSignals: Sendable {
  /// The signals caught.
  package static let caught: [Int32] = [SIGINT, SIGTERM]

  /// Installs the handler, and unblocks the signals in case the parent blocked them.
  package init() {
    _ = receivedSignal.load(ordering: .relaxed)  // initialise the global outside the handler
    var set = sigset_t()
    sigemptyset(&set)
    for number in Self.caught {
      _ = signal(number) { number in
        if !receivedSignal.compareExchange(expected: 0, desired: number, ordering: .relaxed)
          .exchanged
        {
          // A second signal: stop now, the default way.
          _ = signal(number, SIG_DFL)
          raise(number)
        }
      }
      sigaddset(&set, number)
    }
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// The signal received, if any.
  package var received: Int32? {
    let number = receivedSignal.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// Restores the default handling and, if a signal was received, raises it again so the
  /// process ends the way it was asked to (status 128 + signal for the shell).
  package func exitIfReceived() {
    for number in Self.caught { _ = signal(number, SIG_DFL) }
    if let received { raise(received) }
  }
}
