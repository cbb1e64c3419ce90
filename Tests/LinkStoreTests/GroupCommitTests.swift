import Foundation
import LinkStore
import Testing

/// Concurrent creates on one store: on SQLite they share commits (group commit), on
/// PostgreSQL they use the pool's connections. Every link lands, and a slug taken inside the
/// same group fails only its own request.
enum GroupCommit {
  static func concurrentCreatesAllLandAndASlugConflictFailsAlone(_ backend: TestBackend)
    async throws
  {
    try await TestDatabase.with(backend) { database in
      try await database.withStore { store throws in
        let outcomes = await withTaskGroup(of: Result<ShortLink, StoreError>.self) { group in
          for index in 0..<48 {
            // Six requests ask for one slug, in among the others.
            let slug = index.isMultiple(of: 8) ? "same-slug" : nil
            group.addTask {
              do throws(StoreError) {
                return .success(try await store.createLink(request(index, slug: slug)))
              } catch {
                return .failure(error)
              }
            }
          }
          var outcomes: [Result<ShortLink, StoreError>] = []
          for await outcome in group { outcomes.append(outcome) }
          return outcomes
        }
        let created = outcomes.compactMap { try? $0.get() }
        let failures = outcomes.compactMap { outcome -> StoreError? in
          if case .failure(let error) = outcome { return error }
          return nil
        }
        #expect(created.count == 43, "42 random codes and the slug once")
        #expect(failures.count == 5)
        #expect(failures.allSatisfy { $0.code == .slugTaken && $0.field == "slug" })
        #expect(Set(created.map(\.code)).count == created.count)
        for link in created {
          let state = try await store.link(code: link.code)
          #expect(state == .active(link))
        }
      }
      // A new store (new connections) reads them all back.
      try await database.withStore { store throws in
        let slug = try await store.link(code: "same-slug")
        #expect(slug.link?.route == "shared-checklist")
      }
    }
  }

  /// A request with its own id, so that each link is told apart.
  static func request(_ index: Int, slug: String?) -> NewShortLink {
    let id = String(format: "3f2504e0-4f89-11d3-9a0c-%012x", index)
    return NewShortLink(route: "shared-checklist", arguments: ["id": id], slug: slug)
  }
}

@Suite struct SQLiteGroupCommitTests {
  @Test func concurrentCreatesAllLandAndASlugConflictFailsAlone() async throws {
    try await GroupCommit.concurrentCreatesAllLandAndASlugConflictFailsAlone(.sqlite)
  }
}

@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresGroupCommitTests {
  @Test func concurrentCreatesAllLandAndASlugConflictFailsAlone() async throws {
    try await GroupCommit.concurrentCreatesAllLandAndASlugConflictFailsAlone(.postgres)
  }
}
