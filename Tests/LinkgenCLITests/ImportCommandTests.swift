import Foundation
import LinkKit
import LinkStore
import LinkgenTestSupport
import Testing

/// `linkgen import fdl|branch|csv`, run as processes against a real SQLite database (and
/// PostgreSQL when reachable).
@Suite(.blockingWork) struct ImportCommandTests {
  static let config = PackagePaths.example("openlist").path

  static func fixture(_ name: String) -> String {
    PackagePaths.root.appendingPathComponent("Tests/LinkImportTests/Fixtures/\(name)").path
  }

  static func importing(_ arguments: [String], database: String) throws -> Linkgen.Result {
    try Linkgen.run(["import"] + arguments + ["--config", config, "--database", database])
  }

  static func kept(_ path: String, database: String) async throws -> ShortLinkState {
    let table = try RouteTable(contentsOf: PackagePaths.example("openlist"))
    return try await LinkStore.withStore(try DatabaseURL(database), table: table) { store in
      try await store.link(keptPath: path)
    }
  }

  @Test func aMissWritesNothingAndExits65() async throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let takeout = Self.fixture("takeout-openlist.example.com.csv")
    let refused = try Self.importing(["fdl", "--input", takeout], database: database)
    #expect(refused.status == 65, "\(refused.error)")
    #expect(
      refused.error.contains("takeout-openlist.example.com.csv:7: https://links.other.example/ZZzz")
    )
    #expect(refused.output.contains("1 missed: nothing was written"))
    #expect(try await Self.kept("/AbCd", database: database) == .notFound)
  }

  @Test func dryRunThenImportThenAgain() async throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let misses = directory.file("misses.csv").path
    let arguments = [
      "fdl", "--input", Self.fixture("takeout-openlist.example.com.csv"), "--stats",
      Self.fixture("getLinkStats.json"), "--skip-misses", "--misses", misses,
    ]
    let dry = try Self.importing(arguments + ["--dry-run"], database: database)
    #expect(dry.status == 0, "\(dry.error)")
    #expect(dry.output.contains("4 would be created") && dry.output.contains("dry run"))
    #expect(
      try await Self.kept("/AbCd", database: database) == .notFound,
      "a dry run writes nothing"
    )
    #expect(!FileManager.default.fileExists(atPath: misses))

    let run = try Self.importing(arguments, database: database)
    #expect(run.status == 0, "\(run.error)")
    #expect(run.output.contains("4 created") && run.output.contains("7 history counts written"))
    let written = try String(contentsOfFile: misses, encoding: .utf8)
    #expect(written.hasPrefix("file,line,link,error\r\n"))
    #expect(written.contains(",7,https://links.other.example/ZZzz,"))
    let link = try #require(try await Self.kept("/AbCd", database: database).link)
    #expect(link.route == "shared-checklist" && link.label == "Groceries,\nshared")
    guard case .expired = try await Self.kept("/old9", database: database) else {
      Issue.record("an archived row is imported as expired")
      return
    }

    let again = try Self.importing(arguments, database: database)
    #expect(again.status == 0)
    #expect(again.output.contains("0 created") && again.output.contains("4 already imported"))
    #expect(again.output.contains("0 history counts written"))

    let stats = try Linkgen.run([
      "stats", "--by", "route,link", "--format", "json", "--database", database,
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any]
    )
    let before = try #require(object["beforeMove"] as? [[String: Any]])
    #expect(before.count == 7 && (object["rows"] as? [Any])?.isEmpty == true)
    #expect(before.contains { $0["link"] as? String == link.code && $0["count"] as? Int == 12 })
    let text = try Linkgen.run(["stats", "--by", "route", "--database", database])
    #expect(text.output.contains("before the move"))
  }

  @Test func aConflictIsReportedNeverOverwritten() async throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let first = directory.file("first.csv").path
    try "path,code,role\n/welcome,FIRST1,viewer\n".write(
      toFile: first,
      atomically: true,
      encoding: .utf8
    )
    #expect(
      try Self.importing(["csv", "--input", first, "--route", "invite"], database: database).status
        == 0
    )
    let clash = try Self.importing(
      ["csv", "--input", Self.fixture("generic-invites.csv"), "--route", "invite"],
      database: database
    )
    #expect(clash.status == 65)
    #expect(
      clash.error.contains(
        "generic-invites.csv:2: /welcome: the path '/welcome' already holds another link"
      )
    )
    #expect(try await Self.kept("/team", database: database) == .notFound, "the run wrote nothing")
    #expect(
      try await Self.kept("/welcome", database: database).link?.values["code"]?.description
        == "FIRST1"
    )
  }

  @Test func branchAndUsageErrors() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let branch = try Self.importing(
      [
        "branch", "--input", Self.fixture("branch-export.csv"), "--skip-misses", "--misses",
        directory.file("m.csv").path,
      ],
      database: database
    )
    #expect(branch.status == 0 && branch.output.contains("2 created"), "\(branch.error)")
    let missing = try Self.importing(
      ["csv", "--input", directory.file("none.csv").path, "--route", "invite"],
      database: database
    )
    #expect(missing.status == 66)
    let noRoute = try Self.importing(
      ["csv", "--input", Self.fixture("generic-invites.csv")],
      database: database
    )
    #expect(noRoute.status == 64)
    let help = try Linkgen.run(["import", "fdl", "--help"])
    #expect(help.output.contains("Takeout") && help.output.contains("Examples:"))
  }

  @Test(.enabled(if: TestPostgres.isReachable, "\(TestPostgres.skipMessage)"))
  func importsIntoPostgreSQL() async throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let database = TestPostgres.url(schema: schema)
    let arguments = ["csv", "--input", Self.fixture("generic-invites.csv"), "--route", "invite"]
    let run = try Self.importing(arguments, database: database)
    #expect(run.status == 0 && run.output.contains("2 created"), "\(run.error)")
    let again = try Self.importing(arguments, database: database)
    #expect(again.output.contains("2 already imported"))
    #expect(try await Self.kept("/team", database: database).link?.label == "Team, all hands")
  }
}
