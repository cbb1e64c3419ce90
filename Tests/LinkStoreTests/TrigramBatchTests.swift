import Foundation
import Testing

@testable import LinkStore

/// SQLite's trigram index written in batches (schema 7): whatever links are made, changed and
/// deleted, on either side of the index's mark, the FTS5 index holds exactly the text rows up to
/// the mark — checked by bringing it up to date by hand and asking FTS5 to compare it with its
/// content (`integrity-check`), which fails on a row missing, left over or indexed twice.
struct TrigramBatchTests {
  @Test func indexHoldsExactlyTheRowsUpToItsMark() async throws {
    try await TestDatabase.with(.sqlite) { database in
      try await database.withStore { store in
        let batch = Migration.trigramBatch
        // Rows 1…batch + 20: the row `batch` indexed the ones before it.
        try await ConsoleConformance.otherLinks(store, count: batch + 20)
        #expect(try await Self.mark(store) == batch - 1)
        for (code, text) in [("~other7", "below"), ("~other\(batch + 5)", "above")] {
          try await store.backend.execute(
            "UPDATE linkgen_links SET params = '{\"a\":\"\(text)\"}' WHERE code = '\(code)'"
          )
        }
        #expect(try await Self.matches(store, "below") == 1)
        #expect(try await Self.matches(store, "above") == 0)
        try await store.backend.execute(
          "DELETE FROM linkgen_links WHERE code IN ('~other9', '~other\(batch + 9)')"
        )
        try await Self.expectConsistent(store)
        // The highest rows deleted: the next link takes an id at the mark, indexed at once.
        try await store.backend.execute(
          """
          DELETE FROM linkgen_links WHERE code IN (
            SELECT code FROM linkgen_link_text WHERE id >= \(batch - 1))
          """
        )
        _ = try await store.createLink(Conformance.checklist())
        #expect(try await Self.matches(store, "0305e82c3301") == 1)
        try await Self.expectConsistent(store)
        // Another batch: created links go in beside the rest.
        for _ in 0..<(batch + 3) { _ = try await store.createLink(Conformance.checklist()) }
        #expect(try await Self.mark(store) > batch)
        try await Self.expectConsistent(store)
      }
    }
  }

  private static func mark(_ store: LinkStore) async throws -> Int {
    let rows = try await store.console(
      ConsoleStatement("SELECT id FROM linkgen_link_trigrams_indexed", columns: [.integer])
    )
    return try #require(rows.first?.first).int
  }

  private static func matches(_ store: LinkStore, _ text: String) async throws -> Int {
    let rows = try await store.console(
      ConsoleStatement(
        "SELECT count(*) FROM linkgen_link_trigrams WHERE linkgen_link_trigrams MATCH ?",
        [.text(LinkStore.ftsPhrase(text))],
        columns: [.integer]
      )
    )
    return try #require(rows.first?.first).int
  }

  /// Indexes the rows above the mark as the next batch would, then has FTS5 check the index
  /// against the text rows (an SQLite error if they differ).
  private static func expectConsistent(_ store: LinkStore) async throws {
    try await store.backend.execute(
      """
      INSERT INTO linkgen_link_trigrams (rowid, text) SELECT id, text FROM linkgen_link_text
      WHERE id > (SELECT id FROM linkgen_link_trigrams_indexed)
      """
    )
    try await store.backend.execute(
      """
      UPDATE linkgen_link_trigrams_indexed
      SET id = (SELECT COALESCE(MAX(id), 0) FROM linkgen_link_text)
      """
    )
    try await store.backend.execute(
      "INSERT INTO linkgen_link_trigrams (linkgen_link_trigrams, rank) VALUES ('integrity-check', 1)"
    )
  }
}
