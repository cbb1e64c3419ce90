import Foundation
import LinkgenTestSupport
import Testing

/// `POST /api/v1/links` from many clients at once: every 201 is committed before it is sent
/// (SQLite's group commit, PostgreSQL's pool), so the links survive `kill -9` right after; a
/// slug asked for twice in the same moment fails only the second request (409).
@Suite(.blockingWork) struct CreateDurabilityTests {
  @Test func concurrentCreatesSurviveAKillOnSQLite() throws {
    let directory = try TemporaryDirectory()
    try Self.concurrentCreatesSurviveAKill("sqlite:\(directory.file("links.sqlite").path)")
  }

  @Test(.enabled(if: TestPostgres.isReachable, Comment(rawValue: TestPostgres.skipMessage)))
  func concurrentCreatesSurviveAKillOnPostgreSQL() throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    try Self.concurrentCreatesSurviveAKill(TestPostgres.url(schema: schema))
  }

  static func concurrentCreatesSurviveAKill(_ database: String) throws {
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--rate-limit", "0", "--key-rate-limit", "0"]
    )
    let outcomes = ResponseBox()
    let port = server.port
    DispatchQueue.concurrentPerform(iterations: 32) { index in
      // Four requests ask for one slug, in among the others.
      let extra = index.isMultiple(of: 8) ? ", \"slug\": \"one-slug\"" : ""
      let body = API.createBody(extra)
      let response = try? ResponseBox.post(port: port, body: body, key: key)
      outcomes.append(response)
    }
    server.stop(signal: SIGKILL)
    let responses = outcomes.all.compactMap(\.self)
    #expect(responses.count == 32, "every request was answered")
    let created = responses.filter { $0.status == 201 }
    let conflicts = responses.filter { $0.status == 409 }
    #expect(created.count == 29 && conflicts.count == 3, "\(responses.map(\.status))")
    for conflict in conflicts {
      let field = try API.error(conflict).field
      #expect(field == "slug")
    }
    let codes = try created.map { try #require(try API.object($0)["code"] as? String) }
    #expect(codes.contains("one-slug"))
    // A new server on the same database finds every link it reported created.
    let again = try ServerProcess(Linkgen.openlist + ["--database", database])
    for code in codes {
      let status = try API.send(again, "GET", "/api/v1/links/\(code)").status
      #expect(status == 200, "\(code)")
    }
  }
}

/// Results gathered from threads.
private final class ResponseBox: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [WireResponse?] = []

  /// `POST /api/v1/links` on a fresh connection.
  static func post(port: Int, body: String, key: String) throws -> WireResponse {
    let connection = try HTTPConnection(port: port)
    let headers =
      API.bearer(key) + [
        ("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)"),
      ]
    try connection.send(
      HTTPConnection.request("POST", "/api/v1/links", headers: headers, close: true) + body
    )
    return try connection.readResponse(method: "POST")
  }

  func append(_ result: WireResponse?) { lock.withLock { results.append(result) } }
  var all: [WireResponse?] { lock.withLock { results } }
}
