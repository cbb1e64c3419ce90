import Foundation
import LinkKit
import Testing

@testable import LinkStore

/// The read-only connections that answer a short link on the caller's thread
/// (`SQLiteLinkReader`): what they read is what the pool wrote, at once, and they never wait
/// for the writer.
@Suite struct SQLiteLinkReaderTests {
  /// An imported link with every column set, so that each column's read is checked.
  static let imported = LinkRow(
    code: "imported-1",
    route: "shared-checklist",
    params: #"{"id":"3f2504e0-4f89-11d3-9a0c-0305e82c3301"}"#,
    createdAt: 1_700_000_000,
    expiresAt: 4_000_000_000,
    maxVisits: 7,
    visits: 2,
    custom: true,
    keyID: "key-1",
    keptPath: "/AbCd",
    label: "Label é ✓",
    cardTitle: "Title",
    cardDescription: "Description",
    cardImage: "https://example.com/i.png",
    importedFrom: "fdl",
    importedAt: 1_700_000_001
  )

  static func withBackend(_ body: (SQLiteBackend) async throws -> Void) async throws {
    try await TestDatabase.with(.sqlite) { database in
      try await database.withStore { store in
        let backend = try #require(store.backend as? SQLiteBackend)
        try await body(backend)
      }
    }
  }

  static func insert(_ row: LinkRow, _ backend: SQLiteBackend) async throws {
    let inserted = try await backend.insertLink(row)
    #expect(inserted)
  }

  @Test func readsEveryColumnByCodeAndKeptPath() async throws {
    try await Self.withBackend { backend in
      try await Self.insert(Self.imported, backend)
      #expect(backend.pool.reader.link(.code("imported-1")) == .some(Self.imported))
      #expect(backend.pool.reader.link(.keptPath("/AbCd")) == .some(Self.imported))
      #expect(backend.pool.reader.link(.code("imported-2")) == .some(nil))
      #expect(backend.pool.reader.link(.keptPath("/AbCe")) == .some(nil))
    }
  }

  /// The statements are prepared once per connection: a link written, changed or deleted
  /// afterwards is read as it is now, not as it was when the reader last read.
  @Test func seesWhatThePoolWroteSinceItsLastRead() async throws {
    try await Self.withBackend { backend in
      #expect(backend.pool.reader.link(.code("imported-1")) == .some(nil))
      try await Self.insert(Self.imported, backend)
      #expect(backend.pool.reader.link(.code("imported-1"))??.visits == 2)
      let counted = try await backend.countVisit(code: "imported-1", now: 1_800_000_000)
      #expect(counted?.visits == 3)
      #expect(backend.pool.reader.link(.code("imported-1"))??.visits == 3)
      let deleted = try await backend.deleteLink(code: "imported-1")
      #expect(deleted)
      #expect(backend.pool.reader.link(.code("imported-1")) == .some(nil))
    }
  }

  /// WAL readers do not wait for the writer: while a write transaction is open (the write
  /// lock held, a link inserted but not committed), the reader answers at once with the
  /// committed state.
  @Test func readsBesideAnOpenWriteTransaction() async throws {
    try await Self.withBackend { backend in
      var first = Self.imported
      first.code = "committed-1"
      first.keptPath = nil
      try await Self.insert(first, backend)
      let seen = try await backend.pool.withWriteTransaction(commit: false) {
        connection throws(StoreError) in
        try await SQLiteBackend.run(
          connection,
          "INSERT INTO linkgen_links (\(SQLiteBackend.linkColumns)) VALUES "
            + SQLiteBackend.linkPlaceholders,
          SQLiteBackend.binds(Self.imported),
          path: backend.path
        )
        return (
          backend.pool.reader.link(.code("committed-1")),
          backend.pool.reader.link(.code("imported-1"))
        )
      }
      #expect(seen.0 == .some(first))
      #expect(seen.1 == .some(nil))
    }
  }

  /// A reader that cannot open the file answers nothing, so that the pool answers (with its
  /// error mapping); a closed reader too.
  @Test func leavesToThePoolWhatItCannotRead() async throws {
    let reader = SQLiteLinkReader(path: "/nonexistent-directory/links.sqlite")
    #expect(reader.link(.code("abc")) == nil)
    try await Self.withBackend { backend in
      try await Self.insert(Self.imported, backend)
      backend.pool.reader.close()
      #expect(backend.pool.reader.link(.code("imported-1")) == nil)
      let read = try await backend.link(code: "imported-1")
      #expect(read == Self.imported)
    }
  }

  /// `linkWithoutWaiting` (the server's memory path): the same state as `link(code:)` on
  /// SQLite, read without a visit counted; `nil` on PostgreSQL, whose reads always wait.
  @Test func linkWithoutWaitingAnswersAsLinkDoes() async throws {
    try await TestDatabase.with(.sqlite) { database in
      try await database.withStore { store in
        let open = try await store.createLink(Conformance.checklist())
        var limited = Conformance.checklist()
        limited.maxVisits = 1
        let once = try await store.createLink(limited)
        var expiring = Conformance.checklist()
        expiring.expiresAt = Date().addingTimeInterval(3600)
        let brief = try await store.createLink(expiring)
        let later = Date().addingTimeInterval(7200)
        #expect(store.linkWithoutWaiting(code: brief.code) == .active(brief))
        #expect(store.linkWithoutWaiting(code: brief.code, now: later) == .expired(brief))
        #expect(store.linkWithoutWaiting(code: open.code) == .active(open))
        #expect(store.linkWithoutWaiting(code: open.code, now: later) == .active(open))
        #expect(store.linkWithoutWaiting(code: once.code) == .active(once))
        #expect(store.linkWithoutWaiting(code: once.code) == .active(once))
        _ = try await store.visit(code: once.code)
        #expect(store.linkWithoutWaiting(code: once.code)?.isActive == false)
        #expect(store.linkWithoutWaiting(code: "zzzzzzzzzzzz") == .notFound)
        #expect(store.linkWithoutWaiting(code: "../x") == .notFound)
      }
    }
  }

  @Test(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
  func linkWithoutWaitingIsNilOnPostgres() async throws {
    try await TestDatabase.with(.postgres) { database in
      try await database.withStore { store in
        let open = try await store.createLink(Conformance.checklist())
        #expect(store.linkWithoutWaiting(code: open.code) == nil)
      }
    }
  }
}
