import LinkBatch

/// What `batch` and `sheet` show and do around a run over CSV rows: a progress bar on a
/// terminal, each failed row reported with its line, and SIGINT or SIGTERM turned into a
/// clean stop, after which the command dies of the same signal.
struct RowRun {
  private let input: BatchInput
  private let signals = InterruptSignals()
  private let bar = ProgressBar.onTerminal()

  /// Starts watching for signals and, on a terminal, shows the bar.
  init(input: BatchInput) {
    self.input = input
  }

  /// Reports a row that failed, as `FILE:LINE: message`.
  func failed(line: Int, message: String) {
    bar?.finish()
    Console.error(message: "\(input):\(line): \(message)")
  }

  /// Moves the bar.
  func progressed(_ progress: BatchProgress) {
    bar?.update(progress)
  }

  /// Whether a signal asked the run to stop; the runners poll it from any thread.
  var isCancelled: @Sendable () -> Bool {
    let signals = signals
    return { signals.received != nil }
  }

  /// Ends the bar; after a signal, reports what the interrupted run left and dies of it.
  func finish(interrupted: Bool, leaving outcome: @autoclosure () -> String) {
    bar?.finish()
    if interrupted {
      Console.error(message: "interrupted: \(outcome())")
    }
    signals.exitIfReceived()
  }
}
