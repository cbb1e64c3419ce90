import Foundation
import LinkAPI
import LinkgenTestSupport
import Testing

/// Every answer of the API, hummingbird's and the answer from memory alike, read by the types
/// swift-openapi-generator made from the document (LinkAPI): a member the document does not
/// have, a missing required one or a wrong type fails the decoding.
@Suite(.blockingWork) struct APISchemaTests {
  static let decoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }()

  static func decode<T: Decodable>(_ type: T.Type, _ response: WireResponse) throws -> T {
    do {
      return try decoder.decode(type, from: Data(response.body))
    } catch {
      Issue.record("not a \(type): \(error)\n\(response.text)")
      throw error
    }
  }

  @Test func resolvesFromTheDatabaseAndFromMemoryFollowTheDocument() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create,stats:read")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--link-cache-seconds", "60"]
    )
    let created = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(", \"maxVisits\": 5, \"expiresAt\": \"2030-12-31T23:59:59Z\""),
      headers: API.bearer(key)
    )
    #expect(created.status == 201)
    #expect(created.header("Content-Type") == "application/json")
    #expect(created.header("Cache-Control") == "no-store")
    let link = try Self.decode(Components.Schemas.CreatedLink.self, created)
    #expect(link.maxVisits == 5 && (link.params["id"] ?? nil) == .case1(ServeTests.id))
    // Without a limit or an end: both members present, as `null` (CreatedLinkBody's decoder
    // refuses an answer that leaves them out, as the document does).
    let plain = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(),
      headers: API.bearer(key)
    )
    #expect(plain.status == 201 && plain.text.contains("\"maxVisits\":null"), "\(plain.text)")
    let unlimited = try Self.decode(Components.Schemas.CreatedLink.self, plain)
    #expect(unlimited.maxVisits == nil && unlimited.expiresAt == nil)
    // hummingbird's answer (the connection closes), then the kept-alive connection's, which
    // the server answers from memory once the link is cached.
    let slow = try API.send(server, "GET", "/api/v1/links/\(link.code)")
    let connection = try HTTPConnection(port: server.port)
    var answers = [slow]
    for _ in 0..<3 { answers.append(try connection.exchange("GET", "/api/v1/links/\(link.code)")) }
    for answer in answers {
      #expect(answer.status == 200)
      let resolved = try Self.decode(Components.Schemas.ResolvedLink.self, answer)
      #expect(resolved.code == link.code && resolved.links == link.links)
    }
  }

  @Test func errorsAndStatsFollowTheDocument() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "stats:read")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let refusals = [
      try API.send(server, "GET", "/api/v1/links/zzzzzzzz"),
      try API.send(server, "POST", "/api/v1/links", body: "{}", headers: API.bearer(key)),
      try API.send(server, "POST", "/api/v1/links", body: "{}"),
      try API.send(server, "GET", "/api/v1/stats?groupBy=colour", headers: API.bearer(key)),
      try API.send(server, "POST", "/api/v1/opens", body: "{\"link\": 1}"),
    ]
    #expect(refusals.map(\.status) == [404, 403, 401, 400, 400])
    for refusal in refusals {
      _ = try Self.decode(Components.Schemas._Error.self, refusal)
    }
    // The store's refusals of a create: a value of the wrong kind, a slug taken.
    let creator = try API.key(database, scopes: "links:create")
    let slug = API.createBody(", \"slug\": \"taken-slug\"")
    let stored = [
      #"{"route": "shared-checklist", "params": {"id": "not-a-uuid"}}"#, slug, slug,
    ].map { body in
      try? API.send(server, "POST", "/api/v1/links", body: body, headers: API.bearer(creator))
    }
    #expect(stored.map { $0?.status } == [400, 201, 409])
    for refusal in [stored[0], stored[2]].compactMap(\.self) {
      let error = try Self.decode(Components.Schemas._Error.self, refusal)
      #expect(
        error.error.field == (refusal.status == 400 ? "params.id" : "slug"),
        "\(refusal.text)"
      )
    }
    let stats = try API.send(server, "GET", "/api/v1/stats", headers: API.bearer(key))
    #expect(stats.status == 200)
    let read = try Self.decode(Components.Schemas.Stats.self, stats)
    #expect(read.groupBy == [.route, .link, .day] && read.rows.isEmpty)
  }

  /// A stats row carries the `groupBy` columns and only those, `null` where the hits had none,
  /// and `visitors` `null` when not estimated; `HEAD` sends GET's headers without the body.
  @Test func statsRowsCarryTheGroupedColumnsAndTheirNulls() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create,stats:read")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let code = try API.createLink(server, key: key)
    let visit = try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(visit.status == 200)
    #expect(server.stop() == 0, "\(server.log)")  // writes the counts

    let again = try ServerProcess(Linkgen.openlist + ["--database", database])
    let target = "/api/v1/stats?groupBy=link,referrer"
    let stats = try API.send(again, "GET", target, headers: API.bearer(key))
    #expect(stats.status == 200, "\(stats.text)")
    let rows = try #require(try API.object(stats)["rows"] as? [[String: Any]])
    let row = try #require(rows.first { $0["link"] as? String == code }, "\(stats.text)")
    #expect(Set(row.keys).intersection(["day", "route", "platform", "browser"]).isEmpty)
    #expect(row["referrer"] is NSNull && row["visitors"] is NSNull)
    let read = try Self.decode(Components.Schemas.Stats.self, stats)
    let typed = try #require(read.rows.first { $0.columns[.link] == .some(code) })
    let grouped: [Components.Schemas.StatsColumn: String?] = [.link: code, .referrer: nil]
    #expect(typed.columns == grouped && typed.clicks == 1)

    let head = try API.send(again, "HEAD", target, headers: API.bearer(key))
    #expect(head.status == 200 && head.body.isEmpty)
    #expect(head.header("Content-Length") == String(stats.body.count))
    #expect(head.header("Content-Type") == "application/json")
  }

  /// StatsRowBody reads as strictly as the generated types: `visitors` is required (`null`
  /// allowed), an unknown member fails.
  @Test func statsRowBodyReadsStrictly() throws {
    let counts =
      "\"clicks\": 1, \"bots\": 0, \"botReasons\": {}, \"storeTaps\": 0, "
      + "\"deferredOpens\": 0, \"scans\": 0"
    func read(_ json: String) throws -> StatsRowBody {
      try JSONDecoder().decode(StatsRowBody.self, from: Data(json.utf8))
    }
    let row = try read("{\"route\": null, \"visitors\": null, \(counts)}")
    let grouped: [Components.Schemas.StatsColumn: String?] = [.route: nil]
    #expect(row.columns == grouped && row.visitors == nil)
    #expect(throws: DecodingError.self) { try read("{\"route\": \"a\", \(counts)}") }
    #expect(throws: (any Error).self) {
      try read("{\"visitors\": 2, \"colour\": \"red\", \(counts)}")
    }
  }
}
