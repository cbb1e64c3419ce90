import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen serve` on PostgreSQL: two copies sharing one database, and a database that goes
/// away and comes back. Skipped with a message when no PostgreSQL server is reachable.
@Suite(
  .blockingWork,
  .enabled(if: TestPostgres.isReachable, Comment(rawValue: TestPostgres.skipMessage))
)
struct PostgresServeTests {
  @Test func twoCopiesShareLinksAndTheirClicksAddUpExactly() throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let database = TestPostgres.url(schema: schema)
    let key = try API.key(database, scopes: "links:create,stats:read")
    let first = try ServerProcess(Linkgen.openlist + ["--database", database])
    let second = try ServerProcess(Linkgen.openlist + ["--database", database])

    let code = try API.createLink(first, key: key)
    let resolved = try API.send(second, "GET", "/api/v1/links/\(code)")
    #expect(resolved.status == 200, "a link made on one copy resolves on the other")
    #expect(try API.object(resolved)["route"] as? String == "shared-checklist")

    let sent = [(first, 7), (second, 5)]
    for (server, count) in sent {
      for index in 0..<count {
        let agent = index.isMultiple(of: 2) ? UserAgent.iPhoneSafari : UserAgent.androidChrome
        #expect(try server.get("/s/\(code)", headers: [("User-Agent", agent)]).status == 200)
      }
      #expect(try server.get("/s/\(code)", method: "HEAD").status == 200)
      #expect(
        try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.slackCrawler)]).status
          == 200
      )
    }
    // SIGTERM: each copy writes its buffered counts before it exits.
    #expect(first.stop() == 0, "\(first.log)")
    #expect(second.stop() == 0, "\(second.log)")
    let rows = try API.stats(database, ["--link", code, "--by", "link"])
    #expect(rows.count == 1)
    #expect(rows.first?["clicks"] as? Int == 12, "\(rows)")
    #expect(rows.first?["bots"] as? Int == 4, "\(rows)")
  }

  /// A short link read from PostgreSQL is answered on the event loop once its read is done,
  /// while the connection holds its later requests. Pipelined on one connection: a link, an
  /// unknown code, an association file, a link's `HEAD`, a link with one visit (answered by
  /// the server's routes, which count it) twice, and the first link again come back in order.
  @Test func pipelinedShortLinksAreAnsweredInOrder() throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let database = TestPostgres.url(schema: schema)
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--link-cache-seconds", "0"]
    )
    let code = try API.createLink(server, key: key)
    let onceCode = try API.createLink(server, key: key, extra: ", \"maxVisits\": 1")
    let agent = [("User-Agent", UserAgent.iPhoneSafari)]
    let requests: [(method: String, path: String)] = [
      ("GET", "/s/\(code)"), ("GET", "/s/zzzzzzzzzzzz"), ("GET", "/.well-known/assetlinks.json"),
      ("HEAD", "/s/\(code)"), ("GET", "/s/\(onceCode)"), ("GET", "/s/\(onceCode)"),
      ("GET", "/s/\(code)"),
    ]
    let connection = try HTTPConnection(port: server.port, timeout: 10)
    try connection.send(
      requests.map { HTTPConnection.request($0.method, $0.path, headers: agent) }.joined()
    )
    var answers: [String] = []
    for request in requests {
      let response = try connection.readResponse(method: request.method)
      answers.append("\(response.status) \(response.body.count > 0)")
    }
    #expect(
      answers == [
        "200 true", "404 true", "200 true", "200 false", "200 true", "410 true", "200 true",
      ]
    )
    #expect(server.stop() == 0, "\(server.log)")
  }

  /// `GET /api/v1/links/<code>` for a link not in the cache is answered on the event loop once
  /// its read is done, as the routes answer it. Pipelined on one connection: an active link,
  /// its `HEAD`, a link with one visit, an unknown code (404), that link's page (its visit),
  /// the link again (used up: 410), the first twice more: in order, each counted against the
  /// address's limit with its headers, the one over the limit refused.
  @Test func linksResolvedFromPostgresAreAnsweredInOrderWithinTheLimit() throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let database = TestPostgres.url(schema: schema)
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + [
        "--database", database, "--link-cache-seconds", "0", "--rate-limit", "8",
      ]
    )
    // Made with the key: counted against the key's limit, not the address's.
    let code = try API.createLink(server, key: key)
    let onceCode = try API.createLink(server, key: key, extra: ", \"maxVisits\": 1")
    let requests: [(method: String, path: String)] = [
      ("GET", "/api/v1/links/\(code)"), ("HEAD", "/api/v1/links/\(code)"),
      ("GET", "/api/v1/links/\(onceCode)"), ("GET", "/api/v1/links/zzzzzzzzzzzz"),
      ("GET", "/s/\(onceCode)"), ("GET", "/api/v1/links/\(onceCode)"),
      ("GET", "/api/v1/links/\(code)"), ("GET", "/api/v1/links/\(code)"),
      ("GET", "/api/v1/links/\(code)"),
    ]
    let connection = try HTTPConnection(port: server.port, timeout: 10)
    // A person's visit (a browser's User-Agent) uses up the one visit; the API's reads do not.
    let agent = [("User-Agent", UserAgent.iPhoneSafari)]
    try connection.send(
      requests.map { HTTPConnection.request($0.method, $0.path, headers: agent) }.joined()
    )
    var responses: [WireResponse] = []
    for request in requests {
      responses.append(try connection.readResponse(method: request.method))
    }
    #expect(responses.map(\.status) == [200, 200, 200, 404, 200, 410, 200, 200, 429])
    let remaining = responses.enumerated().filter { requests[$0.offset].path.hasPrefix("/api") }
      .map { $0.element.header("RateLimit-Remaining") }
    #expect(remaining == ["7", "6", "5", "4", "2", "1", "0", "0"], "\(remaining)")
    let first = try API.object(responses[0])
    #expect(first["code"] as? String == code && first["route"] as? String == "shared-checklist")
    #expect(responses[1].body.isEmpty)
    #expect(responses[1].header("Content-Length") == String(responses[0].body.count))
    #expect(responses[6].body == responses[0].body, "the same link, read again, the same JSON")
    #expect(try API.object(responses[2])["code"] as? String == onceCode, "\(responses[2].text)")
    let unknown = try API.error(responses[3])
    #expect(unknown.code == "notFound" && unknown.field == "code", "\(responses[3].text)")
    #expect(try API.error(responses[5]).code == "exhausted", "\(responses[5].text)")
    #expect(server.stop() == 0, "\(server.log)")
  }

  /// Links not in the cache, answered once read, still count against the address's limit,
  /// and a client over it is refused (429) as on the server's routes.
  @Test func shortLinksReadFromPostgresKeepTheRateLimit() throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let database = TestPostgres.url(schema: schema)
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--rate-limit", "3"]
    )
    let statuses = try (0..<5).map { index in
      try server.get("/s/nosuchcode\(index)").status
    }
    #expect(statuses == [404, 404, 404, 429, 429])
    #expect(server.stop() == 0, "\(server.log)")
  }

  @Test func aDatabaseThatGoesAwayGives503AndRecoversWithoutARestart() async throws {
    let base = try #require(URLComponents(string: TestPostgres.baseURL))
    let proxy = TCPProxy(upstreamHost: base.host ?? "127.0.0.1", upstreamPort: base.port ?? 5432)
    try await proxy.start()
    var components = base
    components.port = proxy.port
    let testSchema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(testSchema) }
    let direct = TestPostgres.url(schema: testSchema)
    let schema = try #require(URLComponents(string: direct)?.queryItems)
    components.queryItems = schema
    let database = try #require(components.string)
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--link-cache-seconds", "0"]
    )
    let created = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(),
      headers: API.bearer(key)
    )
    let code = try #require(try API.object(created)["code"] as? String)
    #expect(try server.get("/s/\(code)").status == 200)

    await proxy.stop()
    let down = try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(down.status == 503 && down.header("Retry-After") == "5", "\(down.text)")
    let refused = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(),
      headers: API.bearer(key)
    )
    #expect(try refused.status == 503 && API.error(refused).code == "unavailable")
    // The link domain itself stays up: the association files and the table's pages need no
    // database, so a load balancer must not take the copy out.
    #expect(try server.get("/healthz").status == 200)
    #expect(try server.get(ServeTests.page).status == 200)
    #expect(server.log.contains("the database cannot be reached"), "\(server.log)")

    try await proxy.start()
    var answer = 0
    for _ in 0..<300 where answer != 200 {
      answer = try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)])
        .status
      if answer != 200 { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(answer == 200, "the server recovers without a restart")
    #expect(try server.get("/healthz").status == 200)
    #expect(server.log.contains("the database answers again"), "\(server.log)")
    #expect(server.stop() == 0)
    await proxy.stop()
  }
}
