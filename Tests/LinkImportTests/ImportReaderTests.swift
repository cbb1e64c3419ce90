import Foundation
import LinkImport
import LinkKit
import LinkgenTestSupport
import Testing

/// The readers over fixtures written from the vendors' documented formats.
@Suite struct ImportReaderTests {
  let table: RouteTable

  init() throws {
    table = try RouteTable(contentsOf: PackagePaths.example("openlist"))
  }

  static func fixture(_ name: String) -> String {
    PackagePaths.root.appendingPathComponent("Tests/LinkImportTests/Fixtures/\(name)").path
  }

  @Test func takeoutWithEveryColumnABOMAndQuotedFields() throws {
    let file = Self.fixture("takeout-openlist.example.com.csv")
    let batch = try TakeoutReader(table: table).read(file: file)
    #expect(batch.records.map(\.keptPath) == ["/AbCd", "/Xy12", "/old9", "/Q7rT5pLmN2xY8zK3w"])
    #expect(batch.ignoredColumns.isEmpty, "every one of the 29 columns is recognized")
    let first = try #require(batch.records.first)
    #expect(first.route == "shared-checklist")
    #expect(first.arguments == ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"])
    #expect(first.label == "Groceries,\nshared")
    #expect(first.card?.title == "Groceries, for the week")
    #expect(first.card?.description == "Milk, eggs, bread")
    #expect(first.createdAt == Date(timeIntervalSince1970: 1_614_834_367))
    #expect(first.location.line == 2)
    // A quoted field with a line break: the next record starts two lines further down.
    #expect(batch.records[1].location.line == 4)
    #expect(batch.records[1].label == "Invite \"editors\"")
    #expect(batch.records[1].arguments == ["code": "ABC123", "role": "editor"])
    #expect(batch.records[2].isArchived && !first.isArchived)
    let miss = try #require(batch.misses.first)
    #expect(batch.misses.count == 1 && miss.location == ImportLocation(file: file, line: 7))
    #expect(miss.message.contains("links.other.example is not a domain of the route table"))
  }

  @Test func aDomainKeepsOnlyItsRows() throws {
    let file = Self.fixture("takeout-openlist.example.com.csv")
    let batch = try TakeoutReader(table: table, domain: "www.openlist.example.com").read(file: file)
    #expect(batch.records.isEmpty && batch.misses.count == 5)
    #expect(batch.misses.allSatisfy { $0.message.contains("not on --domain") })
  }

  @Test func foreignAndHostileDeepLinksAreMissesWithTheParsersError() throws {
    let batch = try TakeoutReader(table: table).read(file: Self.fixture("takeout-misses.csv"))
    #expect(batch.records.count == 2)
    #expect(batch.misses.map(\.location.line) == [5, 6])
    #expect(batch.misses[0].message.contains("the host 'evil.example'"))
    #expect(batch.misses[1].message.contains("the scheme 'javascript'"))
  }

  @Test func aListOfLongLinksIsChecked() throws {
    let batch = try TakeoutReader(table: table).read(file: Self.fixture("long-links.txt"))
    #expect(batch.records.isEmpty && batch.longLinks == 1)
    #expect(batch.misses.map(\.location.line) == [2])
  }

  @Test func getLinkStatsCountsAreReadAsStrings() throws {
    let file = Self.fixture("getLinkStats.json")
    let stats = try LinkStatsReader.read(file: file)
    #expect(stats.misses.isEmpty)
    let counts = try #require(stats.counts["https://openlist.example.com/AbCd"])
    #expect(counts.count == 7)
    #expect(counts.first == LinkStatsCount(platform: "IOS", event: "CLICK", count: 12))
    #expect(
      counts.last?.count == 9_007_199_254_740_993,
      "64-bit counts beyond a double's precision"
    )
    #expect(stats.lines["https://openlist.example.com/AbCd"] == 2)
    var batch = try TakeoutReader(table: table).read(file: Self.fixture("takeout-misses.csv"))
    LinkStatsMatch.attach(stats, to: &batch, file: file)
    #expect(batch.records[0].history.count == 7)
  }

  @Test func badStatsAreMissesAtTheirLine() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("stats.json").path
    try Data(
      """
      {
        "https://openlist.example.com/AbCd": {"linkEventStats": [
          {"platform": "IOS", "event": "CLICK", "count": "-1"}]},
        "https://openlist.example.com/Xy12": {"linkEventStats": [
          {"platform": "WATCH", "event": "CLICK", "count": "1"}]}
      }
      """.utf8
    ).write(to: URL(fileURLWithPath: file))
    let stats = try LinkStatsReader.read(file: file)
    #expect(stats.misses.map(\.location.line) == [2, 4])
    #expect(stats.misses[1].message.contains("unknown platform 'WATCH'"))
  }

  @Test func truncatedStatsNameTheFileOnce() throws {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("stats.json").path
    try Data("{\"https://openlist.example.com/AbCd\": ".utf8).write(to: URL(fileURLWithPath: file))
    #expect {
      try LinkStatsReader.read(file: file)
    } throws: { error in
      guard let error = error as? ImportError, error.code == .invalidInput else { return false }
      return error.message == "\(file):1:39: not JSON: it ends in the middle of a value"
    }
  }

  @Test func branchExport() throws {
    let batch = try BranchReader(table: table).read(file: Self.fixture("branch-export.csv"))
    #expect(batch.records.map(\.keptPath) == ["/spring", "/team-invite"])
    #expect(batch.records[0].label == "spring-sale · email · marketing")
    #expect(batch.records[0].card?.title == "Spring, sale")
    #expect(batch.records[1].arguments == ["code": "TEAM42", "role": "viewer"])
    #expect(batch.ignoredColumns == ["~tags"])
    #expect(batch.misses.map(\.location.line) == [4])
    #expect(batch.misses.first?.message.contains("example.app.link") == true)
  }

  @Test func genericCSV() throws {
    let reader = RouteCSVReader(table: table, route: "invite")
    let batch = try reader.read(file: Self.fixture("generic-invites.csv"))
    #expect(batch.records.map(\.keptPath) == ["/welcome", "/team"])
    #expect(batch.records[1].label == "Team, all hands")
    #expect(batch.records[0].arguments == ["code": "WELCOME1", "role": "editor"])
    #expect(batch.ignoredColumns == ["clicks"])
    #expect(throws: ImportError.self) {
      try RouteCSVReader(table: table, route: "nope").read(
        file: Self.fixture("generic-invites.csv")
      )
    }
  }

  @Test func aFileThatIsNotAnExportIsRefused() throws {
    #expect {
      try BranchReader(table: table).read(file: Self.fixture("generic-invites.csv"))
    } throws: { ($0 as? ImportError)?.code == .invalidInput }
    #expect {
      try TakeoutReader(table: table).read(file: Self.fixture("missing.csv"))
    } throws: { ($0 as? ImportError)?.code == .unreadableInput }
  }
}
