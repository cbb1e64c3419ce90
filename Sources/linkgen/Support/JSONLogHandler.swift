import Foundation
import LinkKit
import Logging

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
#if canImport(CoreFoundation)
  // swift-openapi-runtime (through LinkStoreServer's API) loads CoreFoundation, whose headers
  // then own `timespec` and `tm`: their members need the module imported.
  import CoreFoundation
#endif

/// A swift-log handler that writes one JSON object per line to standard error, for log
/// shippers: `{"time":"2026-11-22T23:01:31.123Z","level":"info","label":"linkgen.serve",
/// "message":"request","method":"GET",…}`. Metadata keys become members (after `time`,
/// `level`, `label` and `message`, which they cannot replace).
struct JSONLogHandler: LogHandler {
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
    var line = "{\"time\":\"\(Self.timestamp())\",\"level\":\"\(event.level.rawValue)\""
    line += ",\"label\":" + Self.quoted(label) + ",\"message\":" + Self.quoted("\(event.message)")
    for (key, value) in LogLine.metadata(metadata, event).sorted(by: { $0.key < $1.key })
    where !["time", "level", "label", "message"].contains(key) {
      line += "," + Self.quoted(key) + ":" + Self.quoted("\(value)")
    }
    line += "}\n"
    LogLine.send(line)
  }

  /// The current time in UTC with milliseconds: `2026-11-22T23:01:31.123Z`.
  static func timestamp() -> String {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    var seconds = now.tv_sec
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let millis = Int(now.tv_nsec / 1_000_000)
    let fraction = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
  }

  /// A JSON string literal (controls escaped, so no line or terminal escape reaches the log).
  static func quoted(_ text: String) -> String { JSONValue.quoted(text) }
}
