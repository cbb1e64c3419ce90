/// What a sheet did.
public struct SheetSummary: Sendable, Hashable, CustomStringConvertible {
  /// The data rows read (blank lines aside).
  public var rows = 0
  /// Cards printed.
  public var cards = 0
  /// Rows that failed; each was reported.
  public var failed = 0
  /// Pages, over all files.
  public var pages = 0
  /// The PDF files written, in order.
  public var files: [String] = []
  /// Whether the run stopped early (``SheetRunner/cancel()``, a signal): only whole files were
  /// kept; the file in progress was removed.
  public var interrupted = false

  /// An empty summary.
  public init() {}

  /// `1000 rows: 998 cards on 100 pages, 2 failed; invites.pdf`.
  public var description: String {
    var text =
      "\(rows) row\(rows == 1 ? "" : "s"): \(cards) card\(cards == 1 ? "" : "s") on \(pages) "
      + "page\(pages == 1 ? "" : "s"), \(failed) failed"
    switch files.count {
    case 0: text += "; no file written"
    case 1: text += "; \(files[0])"
    default: text += "; \(files.count) files, \(files[0]) … \(files[files.count - 1])"
    }
    return text
  }
}

/// A row that did not become a card; the sheet goes on without it.
public struct SheetFailure: Sendable, Hashable, CustomStringConvertible {
  /// The CSV line the row starts on.
  public let line: Int
  /// Why, for people.
  public let message: String

  /// `line <n>: <message>`.
  public var description: String { "line \(line): \(message)" }
}

/// Something worth knowing about a sheet that does not stop it.
public struct SheetWarning: Sendable, Hashable, CustomStringConvertible {
  /// The kind of warning.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A CSV column's name cannot be a template field (`fields.<name>`), so cards cannot show
    /// it.
    case unusableColumn
    /// The CSV has no `name` column, which the built-in card template prints.
    case noNameColumn
  }

  /// The kind of warning.
  public let code: Code
  /// What to know, for people.
  public let message: String

  /// The message.
  public var description: String { message }
}
