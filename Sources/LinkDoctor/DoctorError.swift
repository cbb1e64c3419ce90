/// Why `linkgen doctor` could not run its checks (a failed check is not an error: it is in the
/// report).
package struct DoctorError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  package enum Code: String, Sendable, Hashable, CaseIterable {
    /// The domain is not a host name (a URL, a port, a path).
    case invalidDomain
    /// A `--connect-to` entry is not `HOST1:PORT1:HOST2:PORT2`.
    case invalidConnectTo
    /// `--apple-cdn-url` is not an http(s) URL.
    case invalidCDNURL
    /// The `--ca-file` cannot be read.
    case unreadableCAFile
    /// Nothing answers over HTTPS at the domain (name, connection or time-out).
    case unreachable
  }

  /// The kind of failure.
  package let code: Code
  /// A sentence naming the problem.
  package let message: String

  package init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  package var description: String { message }
}
