/// The limits on one client connection.
struct ConnectionLimits: Sendable {
  /// The longest request line (the target, mostly) and header line: 8 KiB, the parser's own
  /// limit on a link. Longer requests get 400 and the connection is closed.
  static let maximumHeaderFieldSize = 8192
  /// The most bytes of all header lines together.
  static let maximumHeaderListSize = 32 * 1024
  /// The most header lines.
  static let maximumHeaderFieldCount = 100

  /// The body of the 400 for a request head over the limits above.
  static let headOverflowText = """
    The request head is over this server's limits: a request target, a header name or a \
    header value of at most \(maximumHeaderFieldSize) bytes, at most \(maximumHeaderListSize) \
    bytes of target, header names and values in all, and at most \(maximumHeaderFieldCount) \
    header lines.

    """
  /// The body of the 400 for bytes that are not an HTTP/1 request.
  static let malformedText = "The request is not an HTTP/1.1 request this server can read.\n"

  var idleTimeout: Duration
  var headerTimeout: Duration
  /// The most body bytes read from one request before the connection is closed.
  var maximumBodySize: Int
  var security: SecurityHeaders
}
