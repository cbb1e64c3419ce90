/// Why a batch could not run at all (a failing row is not an error: it is reported and the
/// others go on).
///
/// The codes map to the command's exit status: ``Code/usage`` 64, ``Code/data`` 65,
/// ``Code/noInput`` 66, ``Code/cannotCreate`` 73.
public struct BatchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The options do not fit the route or the CSV: an unknown route or column, a bad
    /// file-name pattern, a link the route table does not configure.
    case usage
    /// The CSV has no usable header.
    case data
    /// The input cannot be read.
    case noInput
    /// The output directory or the manifest cannot be created or written.
    case cannotCreate
  }

  /// The kind of failure.
  public let code: Code
  /// What went wrong, for people.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
