/// Request text made safe for a log line: the path with the query's values left out (they are
/// the link's data), every byte outside printable ASCII and the quote and backslash written as
/// `%XX` (no line or terminal escape from a request reaches the log), at most 512 bytes.
enum LogText {
  static let maximumLength = 512

  /// `/search?q&from` for `/search?q=milk&from=ada`.
  static func path(_ target: String) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(min(target.utf8.count, maximumLength) + 4)
    var inQuery = false
    var inValue = false
    for byte in target.utf8 {
      if output.count >= maximumLength {
        output.append(contentsOf: "…".utf8)
        break
      }
      switch byte {
      case UInt8(ascii: "?") where !inQuery:
        inQuery = true
        output.append(byte)
      case UInt8(ascii: "=") where inQuery && !inValue:
        inValue = true
      case UInt8(ascii: "&") where inQuery:
        inValue = false
        output.append(byte)
      default:
        if inValue { continue }
        append(byte, to: &output)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A header value (a request id) made safe the same way, or `nil` when it is empty or too
  /// long to be one.
  static func token(_ value: String?, maximumLength: Int = 64) -> String? {
    guard let value, !value.isEmpty, value.utf8.count <= maximumLength else { return nil }
    var output: [UInt8] = []
    for byte in value.utf8 { append(byte, to: &output) }
    return String(decoding: output, as: UTF8.self)
  }

  private static func append(_ byte: UInt8, to output: inout [UInt8]) {
    if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
      output.append(byte)
    } else {
      let hex = Array("0123456789ABCDEF".utf8)
      output.append(contentsOf: [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]])
    }
  }
}
