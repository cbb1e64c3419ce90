import Foundation
import LinkKit
import LinkStore
import LinkgenTestSupport
import Testing

/// `linkgen keys` and `linkgen stats`, run as processes against real databases.
@Suite(.blockingWork) struct StoreCommandTests {
  /// A fresh SQLite database URL in a new directory.
  static func sqliteURL() throws -> (url: String, directory: TemporaryDirectory) {
    let directory = try TemporaryDirectory()
    return ("sqlite:\(directory.file("links.sqlite").path)", directory)
  }

  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  @Test func keysLifecycle() throws {
    let (url, directory) = try Self.sqliteURL()
    let created = try Linkgen.run([
      "keys", "create", "--scope", "links:create,stats:read", "--name", "ci", "--format", "json",
      "--database", url,
    ])
    #expect(created.status == 0, "\(created.error)")
    let object = try #require(try Self.json(created.output) as? [String: Any])
    #expect(Set(object.keys) == ["id", "key", "scopes"])
    let id = try #require(object["id"] as? String)
    let key = try #require(object["key"] as? String)
    #expect(key.hasPrefix("lgk_\(id)_"))
    #expect(object["scopes"] as? [String] == ["links:create", "stats:read"])

    let text = try Linkgen.run(["keys", "create", "--scope", "links:delete", "--database", url])
    #expect(text.status == 0)
    #expect(text.output.hasPrefix("lgk_") && text.output.split(separator: "\n").count == 1)
    #expect(text.error.contains("not shown again"))

    let list = try Linkgen.run(["keys", "list", "--format", "json", "--database", url])
    #expect(list.status == 0)
    let keys = try #require(try Self.json(list.output) as? [[String: Any]])
    // Keys made in the same second list in id order.
    let first = keys.first { $0["id"] as? String == id }
    #expect(keys.count == 2 && first?["name"] as? String == "ci")
    #expect(!list.output.contains(key) && !list.output.contains("lgk_"))
    // The file holds no key either: only hashes.
    let file = try Data(contentsOf: directory.file("links.sqlite"))
    #expect(file.range(of: Data(key.utf8)) == nil)

    let revoked = try Linkgen.run(["keys", "revoke", id, "--database", url])
    #expect(revoked.status == 0 && revoked.output == "revoked key \(id)\n")
    let table = try Linkgen.run(["keys", "list", "--database", url])
    #expect(table.output.hasPrefix("id"))
    #expect(table.output.contains("revoked ") && table.output.contains("active"))

    let unknown = try Linkgen.run(["keys", "revoke", "zzzzzzzz", "--database", url])
    #expect(unknown.status == 65 && unknown.error.contains("no API key has the id 'zzzzzzzz'"))
  }

  @Test(
    arguments: [
      (["keys", "create"], 64, "--scope"),
      (["keys", "create", "--scope", "links:read"], 64, "unknown scope 'links:read'"),
      (["keys", "list", "--database", "mysql://x@y/z"], 78, "must start with sqlite:"),
      (["keys", "list", "--database", "sqlite:/nonexistent-linkgen/x.sqlite"], 78, "cannot open"),
      (["keys", "list", "--database", "postgres://u:secret@127.0.0.1:1/db"], 69, "unreachable"),
      (["stats", "--from", "2026-13-01"], 64, "not a date"),
      (["stats", "--html", "report.html", "--format", "json"], 64, "leave out --format json"),
      (["stats", "--by", "colour"], 64, "unknown column 'colour'"),
      (["stats", "--from", "2026-11-02", "--to", "2026-11-01"], 64, "is after --to"),
    ] as [([String], Int32, String)]
  )
  func errors(arguments: [String], status: Int32, message: String) throws {
    let directory = try TemporaryDirectory()
    let result = try Linkgen.run(arguments, in: directory.url)
    #expect(result.status == status, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(!result.error.contains("secret"))
  }

  @Test func environmentVariableNamesTheDatabase() throws {
    let (url, directory) = try Self.sqliteURL()
    let result = try Linkgen.run(
      ["keys", "create", "--scope", "links:create"],
      environment: ["LINKGEN_DATABASE_URL": url]
    )
    #expect(result.status == 0)
    #expect(
      FileManager.default.fileExists(atPath: directory.file("links.sqlite").path)
    )
  }

  /// Two processes open one fresh database at the same moment: both migrate safely.
  @Test func twoProcessesStartOnOneSQLiteFile() throws {
    let (url, directory) = try Self.sqliteURL()
    try withExtendedLifetime(directory) { try Self.twoProcesses(url) }
  }

  @Test(.enabled(if: TestPostgres.isReachable, "\(TestPostgres.skipMessage)"))
  func twoProcessesStartOnOnePostgresSchema() throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    try Self.twoProcesses(TestPostgres.url(schema: schema))
  }

  static func twoProcesses(_ url: String) throws {
    let results = NSLock()
    nonisolated(unsafe) var statuses: [Int32] = []
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let result = try? Linkgen.run([
        "keys", "create", "--scope", "links:create", "--database", url,
      ])
      results.withLock { statuses.append(result?.status ?? -1) }
    }
    #expect(statuses == [0, 0])
    let list = try Linkgen.run(["keys", "list", "--format", "json", "--database", url])
    #expect((try Self.json(list.output) as? [Any])?.count == 2)
  }

  @Test func statsFromRecordedClicks() async throws {
    let (url, directory) = try Self.sqliteURL()
    defer { withExtendedLifetime(directory) {} }
    let day = try #require(ClickDay("2026-11-20"))
    try await LinkStore.withStore(try DatabaseURL(url), table: nil) { store in
      for index in 0..<7 {
        store.record(
          ClickEvent(
            date: day.start.addingTimeInterval(Double(index) * 60),
            route: "shared-checklist",
            code: "spring-sale",
            visitor: index < 5 ? .human : .bot(BotReason(.crawler, "slackbot")),
            platform: .ios
          )
        )
      }
      store.record(
        ClickEvent(
          kind: .storeTap,
          date: day.start,
          route: "shared-checklist",
          code: "spring-sale",
          visitor: .human,
          platform: .ios
        )
      )
    }
    let json = try Linkgen.run([
      "stats", "--from", "2026-11-20", "--to", "2026-11-21", "--format", "json", "--database", url,
    ])
    #expect(json.status == 0, "\(json.error)")
    let object = try #require(try Self.json(json.output) as? [String: Any])
    let rows = try #require(object["rows"] as? [[String: Any]])
    #expect(rows.count == 1)
    #expect(rows.first?["route"] as? String == "shared-checklist")
    #expect(rows.first?["link"] as? String == "spring-sale")
    #expect(rows.first?["day"] as? String == "2026-11-20")
    #expect(rows.first?["clicks"] as? Int == 5 && rows.first?["bots"] as? Int == 2)
    #expect(rows.first?["storeTaps"] as? Int == 1)
    #expect((rows.first?["botReasons"] as? [String: Int]) == ["crawler:slackbot": 2])

    let text = try Linkgen.run([
      "stats", "--from", "2026-11-20", "--to", "2026-11-20", "--database", url,
    ])
    #expect(text.status == 0)
    let lines = text.output.split(separator: "\n")
    #expect(lines.first?.hasPrefix("route") == true)
    #expect(
      lines.count == 2 && lines[1].contains("spring-sale")
        && lines[1].contains("crawler:slackbot 2")
    )

    let empty = try Linkgen.run([
      "stats", "--from", "2020-01-01", "--to", "2020-01-02", "--database", url,
    ])
    #expect(empty.output == "no clicks from 2020-01-01 to 2020-01-02\n")

    // --html: the overview as one file that needs nothing else: no script, nothing fetched.
    let report = directory.file("report.html").path
    let html = try Linkgen.run([
      "stats", "--from", "2026-11-20", "--to", "2026-11-21", "--html", report, "--database", url,
    ])
    #expect(html.status == 0 && html.output.isEmpty, "\(html.error)")
    let page = try String(contentsOfFile: report, encoding: .utf8).lowercased()
    #expect(page.hasPrefix("<!doctype html>") && page.contains("<svg"))
    #expect(page.contains("spring-sale") && page.contains("shared-checklist"))
    for fetch in ["<script", "<link", "src=", "url(", "@import"] {
      #expect(!page.contains(fetch), "the report has \(fetch)")
    }
  }
}
