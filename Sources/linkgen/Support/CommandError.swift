/// A failure the commands themselves detect (the libraries report theirs with their own
/// error types); ``ExitStatus`` maps its code to the exit status.
struct CommandError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  enum Code: String, Sendable, Hashable, CaseIterable {
    /// The arguments do not fit: a route parameter given twice or without its value.
    case usage
    /// An input file or standard input cannot be read.
    case unreadableInput
    /// The input is not what the command reads: not UTF-8, too large, more than one link.
    case invalidInput
    /// A check found problems (`validate --association`, `check-aasa`, `check-assetlinks`).
    case checkFailed
    /// Rows of a batch failed (each was reported).
    case rowsFailed
  }

  /// The kind of failure.
  let code: Code
  /// A sentence naming the problem.
  let message: String

  init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  var description: String { message }
}
