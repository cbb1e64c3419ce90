/// Something wrong with a JSON text, found by ``JSONReader``, with where it is.
package struct JSONIssue: Sendable, Hashable {
  /// The kind of issue.
  package enum Kind: Sendable, Hashable, CaseIterable {
    /// The text is not JSON here; the reading stopped.
    case syntax
    /// A `//` or `/* */` comment (skipped).
    case comment
    /// A comma before `]` or `}` (skipped).
    case trailingComma
    /// A raw control character inside a string.
    case controlCharacter
    /// A string that is not valid UTF-8.
    case invalidUTF8
    /// A `\u` escape that is half of a surrogate pair.
    case unpairedSurrogate
    /// An object has a key twice.
    case duplicateKey
    /// The text starts with a UTF-8 byte-order mark (skipped).
    case byteOrderMark
    /// The values nest deeper than ``JSONReader/maximumDepth``; the reading stopped.
    case tooDeep
  }

  /// The kind of issue.
  package let kind: Kind
  /// Where in the JSON, for a duplicate key; empty otherwise.
  package let path: String
  /// The 1-based line.
  package let line: Int
  /// The 1-based column, in characters.
  package let column: Int
  /// A sentence naming the issue, without its position, as a table file's error says it
  /// ("the file is not valid JSON: it ends in the middle of a value").
  package let message: String
  /// What is wrong, without the subject ``message`` names ("it ends in the middle of a
  /// value"): for a caller that reads something other than a file (a request body, a
  /// download) and says what it read itself.
  package let detail: String
}
