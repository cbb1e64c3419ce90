import Foundation
import LinkgenTestSupport
import Testing

/// Point 5 of the console's issue: two copies of `linkgen serve` on one PostgreSQL database key
/// their visitor hashes with the same daily salt, so one person whose clicks reach both copies
/// is one visitor.
@Suite(.enabled(if: TestPostgres.isReachable, "\(TestPostgres.skipMessage)"))
struct VisitorsAcrossCopiesTests {
  /// A person's browser, by address (the proxy's `X-Forwarded-For`) and user agent.
  struct Visitor {
    var address: String
    var agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15"
  }

  @Test func oneVisitorThroughTwoCopies() throws {
    let schema = TestPostgres.freshSchema()
    let database = TestPostgres.url(schema: schema)
    defer { TestPostgres.dropSchema(schema) }
    let (apiKey, _) = try ConsoleServer.createKey(database, scope: "links:create")
    let arguments =
      ["--config", PackagePaths.example("openlist").path, "--database", database]
      + ["--flush-interval", "1", "--trust-forwarded-for"]
    let copies = [try ServeProcess(arguments), try ServeProcess(arguments)]
    let mina = Visitor(address: "203.0.113.7")
    // Each copy has read the day's salt once one of its clicks counts a visitor.
    for copy in copies {
      let warmUp = try Self.createLink(copy, apiKey, "warm-up")
      try Self.waitFor(warmUp, database) { _ in
        try Self.click(copy, warmUp, mina)
        return try Self.counts(warmUp, database).visitors >= 1
      }
    }
    let code = try Self.createLink(copies[0], apiKey, "two-copies")
    try Self.click(copies[0], code, mina)
    try Self.click(copies[1], code, mina)
    try Self.waitFor(code, database) { try Self.counts($0, database).clicks >= 2 }
    #expect(try Self.counts(code, database) == Counts(clicks: 2, visitors: 1))
    try Self.click(copies[1], code, Visitor(address: "198.51.100.9"))
    try Self.waitFor(code, database) { try Self.counts($0, database).clicks >= 3 }
    #expect(try Self.counts(code, database) == Counts(clicks: 3, visitors: 2))
  }

  struct Counts: Equatable {
    var clicks: Int
    var visitors: Int
  }

  /// `linkgen stats --link CODE --format csv`: today's clicks and visitors of one link.
  static func counts(_ code: String, _ database: String) throws -> Counts {
    let result = try ConsoleServer.linkgen([
      "stats", "--link", code, "--by", "link", "--days", "1", "--format", "csv",
      "--database", database,
    ])
    let lines = result.output.split(whereSeparator: \.isNewline).map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    guard let header = lines.first, let clicks = header.firstIndex(of: "clicks"),
      let visitors = header.firstIndex(of: "visitors")
    else { throw ConsoleTestError("stats printed no header: \(result.output) \(result.error)") }
    guard lines.count > 1 else { return Counts(clicks: 0, visitors: 0) }
    return Counts(clicks: Int(lines[1][clicks]) ?? -1, visitors: Int(lines[1][visitors]) ?? 0)
  }

  /// Retries `done` (every 0.3 s, at most 60 s) until it holds.
  static func waitFor(_ code: String, _ database: String, _ done: (String) throws -> Bool)
    throws
  {
    let deadline = Date().addingTimeInterval(60)
    while try !done(code) {
      guard Date() < deadline else { throw ConsoleTestError("\(code): the counts never came") }
      Thread.sleep(forTimeInterval: 0.3)
    }
  }

  /// `POST /api/v1/links` on `copy`: a short link of the search route; its code.
  static func createLink(_ copy: ServeProcess, _ key: String, _ query: String) throws -> String {
    let body = #"{"route":"search","params":{"query":"\#(query)"}}"#
    let output = try curl(
      ["-X", "POST", "-H", "Authorization: Bearer \(key)", "-H", "Content-Type: application/json"]
        + ["--data", body, copy.base + "/api/v1/links"]
    )
    let object = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
    guard let code = object?["code"] as? String else {
      throw ConsoleTestError("no link made: \(output)")
    }
    return code
  }

  /// A person's click on the short link, through `copy`.
  static func click(_ copy: ServeProcess, _ code: String, _ visitor: Visitor) throws {
    _ = try curl(
      ["-H", "User-Agent: \(visitor.agent)", "-H", "X-Forwarded-For: \(visitor.address)"]
        + ["-o", "/dev/null", copy.base + "/s/" + code]
    )
  }

  static func curl(_ arguments: [String]) throws -> String {
    let curl = ProcessRunner.find(["curl"]) ?? URL(fileURLWithPath: "/usr/bin/curl")
    let result = try ProcessRunner.run(
      curl,
      ["-s", "--max-time", "20"] + arguments,
      input: nil,
      in: nil,
      environment: [:]
    )
    return result.output
  }
}
