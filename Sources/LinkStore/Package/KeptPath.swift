/// The old paths imported links keep (`/AbCd`), and which ones can be kept.
///
/// A kept path is `/` and 1–16 segments of `A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~` (no
/// empty, `.` or `..` segment), at most 256 bytes, as it appears in a request (never
/// percent-encoded). Its first segment is none of the server's own (compared case-insensitively):
/// the short-link prefix, `api`, `console`, `.well-known`, `healthz`, `metrics`,
/// `apple-app-site-association`.
package enum KeptPath {
  /// The longest kept path.
  package static let maximumLength = 256
  /// The most segments.
  package static let maximumSegments = 16
  /// The first segments the server answers itself (besides the short-link prefix).
  package static let reservedFirstSegments: Set<String> = [
    "api", "console", ".well-known", "healthz", "metrics", "apple-app-site-association",
  ]

  /// Why `path` cannot be kept, or `nil` when it can.
  package static func problem(_ path: String, shortLinkPrefix: String) -> String? {
    let bytes = Array(path.utf8)
    guard bytes.first == UInt8(ascii: "/"), bytes.count >= 2, bytes.count <= maximumLength
    else {
      return "the path '\(printable(path))' must start with '/' and be 2–\(maximumLength) bytes"
    }
    let segments = bytes.dropFirst().split(
      separator: UInt8(ascii: "/"),
      omittingEmptySubsequences: false
    )
    guard segments.count <= maximumSegments else {
      return "the path '\(printable(path))' has more than \(maximumSegments) segments"
    }
    for segment in segments {
      guard !segment.isEmpty, segment.allSatisfy(isPathByte) else {
        return "the path '\(printable(path))' may hold only A–Z, a–z, 0–9, '-', '.', '_', '~' "
          + "between single '/'"
      }
      let text = String(decoding: segment, as: UTF8.self)
      if text == "." || text == ".." {
        return "the path '\(printable(path))' has a '.' or '..' segment"
      }
    }
    let first = String(decoding: segments[0], as: UTF8.self).lowercased()
    if first == shortLinkPrefix || reservedFirstSegments.contains(first) {
      return "the path '\(printable(path))' is one the server answers itself (/\(first)/…)"
    }
    return nil
  }

  /// Whether a request's path could be a kept path at all (checked before any query).
  package static func isPlausible(_ path: String) -> Bool {
    let bytes = path.utf8
    return bytes.count >= 2 && bytes.count <= maximumLength && bytes.first == UInt8(ascii: "/")
      && bytes.allSatisfy { isPathByte($0) || $0 == UInt8(ascii: "/") }
  }

  private static func isPathByte(_ byte: UInt8) -> Bool {
    (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
      || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
  }

  private static func printable(_ text: String) -> String {
    let shown = text.unicodeScalars.prefix(80).map { scalar in
      scalar.value < 0x20 || scalar.value == 0x7F ? "?" : String(scalar)
    }.joined()
    return shown + (text.unicodeScalars.count > 80 ? "…" : "")
  }
}
