import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(CoreFoundation)
  // As in JSONLogHandler: CoreFoundation's headers own `tm` once it is loaded.
  import CoreFoundation
#endif

/// A swift-log handler that writes swift-log's `StreamLogHandler` text format to standard error:
/// `2026-11-27T16:32:57+0000 info linkgen.serve: method=GET path=/… status=200 [LinkServer]
/// request`, metadata sorted by key.
///
/// The server logs every request at `info`, so a line must cost little. `StreamLogHandler`
/// asks the C library for the local time with `localtime`, which reads `/etc/localtime`'s
/// status again on every call, and holds standard error's lock across the `write`, so the
/// event loops queue behind each other's log lines; measured, the access log halved the
/// server's rate for a cached page. Here the time zone is read once (`localtime_r`), the line
/// is made in memory and written with one `write`, without a lock: a line is one call, so
/// lines from different threads do not interleave.
struct TextLogHandler: LogHandler {
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]

  init(label: String) {
    self.label = label
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var line = Self.timestamp() + " \(event.level)" + (label.isEmpty ? ":" : " \(label):")
    for (key, value) in LogLine.metadata(metadata, event).sorted(by: { $0.key < $1.key }) {
      line += " \(key)=\(value)"
    }
    line += " [\(event.source)] \(event.message)\n"
    LogLine.send(line)
  }

  /// The local time to the second with its offset, as `strftime`'s `%Y-%m-%dT%H:%M:%S%z`:
  /// `2026-11-27T16:32:57+0000`.
  static func timestamp() -> String {
    var seconds = time(nil)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return "\(seconds)" }
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let offset = Int(parts.tm_gmtoff) / 60
    let zone = (offset < 0 ? "-" : "+") + two(abs(offset) / 60) + two(abs(offset) % 60)
    return "\(parts.tm_year + 1900)-\(two(Int(parts.tm_mon) + 1))-\(two(Int(parts.tm_mday)))T"
      + "\(two(Int(parts.tm_hour))):\(two(Int(parts.tm_min))):\(two(Int(parts.tm_sec)))\(zone)"
  }
}

/// What the text and JSON log handlers share: a line's metadata and its one write.
enum LogLine {
  /// The handler's metadata, then the event's, then its error as `StreamLogHandler` writes
  /// one (`error.message`, `error.type`).
  static func metadata(_ base: Logger.Metadata, _ event: LogEvent) -> Logger.Metadata {
    // The access log's case, a line's own metadata alone: no merge into a copy.
    if base.isEmpty && event.error == nil { return event.metadata ?? [:] }
    var merged = base
    if let extra = event.metadata { merged.merge(extra) { $1 } }
    if let error = event.error {
      merged["error.message"] = "\(error)"
      merged["error.type"] = "\(String(reflecting: type(of: error)))"
    }
    return merged
  }

  /// Writes the line to standard error in one `write` (more only if the kernel takes part).
  static func send(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(2, base + offset, buffer.count - offset)
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { break }
        offset += written
      }
    }
  }
}
