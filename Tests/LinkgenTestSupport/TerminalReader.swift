/// Reads a QR code drawn with half blocks back into cells.
public enum TerminalReader {
  /// The rows of inked (`true`) and blank (`false`) cells of half-block text, two per line;
  /// ANSI escapes are skipped. Returns `nil` for a character that is not a half block.
  public static func inkedRows(_ text: Substring) -> [[Bool]]? {
    var rows: [[Bool]] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      var top: [Bool] = []
      var bottom: [Bool] = []
      var scalars = line.unicodeScalars.makeIterator()
      while let scalar = scalars.next() {
        if scalar == "\u{1B}" {
          while let next = scalars.next(), next != "m" {}
          continue
        }
        switch scalar {
        case " ": (top, bottom) = (top + [false], bottom + [false])
        case "\u{2580}": (top, bottom) = (top + [true], bottom + [false])
        case "\u{2584}": (top, bottom) = (top + [false], bottom + [true])
        case "\u{2588}": (top, bottom) = (top + [true], bottom + [true])
        default: return nil
        }
      }
      rows += [top, bottom]
    }
    return rows
  }

  /// ``inkedRows(_:)`` of a whole string.
  public static func inkedRows(_ text: String) -> [[Bool]]? {
    inkedRows(Substring(text))
  }
}
