import Foundation
import LinkKit

/// Reads standard input, never more than a command accepts: a longer input is refused without
/// reading the rest.
enum StandardInput {
  /// One link, at most the parser's limit. Several lines are refused: `parse` reads one link.
  static func readLink() throws(CommandError) -> String {
    let text = try readText(
      limit: RouteTable.maximumURLLength,
      tooLong: "the link on standard input is longer than \(RouteTable.maximumURLLength) bytes, "
        + "the most the parser reads"
    )
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 1 else {
      throw CommandError(
        .invalidInput,
        "standard input has \(lines.count) lines; parse reads one link (give one link per "
          + "call, e.g. with xargs -n 1)"
      )
    }
    return text
  }

  /// UTF-8 text of at most `limit` bytes (a final newline is dropped); `tooLong` is the message
  /// for longer input.
  static func readText(limit: Int, tooLong: String) throws(CommandError) -> String {
    let limit = limit + 2  // room for "\r\n"
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count <= limit {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw CommandError(
          .unreadableInput,
          "cannot read standard input (\(String(cString: strerror(errno))))"
        )
      }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    guard bytes.count <= limit else { throw CommandError(.invalidInput, tooLong) }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    guard let text = UTF8Text.decode(bytes) else {
      throw CommandError(.invalidInput, "standard input is not UTF-8 text")
    }
    return text
  }
}
