import Foundation
import PostgresNIO
import Testing

@testable import LinkStore

/// Lookups made at once (on PostgreSQL they share one statement) answer exactly what each
/// gives alone: active, expired, used up, deleted, a code in other letters, not found.
enum ConcurrentReads {
  static func answerAsAlone(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store throws in
        let codes = try await makeLinks(store)
        let later = Date().addingTimeInterval(7_200)
        var lookups: [(code: String, now: Date)] = []
        for code in codes + ["nothing-here", "NOTHING-HERE", "a"] {
          lookups.append((code, Date()))
          lookups.append((code, later))
          lookups.append((code.uppercased(), Date()))
        }
        var alone: [ShortLinkState] = []
        for lookup in lookups {
          alone.append(try await store.link(code: lookup.code, now: lookup.now))
        }
        #expect(alone.contains { if case .expired = $0 { true } else { false } })
        #expect(alone.contains { if case .exhausted = $0 { true } else { false } })
        #expect(alone.contains(.notFound))
        let together = try await withThrowingTaskGroup(of: (Int, ShortLinkState).self) { group in
          // Each lookup four times, all at once.
          for _ in 0..<4 {
            for (index, lookup) in lookups.enumerated() {
              group.addTask {
                (index, try await store.link(code: lookup.code, now: lookup.now))
              }
            }
          }
          var answers: [(Int, ShortLinkState)] = []
          for try await answer in group { answers.append(answer) }
          return answers
        }
        #expect(together.count == lookups.count * 4)
        for (index, state) in together {
          #expect(state == alone[index], "\(lookups[index].code)")
        }
      }
    }
  }

  /// Links of every kind: plain, expiring in an hour, with one visit used up, deleted.
  private static func makeLinks(_ store: LinkStore) async throws -> [String] {
    var codes: [String] = []
    for index in 0..<24 {
      let id = String(format: "3f2504e0-4f89-11d3-9a0c-%012x", index)
      var request = NewShortLink(route: "shared-checklist", arguments: ["id": id])
      if index % 4 == 1 { request.expiresAt = Date().addingTimeInterval(3_600) }
      if index % 4 == 2 { request.maxVisits = 1 }
      if index == 5 { request.slug = "a-slug" }
      let link = try await store.createLink(request)
      if index % 4 == 2 { _ = try await store.visit(code: link.code) }
      if index % 4 == 3 { try await store.deleteLink(code: link.code) }
      codes.append(link.code)
    }
    return codes
  }
}

@Suite struct SQLiteConcurrentReadTests {
  @Test func lookupsAtOnceAnswerAsAlone() async throws {
    try await ConcurrentReads.answerAsAlone(.sqlite)
  }
}

@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresConcurrentReadTests {
  @Test func lookupsAtOnceAnswerAsAlone() async throws {
    try await ConcurrentReads.answerAsAlone(.postgres)
  }

  /// Lookups whose read waits (here for a lock) get the deadline's error, each its own, and
  /// the next lookup answers once the read can go on.
  @Test func lookupsPastTheirDeadlineAreUnavailable() async throws {
    // The store keeps the tests' generous operation timeout, which also bounds connecting and
    // migrating: with 2 s for those, opening the store at a busy moment of CI's run once took
    // longer than the migration's 48 s. Only the lookups below are given 2 s, through the
    // store's read path (`linkRow(code:timeout:)`, what `link(code:)` calls).
    try await TestDatabase.with(.postgres) { database in
      try await database.withStore { store throws in
        let link = try await store.createLink(
          NewShortLink(
            route: "shared-checklist",
            arguments: ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"]
          )
        )
        let postgres = try #require(store.backend as? PostgresBackend)
        try await postgres.client.withConnection { connection in
          _ = try await connection.query("BEGIN", logger: testLogger)
          _ = try await connection.query(
            "LOCK TABLE linkgen_links IN ACCESS EXCLUSIVE MODE",
            logger: testLogger
          )
          // A lookup without its deadline would wait for the lock: after 30 s the lock goes,
          // so that the test fails instead of hanging.
          let errors = try await withThrowingTaskGroup(of: StoreError?.self) { group in
            for _ in 0..<3 {
              group.addTask {
                do throws(StoreError) {
                  _ = try await store.linkRow(code: link.code, timeout: .seconds(2))
                  return nil
                } catch {
                  return error
                }
              }
            }
            group.addTask {
              try? await Task.sleep(for: .seconds(30))
              return StoreError(.internalError, "no answer within 30 s")
            }
            var errors: [StoreError?] = []
            while errors.count < 3, let error = try await group.next() {
              errors.append(error)
              if error?.code == .internalError { break }
            }
            _ = try await connection.query("ROLLBACK", logger: testLogger)
            group.cancelAll()
            return errors
          }
          #expect(errors.count == 3)
          for error in errors {
            #expect(error?.code == .unavailable)
            #expect(error?.message.contains("did not answer within 2.0 seconds") == true)
          }
        }
        let state = try await store.link(code: link.code)
        #expect(state == .active(try #require(state.link)))
      }
    }
  }
}
