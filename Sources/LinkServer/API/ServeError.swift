/// Why a ``LinkServer`` cannot start.
///
/// Once it runs, the server answers every request itself (a 404 page, a 400, a 500 logged with
/// its cause) and does not stop on bad input.
///
/// ```
/// the apple-app-site-association file would be 140211 bytes, over the 131072-byte (128 KB) limit …
/// ```
public struct ServeError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The `apple-app-site-association` file the table makes would exceed the 128 KB Apple
    /// downloads; the server refuses to start rather than serve a file iOS ignores.
    case associationTooLarge
    /// An association file cannot be made from the table.
    case associationFile
    /// The landing-page templates cannot be loaded, or a page the server precomputes (the 404
    /// page) does not render.
    case pages
    /// A configuration value is out of range (a port above 65535, a zero timeout…).
    case invalidConfiguration
    /// The address cannot be listened on: the port is in use, the host is not an address of
    /// this machine, or binding is not permitted.
    case bind
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem and what to do.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
