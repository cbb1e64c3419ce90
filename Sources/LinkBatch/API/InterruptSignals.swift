import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Catches SIGINT and SIGTERM while a batch runs, so that it can stop cleanly (finish the
/// rows in progress, remove its temporary files) instead of dying mid-write.
///
/// ```swift
/// let signals = InterruptSignals { runner.cancel() }
/// let summary = try runner.run()
/// signals.exitIfReceived()  // dies of the same signal, as the shell expects
/// ```
public final class InterruptSignals {
  /// The signals caught.
  public static let caught: [Int32] = [SIGINT, SIGTERM]

  private let sources: [any DispatchSourceSignal]
  private let state = ReceivedSignal()

  /// Starts catching the signals; `handler` runs once, on a background queue, at the first.
  public init(_ handler: @escaping @Sendable () -> Void) {
    var sources: [any DispatchSourceSignal] = []
    for number in Self.caught {
      _ = signal(number, SIG_IGN)
      sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
    }
    self.sources = sources
    for (source, number) in zip(sources, Self.caught) {
      source.setEventHandler { [state] in
        if state.value.compareExchange(expected: 0, desired: number, ordering: .relaxed).exchanged {
          handler()
        }
      }
      source.resume()
    }
  }

  /// The signal received, if any.
  public var received: Int32? {
    let number = state.value.load(ordering: .relaxed)
    return number == 0 ? nil : number
  }

  /// Restores the default handling and, if a signal was received, raises it again so the
  /// process ends the way it was asked to (status 128 + signal for the shell).
  public func exitIfReceived() {
    for source in sources { source.cancel() }
    for number in Self.caught { _ = signal(number, SIG_DFL) }
    if let received { raise(received) }
  }
}

/// The first signal received, shared with the dispatch sources' handlers.
private final class ReceivedSignal: Sendable {
  let value = Atomic<Int32>(0)
}
