import Foundation
import LinkgenTestSupport
import Testing

/// What the API tests send and read.
enum API {
  /// Sends a request with a body on a fresh connection.
  static func send(
    _ server: ServerProcess,
    _ method: String,
    _ target: String,
    body: String? = nil,
    headers: [(String, String)] = []
  ) throws -> WireResponse {
    let connection = try HTTPConnection(port: server.port)
    var all = headers
    if let body {
      all += [("Content-Type", "application/json"), ("Content-Length", "\(body.utf8.count)")]
    }
    try connection.send(
      HTTPConnection.request(method, target, headers: all, close: true) + (body ?? "")
    )
    return try connection.readResponse(method: method)
  }

  static func bearer(_ key: String) -> [(String, String)] { [("Authorization", "Bearer \(key)")] }

  static func object(_ response: WireResponse) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
      "not a JSON object: \(response.text)"
    )
  }

  /// `{"error": {"code", "message", "field"}}`'s code and field.
  static func error(_ response: WireResponse) throws -> (code: String?, field: String?) {
    let error = try #require(try object(response)["error"] as? [String: Any], "\(response.text)")
    return (error["code"] as? String, error["field"] as? String)
  }

  /// A key with the scopes, made by `linkgen keys create` on the database.
  static func key(_ database: String, scopes: String) throws -> String {
    let created = try Linkgen.run([
      "keys", "create", "--scope", scopes, "--format", "json", "--database", database,
    ])
    #expect(created.status == 0, "\(created.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(created.output.utf8)) as? [String: Any]
    )
    return try #require(object["key"] as? String)
  }

  /// `linkgen stats --format json` rows for a short link or route.
  static func stats(_ database: String, _ arguments: [String]) throws -> [[String: Any]] {
    let result = try Linkgen.run(
      ["stats", "--format", "json", "--database", database] + arguments
    )
    #expect(result.status == 0, "\(result.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    return try #require(object["rows"] as? [[String: Any]])
  }

  /// Creates the checklist's short link with `key` (`extra`: more members of the body, each
  /// after a comma); its code.
  @discardableResult
  static func createLink(_ server: ServerProcess, key: String, extra: String = "") throws
    -> String
  {
    let created = try send(
      server,
      "POST",
      "/api/v1/links",
      body: createBody(extra),
      headers: bearer(key)
    )
    #expect(created.status == 201, "\(created.text)")
    return try #require(try object(created)["code"] as? String)
  }

  static func createBody(_ extra: String = "") -> String {
    "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"\(ServeTests.id)\"}\(extra)}"
  }
}

/// `linkgen serve --database …`: short links, the API, click counts, limits, on real databases
/// (SQLite here; PostgreSQL in `PostgresServeTests`).
@Suite(.blockingWork) struct ShortLinkServeTests {
  @Test func shortLinksServeTheirPageAndCountClicksWithBotsApart() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create,links:delete,stats:read")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])

    // The association file claims the short links.
    let aasa = try server.get("/.well-known/apple-app-site-association").text
    #expect(aasa.contains("\"/\": \"/s/*\""), "\(aasa)")

    let created = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(),
      headers: API.bearer(key)
    )
    #expect(created.status == 201, "\(created.text)")
    let link = try API.object(created)
    let code = try #require(link["code"] as? String)
    #expect(link["short"] as? String == "https://openlist.example.com/s/\(code)")
    let links = try #require(link["links"] as? [String: Any])
    #expect(links["universal"] as? String == ServeTests.link)

    // The short link is the landing page itself, for each client; never a redirect.
    let iPhone = try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(iPhone.status == 200 && iPhone.header("Location") == nil)
    // Its store button pings the counter, which counts a store tap for the short link.
    let ping = "/_linkgen/store-tap/app-store?route=shared-checklist&amp;code=\(code)"
    #expect(iPhone.text.contains("ping=\"\(ping)\""), "\(iPhone.text)")
    let tap = try API.send(
      server,
      "POST",
      ping.replacingOccurrences(of: "&amp;", with: "&"),
      body: "PING",
      headers: [("User-Agent", UserAgent.iPhoneSafari)]
    )
    #expect(tap.status == 204)
    #expect(
      iPhone.text.contains("openlist://shared-checklists?shared-checklistId=\(ServeTests.id)")
    )
    // The same person again, on connections of their own (other ports): one visitor.
    for _ in 0..<2 {
      #expect(
        try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)]).status
          == 200
      )
    }
    let instagram = try server.get(
      "/s/\(code)",
      headers: [
        ("User-Agent", UserAgent.instagramIOS), ("Referer", "https://l.instagram.com/x?u=1"),
      ]
    )
    #expect(instagram.status == 200)
    #expect(
      instagram.text.contains("https://openlist.example.com/s/\(code)"),
      "copies the short link"
    )
    let card = try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.facebookCrawler)])
    #expect(card.status == 200 && card.text.contains("og:title"))
    #expect(
      try server.get(
        "/s/\(code)",
        method: "HEAD",
        headers: [("User-Agent", UserAgent.iPhoneSafari)]
      ).status == 200
    )
    #expect(try server.get("/s/\(code)", headers: [("User-Agent", "curl/8.5.0")]).status == 200)
    // The table's own landing page is counted too, without a code.
    #expect(
      try server.get(ServeTests.page, headers: [("User-Agent", UserAgent.androidChrome)]).status
        == 200
    )

    // Resolving for the app: public, no key.
    let resolved = try API.send(server, "GET", "/api/v1/links/\(code)")
    #expect(resolved.status == 200)
    let body = try API.object(resolved)
    #expect(body["route"] as? String == "shared-checklist")
    #expect((body["params"] as? [String: Any])?["id"] as? String == ServeTests.id)
    #expect((body["links"] as? [String: Any])?["universal"] as? String == ServeTests.link)

    // Stats through the API (the counts reach the database at the next flush; the shutdown
    // below writes them for certain).
    let stats = try API.send(server, "GET", "/api/v1/stats?groupBy=route", headers: API.bearer(key))
    #expect(stats.status == 200, "\(stats.text)")
    #expect(stats.header("RateLimit-Limit") == "1200")

    // The app reports, on its first launch, the link it restored after install.
    let app = [("User-Agent", "okhttp/4.12.0")]
    func report(_ body: String) throws -> WireResponse {
      try API.send(server, "POST", "/api/v1/opens", body: body, headers: app)
    }
    let shortLink = "https://openlist.example.com/s/\(code)"
    #expect(try report(#"{"link": "\#(shortLink)"}"#).status == 204)
    #expect(try report(#"{"link": "\#(ServeTests.link)"}"#).status == 204, "a universal link")
    let foreign = try report(#"{"link": "https://evil.example.com/s/\#(code)"}"#)
    #expect(try foreign.status == 400 && API.error(foreign).field == "link", "\(foreign.text)")
    let unknown = try report(#"{"link": "https://openlist.example.com/s/zzzzzzzzzzzz"}"#)
    #expect(try unknown.status == 404 && API.error(unknown).field == "link")
    let extra = try report(#"{"link": "\#(shortLink)", "device": "x"}"#)
    #expect(try extra.status == 400 && API.error(extra).field == "device")
    #expect(try API.send(server, "GET", "/api/v1/opens").status == 405)

    // Deleting: the short link is gone, its counts stay.
    #expect(
      try API.send(server, "DELETE", "/api/v1/links/\(code)", headers: API.bearer(key)).status
        == 204
    )
    #expect(
      try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)]).status == 404
    )
    #expect(try API.send(server, "GET", "/api/v1/links/\(code)").status == 404)
    #expect(
      try API.send(server, "DELETE", "/api/v1/links/\(code)", headers: API.bearer(key)).status
        == 404
    )

    #expect(server.stop() == 0, "\(server.log)")
    let byLink = try API.stats(database, ["--link", code, "--by", "link"])
    #expect(byLink.count == 1)
    #expect(byLink.first?["clicks"] as? Int == 4, "iPhone three times, Instagram: \(byLink)")
    // Two user agents from one address: two visitors (one when their hashes share a sketch
    // register, about one time in a thousand), whatever the connections' ports.
    let visitors = try #require(byLink.first?["visitors"] as? Int)
    #expect((1...2).contains(visitors), "\(byLink)")
    #expect(byLink.first?["bots"] as? Int == 3, "the preview, HEAD and curl: \(byLink)")
    #expect(byLink.first?["storeTaps"] as? Int == 1, "the App Store button's ping: \(byLink)")
    #expect(byLink.first?["deferredOpens"] as? Int == 1, "the app's report: \(byLink)")
    let reasons = byLink.first?["botReasons"] as? [String: Int] ?? [:]
    #expect(reasons["crawler:facebook"] == 1 && reasons["method:head"] == 1, "\(reasons)")
    let byReferrer = try API.stats(database, ["--link", code, "--by", "browser,referrer"])
    #expect(
      byReferrer.contains {
        $0["browser"] as? String == "instagram" && $0["referrer"] as? String == "l.instagram.com"
      }
    )
    let pages = try API.stats(database, ["--route", "shared-checklist", "--by", "link,platform"])
    #expect(
      pages.contains {
        $0["link"] is NSNull && $0["platform"] as? String == "android" && $0["clicks"] as? Int == 1
      },
      "\(pages)"
    )
  }

  @Test func visitLimitsAndPreviews() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    try API.createLink(server, key: key, extra: ", \"maxVisits\": 1, \"slug\": \"one-time\"")
    // Previews and probes never use the visit up.
    for agent in [UserAgent.slackCrawler, UserAgent.facebookCrawler] {
      #expect(try server.get("/s/one-time", headers: [("User-Agent", agent)]).status == 200)
    }
    #expect(
      try server.get(
        "/s/one-time",
        method: "HEAD",
        headers: [("User-Agent", UserAgent.iPhoneSafari)]
      ).status == 200
    )
    #expect(
      try server.get("/s/one-time", headers: [("User-Agent", UserAgent.iPhoneSafari)]).status == 200
    )
    let gone = try server.get("/s/one-time", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(gone.status == 410 && gone.header("Location") == nil)
    #expect(gone.text.contains("used up"))
    let resolved = try API.send(server, "GET", "/api/v1/links/one-time")
    #expect(try resolved.status == 410 && API.error(resolved).code == "exhausted")
    let taken = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(", \"slug\": \"one-time\""),
      headers: API.bearer(key)
    )
    #expect(try taken.status == 409 && API.error(taken).field == "slug")
    #expect(server.stop() == 0)
  }

  @Test func wrongKeysAndBadRequestsGetClearErrorsAndWriteNothing() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let statsOnly = try API.key(database, scopes: "stats:read")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--max-body-size", "1024"]
    )
    func post(_ body: String, _ headers: [(String, String)]) throws -> WireResponse {
      try API.send(server, "POST", "/api/v1/links", body: body, headers: headers)
    }
    let slug = ", \"slug\": \"never-made\""
    let missing = try post(API.createBody(slug), [])
    #expect(
      missing.status == 401 && missing.header("WWW-Authenticate")?.hasPrefix("Bearer") == true
    )
    #expect(try API.error(missing).code == "unauthorized")
    #expect(missing.header("Content-Type") == "application/json")
    let wrong = String(key.dropLast()) + (key.hasSuffix("a") ? "b" : "a")
    for presented in [wrong, "lgk_nothing", "", key.uppercased()] {
      let refused = try post(API.createBody(slug), API.bearer(presented))
      #expect(refused.status == 401, "\(presented)")
    }
    let forbidden = try post(API.createBody(slug), API.bearer(statsOnly))
    #expect(try forbidden.status == 403 && API.error(forbidden).field == "scopes")

    let cases: [(String, String?)] = [
      ("{\"route\": \"nowhere\", \"params\": {}\(slug)}", "route"),
      (
        "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"not-a-uuid\"}\(slug)}",
        "params.id"
      ),
      ("{\"route\": \"shared-checklist\", \"params\": {}\(slug)}", "params.id"),
      (API.createBody(slug + ", \"colour\": 1"), "colour"),
      (API.createBody(slug + ", \"maxVisits\": 0"), "maxVisits"),
      (API.createBody(slug + ", \"maxVisits\": \"3\""), "maxVisits"),
      (API.createBody(slug + ", \"expiresAt\": \"2001-01-01T00:00:00Z\""), "expiresAt"),
      (API.createBody(slug + ", \"expiresAt\": \"tomorrow\""), "expiresAt"),
      (API.createBody(", \"slug\": \"Bad Slug\""), "slug"),
      // A key twice is refused, as the route table refuses it (parsers disagree on which counts).
      ("{\"route\": \"shared-checklist\", \"route\": \"home\", \"params\": {}\(slug)}", "route"),
      (
        "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"\(ServeTests.id)\", "
          + "\"id\": \"\(ServeTests.id)\"}\(slug)}",
        "params.id"
      ),
      // A parameter the route does not have, whatever its value, null included.
      (
        "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"\(ServeTests.id)\", "
          + "\"k\": null}\(slug)}",
        "params.k"
      ),
      (
        "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"\(ServeTests.id)\", "
          + "\"k\": \"x\"}\(slug)}",
        "params.k"
      ),
      ("[1, 2]", nil),
      ("{\"route\": ", nil),
    ]
    for (body, field) in cases {
      let refused = try post(body, API.bearer(key))
      #expect(refused.status == 400, "\(body): \(refused.text)")
      #expect(try API.error(refused).field == field, "\(body): \(refused.text)")
    }
    // A truncated body: the body named once, what is wrong, and where the reading stopped.
    let truncated = try post("{\"route\": ", API.bearer(key))
    let message = try #require(try API.object(truncated)["error"] as? [String: Any])["message"]
    #expect(
      message as? String
        == "the body is not valid JSON: it ends in the middle of a value (line 1, column 11)",
      "\(truncated.text)"
    )
    let big = try post(
      API.createBody(slug + ", \"pad\": \"" + String(repeating: "x", count: 2000) + "\""),
      API.bearer(key)
    )
    #expect(try big.status == 413 && API.error(big).code == "contentTooLarge")
    // Nothing was written.
    #expect(try API.send(server, "GET", "/api/v1/links/never-made").status == 404)
    #expect(try API.send(server, "GET", "/api/v1/stats", headers: API.bearer(key)).status == 403)
    #expect(
      try API.send(server, "GET", "/api/v1/stats?from=yesterday", headers: API.bearer(statsOnly))
        .status == 400
    )
    #expect(
      try API.send(server, "PUT", "/api/v1/links", body: "{}", headers: API.bearer(key)).status
        == 405
    )
    #expect(try API.send(server, "GET", "/api/v1/nothing").status == 404)
    // null means absent, for the optional fields as for a route's parameters.
    let nulls = try post(
      "{\"route\": \"shared-checklist\", \"params\": {\"id\": \"\(ServeTests.id)\"}, "
        + "\"slug\": null, \"maxVisits\": null, \"expiresAt\": null}",
      API.bearer(key)
    )
    #expect(nulls.status == 201, "\(nulls.text)")
    #expect(server.stop() == 0)
  }

  /// On a kept-alive connection, a short link whose link and page are in memory is answered on
  /// the event loop (no hummingbird, no database): the answer must be the one the first visit
  /// got, each visit must still count once, and the address's rate limit must still hold.
  /// A store failure the document gives no status for is a 500 with the API's error object
  /// (not an empty body), its cause in the server's log and not in the answer. The failure is
  /// real: a trigger in the SQLite file refuses every new link.
  @Test func aFailedCreateIs500WithTheErrorObjectAndItsCauseInTheLog() throws {
    guard let sqlite = ProcessRunner.find(["sqlite3"]) else {
      print("skipped: sqlite3 is not installed")
      return
    }
    let directory = try TemporaryDirectory()
    let path = directory.file("links.sqlite").path
    let key = try API.key("sqlite:\(path)", scopes: "links:create")
    let trigger =
      "CREATE TRIGGER refuse_links BEFORE INSERT ON linkgen_links "
      + "BEGIN SELECT RAISE(ABORT, 'refused by the test trigger'); END"
    let made = try ProcessRunner.run(sqlite, [path, ".timeout 5000", trigger])
    #expect(made.status == 0, "\(made.error)")
    let server = try ServerProcess(Linkgen.openlist + ["--database", "sqlite:\(path)"])
    let failed = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(),
      headers: API.bearer(key)
    )
    #expect(failed.status == 500, "\(failed.text)")
    #expect(failed.header("Content-Type") == "application/json")
    #expect(try API.error(failed).code == "internalError")
    #expect(failed.text.contains("the server failed; its log says why"))
    #expect(!failed.text.contains("trigger"))
    #expect(server.log.contains("refused by the test trigger"), "\(server.log)")
  }

  @Test func aPopularShortLinkAnsweredFromMemoryIsTheSameAnswerAndCountsEveryVisit() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + [
        "--database", database, "--rate-limit", "14", "--link-cache-seconds", "60",
      ]
    )
    let code = try API.createLink(server, key: key)
    let connection = try HTTPConnection(port: server.port)
    let iPhone = [("User-Agent", UserAgent.iPhoneSafari), ("Accept-Language", "ko")]
    let first = try connection.exchange("GET", "/s/\(code)", headers: iPhone)
    #expect(first.status == 200 && first.header("Content-Language") == "ko")
    func withoutDate(_ response: WireResponse) -> [String] {
      response.headers.filter { $0.name.lowercased() != "date" }
        .map { "\($0.name.lowercased()): \($0.value)" }.sorted()
    }
    for _ in 0..<4 {
      let again = try connection.exchange("GET", "/s/\(code)", headers: iPhone)
      #expect(again.status == 200 && again.body == first.body)
      #expect(withoutDate(again) == withoutDate(first))
      #expect(again.header("Date") != nil)
    }
    let head = try connection.exchange("HEAD", "/s/\(code)", headers: iPhone)
    #expect(head.status == 200 && head.body.isEmpty)
    #expect(head.header("Content-Length") == first.header("Content-Length"))
    let etag = try #require(first.header("ETag"))
    let unchanged = try connection.exchange(
      "GET",
      "/s/\(code)",
      headers: iPhone + [("If-None-Match", etag)]
    )
    #expect(unchanged.status == 304 && unchanged.body.isEmpty)

    // The app's resolve: the same JSON every time, the address's budget counted down.
    var remaining: [String?] = []
    var bodies: Set<[UInt8]> = []
    for _ in 0..<3 {
      let resolved = try connection.exchange("GET", "/api/v1/links/\(code)")
      #expect(resolved.status == 200 && resolved.header("Content-Type") == "application/json")
      #expect(resolved.header("Cache-Control") == "no-store")
      #expect(resolved.header("X-Content-Type-Options") == "nosniff")
      bodies.insert(resolved.body)
      remaining.append(resolved.header("RateLimit-Remaining"))
    }
    #expect(bodies.count == 1)
    // The same as hummingbird's answer (a request that closes its connection goes there).
    let slow = try API.send(server, "GET", "/api/v1/links/\(code)")
    // Headers whose values move between two requests are compared by name only (the seconds
    // to the limit's reset tick over between them now and then); `Connection` not at all (the
    // slow request closes its connection).
    let varying: Set = ["date", "ratelimit-remaining", "ratelimit-reset"]
    func lines(_ response: WireResponse) -> [String] {
      response.headers.filter { $0.name.lowercased() != "connection" }.map { header in
        let name = header.name.lowercased()
        return varying.contains(name) ? name : "\(name): \(header.value)"
      }.sorted()
    }
    #expect(slow.status == 200 && slow.body == bodies.first)
    #expect(lines(slow) == lines(try connection.exchange("GET", "/api/v1/links/\(code)")))
    let json = try API.object(
      WireResponse(status: 200, reason: "", headers: [], body: bodies.first!)
    )
    #expect(json["code"] as? String == code && json["route"] as? String == "shared-checklist")
    // The five visits, the HEAD and the 304 took 7 of the 14; the resolves 3 more, then 2.
    #expect(remaining == ["6", "5", "4"], "\(remaining)")
    for _ in 0..<2 {
      #expect(try connection.exchange("GET", "/s/\(code)", headers: iPhone).status == 200)
    }
    let limited = try connection.exchange("GET", "/s/\(code)", headers: iPhone)
    #expect(limited.status == 429 && limited.header("Retry-After") != nil)
    #expect(try connection.exchange("GET", "/api/v1/links/\(code)").status == 429)

    #expect(server.stop() == 0, "\(server.log)")
    let byLink = try API.stats(database, ["--link", code, "--by", "link"])
    #expect(byLink.first?["clicks"] as? Int == 8, "5 visits, the 304 and 2 more: \(byLink)")
    #expect(byLink.first?["visitors"] as? Int == 1, "one person, whichever path: \(byLink)")
    #expect(byLink.first?["bots"] as? Int == 1, "the HEAD: \(byLink)")
  }

  @Test func noUniqueVisitorsCountsClicksWithoutTheEstimate() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--no-unique-visitors"]
    )
    let code = try API.createLink(server, key: key)
    #expect(
      try server.get("/s/\(code)", headers: [("User-Agent", UserAgent.iPhoneSafari)]).status == 200
    )
    #expect(server.stop() == 0, "\(server.log)")
    let byLink = try API.stats(database, ["--link", code, "--by", "link"])
    #expect(byLink.first?["clicks"] as? Int == 1 && byLink.first?["visitors"] as? Int == 0)
    let byPlatform = try API.stats(database, ["--link", code, "--by", "platform"])
    #expect(byPlatform.first?["visitors"] is NSNull, "no estimate by platform: \(byPlatform)")
  }

  @Test func rateLimitsPerAddressAndPerKey() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "stats:read")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--rate-limit", "3", "--key-rate-limit", "2"]
    )
    var remaining: [String?] = []
    for _ in 0..<3 {
      let response = try API.send(server, "GET", "/api/v1/links/abcdefgh")
      #expect(response.status == 404)
      #expect(response.header("RateLimit-Limit") == "3")
      remaining.append(response.header("RateLimit-Remaining"))
    }
    #expect(remaining == ["2", "1", "0"])
    let limited = try API.send(server, "GET", "/api/v1/links/abcdefgh")
    #expect(try limited.status == 429 && API.error(limited).code == "rateLimited")
    let retry = try #require(limited.header("Retry-After").flatMap(Int.init))
    #expect((1...60).contains(retry) && limited.header("RateLimit-Reset") == String(retry))
    #expect(try server.get("/s/abcdefgh").status == 429, "short links share the address's budget")
    // A key has a budget of its own.
    #expect(try API.send(server, "GET", "/api/v1/stats", headers: API.bearer(key)).status == 200)
    #expect(try API.send(server, "GET", "/api/v1/stats", headers: API.bearer(key)).status == 200)
    #expect(try API.send(server, "GET", "/api/v1/stats", headers: API.bearer(key)).status == 429)
    // Landing pages and association files are never limited.
    #expect(try server.get(ServeTests.page).status == 200)
    #expect(server.stop() == 0)
  }
}

/// The README's short-link walk-through, step by step, with the default database.
@Suite(.blockingWork) struct ReadmeShortLinkTests {
  @Test func theReadmeFlowWorksWithTheDefaultDatabase() throws {
    let readme = ReadmeTests.readme
    for line in [
      "linkgen serve --config Examples/openlist/linkgen.json &",
      "KEY=$(linkgen keys create --scope links:create --scope stats:read)",
      "curl -s -H \"Authorization: Bearer $KEY\" -d '{\"route\": \"shared-checklist\", "
        + "\"params\": {\"id\": \"\(ServeTests.id)\"}}' http://127.0.0.1:8080/api/v1/links",
      "curl -I http://127.0.0.1:8080/s/CODE",
      "linkgen stats --by link",
    ] {
      #expect(readme.contains(line), "README lacks: \(line)")
    }
    // In a fresh directory: no --database anywhere, so every command uses sqlite:linkgen.sqlite.
    let directory = try TemporaryDirectory()
    let server = try ServerProcess(Linkgen.openlist, in: directory.url, defaultDatabase: true)
    let created = try Linkgen.run(
      ["keys", "create", "--scope", "links:create", "--scope", "stats:read"],
      in: directory.url
    )
    #expect(created.status == 0, "\(created.error)")
    let key = created.output.trimmingCharacters(in: .whitespacesAndNewlines)
    let code = try API.createLink(server, key: key)
    let page = try server.get(
      "/s/\(code)",
      headers: [("User-Agent", "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X)")]
    )
    #expect(page.status == 200 && page.text.contains("<html"))
    #expect(try server.get("/s/\(code)", method: "HEAD").status == 200)
    #expect(server.stop() == 0)
    let stats = try Linkgen.run(["stats", "--by", "link"], in: directory.url)
    #expect(stats.status == 0, "\(stats.error)")
    let row = try #require(stats.output.split(separator: "\n").first { $0.hasPrefix(code) })
    let cells = row.split(separator: " ")
    #expect(
      cells.count >= 4 && cells[1] == "1" && cells[2] == "~1" && cells[3] == "1",
      "clicks 1, visitors ~1, bots 1: \(row)"
    )
    #expect(row.contains("method:head 1"))
    #expect(FileManager.default.fileExists(atPath: directory.file("linkgen.sqlite").path))
  }
}
