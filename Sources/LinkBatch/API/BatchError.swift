/// Why a batch could not run at all (a failing row is not an error: it is reported and the
/// others go on).
///
/// ```swift
/// do {
///   let summary = try BatchRunner(table: table, options: options).run()
/// } catch {
///   switch error.code {  // error is a BatchError: the runner throws only that
///   case .unreadableInput: print("cannot read the CSV: \(error)")
///   default: print(error)
///   }
/// }
/// ```
public struct BatchError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The route table has no route of the name in ``BatchOptions/route``.
    case unknownRoute
    /// The route table does not configure the link in ``BatchOptions/link`` (a store link
    /// without the app's store identity).
    case linkNotConfigured
    /// An option is out of range: no image format, fewer than one worker, a QR version or
    /// rendering option outside its limits.
    case invalidOption
    /// The file-name pattern is malformed or names a column the CSV does not have.
    case invalidNamePattern
    /// The CSV's header is missing, malformed, or names a column twice.
    case invalidHeader
    /// The CSV lacks a column that the route needs (a required parameter).
    case missingColumn
    /// The CSV has more data rows than ``BatchOptions/maximumRows``.
    case tooManyRows
    /// The input cannot be read (no such file, a directory, no permission, an I/O error).
    case unreadableInput
    /// The output directory or the manifest cannot be created (no permission, a file in the
    /// way).
    case cannotCreateOutput
    /// Writing the output failed part-way (the disk is full, an I/O error).
    case outputIOFailed
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

  /// The error for a file that could not be written: ``Code/outputIOFailed`` when the
  /// storage failed (disk full, quota, I/O error), ``Code/cannotCreateOutput`` otherwise.
  init(_ error: AtomicFileError) {
    switch error.code {
    case .ioFailure: self.init(.outputIOFailed, error.description)
    case .cannotCreate: self.init(.cannotCreateOutput, error.description)
    }
  }
}
