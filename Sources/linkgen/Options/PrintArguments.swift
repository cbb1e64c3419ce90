import ArgumentParser
import LinkPrint

/// Parsers for `linkgen sheet`'s sizes, with LinkPrint's messages.
enum PrintArgument {
  /// `--paper a4|a5|a3|letter|legal|WxH<unit>`.
  @Sendable static func paper(_ text: String) throws -> PrintSize {
    try PrintSize(parsing: text)
  }

  /// `--card 85x55mm`: a size, not a paper name.
  @Sendable static func card(_ text: String) throws -> PrintSize {
    guard PrintSize.named.allSatisfy({ $0.name != text.lowercased() }) else {
      throw ValidationError("--card takes a card size such as 85x55mm, not a paper name")
    }
    return try PrintSize(parsing: text)
  }

  /// `--grid 3x4`: columns × rows.
  @Sendable static func grid(_ text: String) throws -> SheetLayout.Cards {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]) else {
      throw ValidationError("'\(text)' is not a grid; give COLUMNSxROWS, such as 3x4")
    }
    return .grid(columns: columns, rows: rows)
  }

  /// `--margin 10mm`, `--gutter 2mm`.
  @Sendable static func length(_ text: String) throws -> PrintLength {
    try PrintLength(parsing: text)
  }
}
