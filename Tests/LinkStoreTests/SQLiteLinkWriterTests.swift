import Foundation
import Testing

@testable import LinkStore

/// The writer of created links' groups on SQLite (its own connection, statements prepared
/// once, one transaction a group).
@Suite struct SQLiteLinkWriterTests {
  /// Codes already taken, in the file or earlier in the group, are left out; the rest are
  /// committed (read back by another connection); a failed group leaves nothing behind and
  /// the writer goes on afterwards.
  @Test func writesAGroupOnceAndRecoversFromALockHeldTooLong() async throws {
    try await TestDatabase.with(.sqlite) { database in
      var options = TestDatabase.options
      options.operationTimeout = .milliseconds(200)
      try await database.withStore(options: options) { store in
        let sqlite = try #require(store.backend as? SQLiteBackend)
        let writer = SQLiteLinkWriter(path: sqlite.path, busyTimeoutMilliseconds: 200)
        let rows = (0..<3).map { Self.row("wr-\($0)") }
        #expect(try await writer.insert(rows) == ["wr-0", "wr-1", "wr-2"])
        #expect(try await writer.insert([Self.row("wr-1"), Self.row("wr-3")]) == ["wr-3"])
        #expect(try await store.link(code: "wr-3").link?.route == "shared-checklist")
        try await sqlite.pool.withWriteTransaction { _ throws(StoreError) in
          do throws(StoreError) {
            _ = try await writer.insert([Self.row("wr-4")])
            Issue.record("the write should wait for the lock and give up")
          } catch {
            #expect(error.code == .unavailable)
          }
        }
        #expect(try await store.link(code: "wr-4") == .notFound)
        #expect(try await writer.insert([Self.row("wr-4")]) == ["wr-4"])
        await writer.close()
        await #expect(throws: StoreError.self) { try await writer.insert([Self.row("wr-5")]) }
      }
    }
  }

  private static func row(_ code: String) -> LinkRow {
    LinkRow(
      code: code,
      route: "shared-checklist",
      params: #"{"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}"#,
      createdAt: 1_795_000_000,
      expiresAt: nil,
      maxVisits: nil,
      visits: 0,
      custom: false,
      keyID: nil
    )
  }
}
