import Foundation
import Testing

/// The server's request limits at their edges (docs/limits.md): the limit passes, one more
/// byte or line gets 400 (413 for a body) with a text that names the limits, and the
/// connection is closed.
struct ServerLimitsTests {
  /// One request on a fresh connection: the response, and whether the server then closed it.
  static func send(_ server: ServerProcess, _ request: String) throws -> (
    WireResponse, closed: Bool
  ) {
    let connection = try HTTPConnection(port: server.port)
    try connection.send(request)
    let response = try connection.readResponse()
    return (response, connection.isClosedByPeer())
  }

  static func status(_ server: ServerProcess, _ request: String) throws -> Int {
    try send(server, request).0.status
  }

  /// A refusal for a request head over a limit: 400, the limits named, the security headers,
  /// the connection closed.
  static func expectHeadOverflow(
    _ server: ServerProcess,
    _ request: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let (response, closed) = try send(server, request)
    #expect(response.status == 400, sourceLocation: sourceLocation)
    #expect(
      response.text.contains("over this server's limits")
        && response.text.contains("at most 8192 bytes")
        && response.text.contains("32768 bytes") && response.text.contains("100 header lines"),
      "\(response.text)",
      sourceLocation: sourceLocation
    )
    #expect(
      response.header("Content-Type") == "text/plain; charset=utf-8",
      sourceLocation: sourceLocation
    )
    #expect(response.header("X-Content-Type-Options") == "nosniff", sourceLocation: sourceLocation)
    #expect(closed, "the connection stays open", sourceLocation: sourceLocation)
  }

  /// One server for every edge: each check makes its own connections, and the suite holds a
  /// test thread (the tests share a pool of as many threads as cores) for one server's start,
  /// not six.
  @Test func everyRequestLimitAtItsEdge() throws {
    let server = try ServerProcess()
    try Self.requestTarget(server)
    try Self.headerLine(server)
    try Self.headerCount(server)
    try Self.headerBytes(server)
    try Self.body(server)
    try Self.notHTTP(server)
    #expect(server.stop() == 0)
  }

  static func requestTarget(_ server: ServerProcess) throws {
    // The target, as NIO's parser counts it: 8192 bytes pass, 8193 do not.
    let target = "/" + String(repeating: "a", count: 8191)
    #expect(try Self.status(server, "GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n") == 404)
    try Self.expectHeadOverflow(server, "GET \(target)a HTTP/1.1\r\nHost: x\r\n\r\n")
  }

  static func headerLine(_ server: ServerProcess) throws {
    let value = String(repeating: "b", count: 8192)
    #expect(
      try Self.status(server, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: \(value)\r\n\r\n") == 200
    )
    try Self.expectHeadOverflow(
      server,
      "GET /healthz HTTP/1.1\r\nHost: x\r\nX-A: \(value)b\r\n\r\n"
    )
  }

  static func headerCount(_ server: ServerProcess) throws {
    func request(_ lines: Int) -> String {
      // Host and lines - 1 more.
      "GET /healthz HTTP/1.1\r\nHost: x\r\n"
        + (1..<lines).map { "X-\($0): v\r\n" }.joined() + "\r\n"
    }
    #expect(try Self.status(server, request(100)) == 200)
    try Self.expectHeadOverflow(server, request(101))
  }

  /// The target and every header's name and value together: 32 KiB.
  static func headerBytes(_ server: ServerProcess) throws {
    func request(_ total: Int) -> String {
      let target = "/healthz"
      var used = target.utf8.count + "Host".utf8.count + "x".utf8.count
      var lines = ""
      var index = 0
      while used < total {
        let name = String(format: "X-%02d", index)
        let value = String(repeating: "c", count: min(7000, total - used - name.utf8.count))
        lines += "\(name): \(value)\r\n"
        used += name.utf8.count + value.utf8.count
        index += 1
      }
      return "GET \(target) HTTP/1.1\r\nHost: x\r\n\(lines)\r\n"
    }
    #expect(try Self.status(server, request(32 * 1024)) == 200)
    try Self.expectHeadOverflow(server, request(32 * 1024 + 1))
  }

  /// No route takes a body: an empty one passes, one byte is 413, with a text that says so.
  static func body(_ server: ServerProcess) throws {
    #expect(
      try Self.status(server, "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
        == 200
    )
    let (over, closed) = try Self.send(
      server,
      "GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\na"
    )
    #expect(over.status == 413 && closed)
    #expect(over.text == "This address takes no request body.\n")
  }

  /// Bytes that are not HTTP: 400 with a text that says so (not the limits), and closed.
  static func notHTTP(_ server: ServerProcess) throws {
    let (response, closed) = try Self.send(server, "GET / HTTP/1.1\r\nHost x\r\n\r\n")
    #expect(response.status == 400 && closed)
    #expect(response.text == "The request is not an HTTP/1.1 request this server can read.\n")
    #expect(response.header("X-Frame-Options") == "DENY")
  }
}
