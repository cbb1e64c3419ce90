public import LinkKit

/// Why a store operation failed.
///
/// Programs switch on ``code``; the ``message`` names what was wrong for people. The codes are
/// chosen so that a server and a command line can answer each one the same way every time:
///
/// | code | HTTP | exit status |
/// | --- | --- | --- |
/// | ``Code/invalidDatabaseURL``, ``Code/misconfigured``, ``Code/schemaTooNew`` | 500 | 78 |
/// | ``Code/unavailable`` | 503 | 69 |
/// | ``Code/invalidLink``, ``Code/invalidRequest`` | 400 | 65 |
/// | ``Code/slugTaken`` | 409 | 65 |
/// | ``Code/notFound``, ``Code/linkNoLongerValid`` | 404 | 65 |
/// | ``Code/storageFailure`` | 503 | 74 |
/// | ``Code/internalError`` | 500 | 70 |
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The database URL (`--database`, `LINKGEN_DATABASE_URL`) cannot be read.
    case invalidDatabaseURL
    /// The database cannot be reached now: the server is down or refuses connections, a
    /// connection broke, an operation timed out, SQLite stayed locked. Retrying later can work;
    /// the store reconnects by itself.
    case unavailable
    /// The database was reached but refuses this configuration: wrong password, no such
    /// database, no permission, a directory that does not exist.
    case misconfigured
    /// The database was migrated by a newer linkgen than this one.
    case schemaTooNew
    /// The route table rejects the route or a value (see ``StoreError/linkError``).
    case invalidLink
    /// A field of the request is malformed: a slug, a visit limit, an expiry, a scope, a key id.
    case invalidRequest
    /// The requested slug is already a short link.
    case slugTaken
    /// No short link or key has that code or id.
    case notFound
    /// The short link's stored route or values no longer fit the route table (the table
    /// changed since the link was made).
    case linkNoLongerValid
    /// The database could not write or read its files: disk full, I/O error, read-only file,
    /// corruption.
    case storageFailure
    /// The database answered in a way the store does not expect: a bug.
    case internalError
  }

  /// The kind of failure.
  public let code: Code
  /// What went wrong, naming the value at fault.
  public let message: String
  /// The field of a request concerned (`slug`, `maxVisits`, `expiresAt`, `scopes`…), when
  /// one is.
  public let field: String?
  /// The route table's error, for ``Code/invalidLink`` and ``Code/linkNoLongerValid``.
  public let linkError: LinkError?

  /// Creates an error.
  public init(_ code: Code, _ message: String, field: String? = nil, linkError: LinkError? = nil) {
    self.code = code
    self.message = message
    self.field = field
    self.linkError = linkError
  }

  /// The message.
  public var description: String { message }
}
