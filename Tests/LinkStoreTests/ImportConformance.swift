import Foundation
import LinkKit
import Testing

@testable import LinkStore

/// Imports on both backends: kept paths, all or nothing, idempotence, conflicts, history.
enum ImportConformance {
  static func uuid(_ n: Int) -> String {
    let hex = String(n, radix: 16)
    return "3f2504e0-4f89-11d3-9a0c-" + String(repeating: "0", count: 12 - hex.count) + hex
  }

  static func link(_ n: Int, path: String? = nil) -> ImportedLink {
    ImportedLink(
      keptPath: path ?? "/Ab\(n)",
      route: "shared-checklist",
      arguments: ["id": uuid(n)],
      label: "link \(n)",
      createdAt: Date(timeIntervalSince1970: 1_600_000_000 + Double(n))
    )
  }

  static func thousandRowsAndIdempotence(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var links = (0..<1000).map { link($0) }
        links[7].isArchived = true
        links[8].card = SocialCard(title: "Spring, sale", description: nil, imageURL: nil)
        links[9].history = [
          HistoryCount(platform: "IOS", event: "CLICK", count: 12),
          HistoryCount(platform: "ANDROID", event: "APP_INSTALL", count: 3),
        ]
        let first = try await store.importLinks(links, source: "fdl", now: testNow)
        #expect(first.committed && first.created.count == 1000 && first.problems.isEmpty)
        #expect(first.historyCounts == 2)
        let again = try await store.importLinks(links, source: "fdl", now: testNow)
        #expect(again.committed && again.created.isEmpty && again.unchanged.count == 1000)
        #expect(again.historyCounts == 0, "equal history counts are left alone")

        let found = try await store.link(keptPath: "/Ab5", now: testNow)
        guard case .active(let active) = found else {
          Issue.record("expected /Ab5 to be active: \(found)")
          return
        }
        #expect(active.keptPath == "/Ab5" && active.label == "link 5")
        #expect(active.importedFrom == "fdl")
        #expect(active.createdAt == Date(timeIntervalSince1970: 1_600_000_005))
        let byCode = try await store.link(code: active.code, now: testNow)
        #expect(byCode == found, "the kept path answers what /s/<code> answers")
        #expect(try await store.link(keptPath: "/ab5", now: testNow) == .notFound)
        guard case .expired = try await store.link(keptPath: "/Ab7", now: testNow) else {
          Issue.record("an archived link is imported as expired")
          return
        }
        let carded = try await store.link(keptPath: "/Ab8", now: testNow).link
        #expect(carded?.card?.title == "Spring, sale")
      }
    }
  }

  static func aProblemRollsBackTheWholeRun(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var links = (0..<50).map { link($0) }
        links[49].arguments = ["id": "not-a-uuid"]
        let refused = try await store.importLinks(links, source: "fdl")
        #expect(!refused.committed && refused.problems.map(\.index) == [49])
        #expect(refused.problems.first?.kind == .invalid)
        #expect(try await store.link(keptPath: "/Ab0") == .notFound, "nothing was written")

        let dry = try await store.importLinks(
          Array(links[0..<10]),
          source: "fdl",
          options: ImportOptions(dryRun: true)
        )
        #expect(!dry.committed && dry.created.count == 10)
        #expect(try await store.link(keptPath: "/Ab0") == .notFound, "a dry run writes nothing")

        let skipped = try await store.importLinks(
          links,
          source: "fdl",
          options: ImportOptions(skipProblems: true)
        )
        #expect(skipped.committed && skipped.created.count == 49)
        #expect(try await store.link(keptPath: "/Ab0").link != nil)
      }
    }
  }

  static func conflictsAreNeverOverwritten(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        _ = try await store.importLinks([link(1, path: "/AbCd")], source: "fdl")
        let before = try await store.link(keptPath: "/AbCd").link
        let clash = try await store.importLinks(
          [link(2), link(3, path: "/AbCd"), link(4, path: "/x"), link(5, path: "/x")],
          source: "branch"
        )
        #expect(!clash.committed)
        #expect(clash.problems.map(\.index) == [1, 3])
        #expect(clash.problems.allSatisfy { $0.kind == .conflict })
        #expect(try await store.link(keptPath: "/AbCd").link == before)
        #expect(try await store.link(keptPath: "/Ab2") == .notFound)
        let reserved = try await store.importLinks(
          [
            link(6, path: "/s/abc"), link(7, path: "/api/x"), link(8, path: "/a/../b"),
            link(9, path: "/a%20b"), link(10, path: "/.well-known/x"),
            link(11, path: "/shared-checklists/\(uuid(1))"),
          ],
          source: "csv"
        )
        #expect(
          reserved.problems.count == 6 && reserved.problems.allSatisfy { $0.kind == .invalid }
        )
      }
    }
  }

  static func historyIsKeptApart(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store in
        var first = link(1)
        first.history = [HistoryCount(platform: "IOS", event: "CLICK", count: 12)]
        _ = try await store.importLinks([first, link(2)], source: "fdl")
        // A later run with more history adds it to the link already imported.
        first.history.append(HistoryCount(platform: "DESKTOP", event: "CLICK", count: 4))
        let later = try await store.importLinks([first], source: "fdl")
        #expect(later.unchanged == ["/Ab1"] && later.historyCounts == 1)
        let today = ClickDay(Date())
        let report = try await store.stats(StatsQuery(from: today, to: today))
        #expect(report.rows.isEmpty, "history is not counted as linkgen's clicks")
        let code = try #require(try await store.link(keptPath: "/Ab1").link?.code)
        #expect(
          report.history.map { "\($0.code ?? "") \($0.platform) \($0.event) \($0.count)" }
            == ["\(code) DESKTOP CLICK 4", "\(code) IOS CLICK 12"]
        )
      }
    }
  }
}
