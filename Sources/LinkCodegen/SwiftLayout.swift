/// A piece of Swift code that may be laid out on one line or broken over several, the way
/// `swift format` lays it out with the repository's settings (100 columns, two-space indent,
/// one argument per line once a list does not fit), so that the generated file is already
/// formatted.
indirect enum SwiftLayout {
  /// Text that never breaks.
  case text(String)
  /// `head` (ending in `(`), then the arguments separated by `, `, then `tail` (starting with
  /// `)`); broken as one argument per line.
  case list(head: String, [SwiftLayout], tail: String)
  /// As ``list(head:_:tail:)``, but broken by filling each line with as many elements as fit
  /// (how `swift format` breaks a tuple of literals).
  case fill(head: String, [String], tail: String)

  static let width = 100

  /// The code on one line.
  var flat: String {
    switch self {
    case .text(let text): text
    case .list(let head, let items, let tail):
      head + items.map(\.flat).joined(separator: ", ") + tail
    case .fill(let head, let items, let tail): head + items.joined(separator: ", ") + tail
    }
  }

  /// The lines of the code at `indent` spaces, followed by `trailing` (a `,` or nothing).
  func lines(indent: Int, trailing: String = "") -> [String] {
    let pad = String(repeating: " ", count: indent)
    let flat = self.flat
    if indent + flat.count + trailing.count <= Self.width { return [pad + flat + trailing] }
    switch self {
    case .text(let text):
      return [pad + text + trailing]
    case .list(let head, let items, let tail):
      var lines = [pad + head]
      for (index, item) in items.enumerated() {
        lines += item.lines(indent: indent + 2, trailing: index == items.count - 1 ? "" : ",")
      }
      return lines + [pad + tail + trailing]
    case .fill(let head, let items, let tail):
      var lines = [pad + head]
      let inner = String(repeating: " ", count: indent + 2)
      var line = ""
      for (index, item) in items.enumerated() {
        let piece = item + (index == items.count - 1 ? "" : ",")
        if line.isEmpty {
          line = piece
        } else if inner.count + line.count + 1 + piece.count <= Self.width {
          line += " " + piece
        } else {
          lines.append(inner + line)
          line = piece
        }
      }
      if !line.isEmpty { lines.append(inner + line) }
      return lines + [pad + tail + trailing]
    }
  }
}
