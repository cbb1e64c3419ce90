#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-line progress bar redrawn in place on a terminal:
/// `[##########··········]  48%  4812 rows  1 failed`.
///
/// ```swift
/// let bar = ProgressBar.onTerminal(descriptor: 2)  // nil in pipes and CI logs
/// try runner.run(onProgress: { bar?.update($0) })
/// bar?.finish()
/// ```
package final class ProgressBar {
  private let descriptor: Int32
  private var lastDraw: UInt64 = 0
  private var drawn = false

  /// A bar on `descriptor` when it is a terminal (and `TERM` is not `dumb`), else `nil`.
  package static func onTerminal(descriptor: Int32 = 2) -> ProgressBar? {
    guard isatty(descriptor) == 1 else { return nil }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return nil }
    return ProgressBar(descriptor: descriptor)
  }

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Redraws the bar, at most ten times a second.
  package func update(_ progress: BatchProgress) {
    let now = Self.milliseconds()
    guard now - lastDraw >= 100 else { return }
    lastDraw = now
    draw(Self.line(progress))
  }

  /// Clears the bar's line.
  package func finish() {
    if drawn { draw("") }
  }

  /// The text of the bar for `progress` (the percentage when the input size is known).
  package static func line(_ progress: BatchProgress, width: Int = 24) -> String {
    var text = ""
    if let total = progress.totalBytes, total > 0 {
      let fraction = min(1, Double(progress.bytesRead) / Double(total))
      let filled = Int(fraction * Double(width))
      text +=
        "[" + String(repeating: "#", count: filled)
        + String(repeating: "·", count: width - filled) + "] "
      text += String(Int(fraction * 100)).leftPadded(to: 3) + "%  "
    }
    text += "\(progress.rows) rows"
    if progress.failed > 0 { text += "  \(progress.failed) failed" }
    return text
  }

  private func draw(_ text: String) {
    let bytes = Array(("\r\u{1B}[K" + text).utf8)
    _ = bytes.withUnsafeBytes { AtomicFile.writeAll(descriptor, $0) }
    drawn = true
  }

  private static func milliseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1000 + UInt64(time.tv_nsec) / 1_000_000
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
