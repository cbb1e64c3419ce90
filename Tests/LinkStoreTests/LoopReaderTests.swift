import Foundation
import LinkgenTestSupport
import NIOCore
import NIOPosix
import Testing

@testable import LinkStore

@Suite struct LoopReaderBudgetTests {
  /// The loops' own connections are half of a copy's at most, one per loop at most.
  @Test func loopsTakeAtMostHalfOfTheConnections() {
    #expect(PostgresLoopReaders.limit(connections: 10, loops: 2) == 2)
    #expect(PostgresLoopReaders.limit(connections: 10, loops: 64) == 5)
    #expect(PostgresLoopReaders.limit(connections: 3, loops: 8) == 1)
    #expect(PostgresLoopReaders.limit(connections: 1, loops: 8) == 0)
  }
}

@Suite(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
struct PostgresLoopReaderTests {
  /// Short links looked up on event loops (as `linkgen serve` looks up a cold short link) are
  /// read on each loop's own connection, within the copy's budget of connections. Before those
  /// connections are open, and after the server kills them, the pool answers: every lookup
  /// gets the right state or, while connections are replaced, `unavailable`; never a wrong one.
  @Test func loopsReadOnTheirOwnConnectionsWithinTheBudget() async throws {
    var options = TestDatabase.options
    options.postgresConnections = 4
    try await withinLimit(.seconds(300)) { [options] in
      try await PostgresServer.withKillableStore(options: options) { store, application in
        var made: [ShortLink] = []
        for _ in 0..<6 { made.append(try await store.createLink(Conformance.checklist())) }
        let links = made
        let backend = try #require(store.backend as? PostgresBackend)
        let loops = Array(MultiThreadedEventLoopGroup.singleton.makeIterator())
        let expected = PostgresLoopReaders.limit(connections: 4, loops: loops.count)
        #expect(expected >= 1)
        try await Self.lookUpUntil(store, links, on: loops) {
          backend.loopConnectionsOpen == expected
        }
        // Lookups on every loop at once, beside creates: read on the loops' connections, and
        // never more connections than the budget.
        let readsBefore = backend.loopReads
        try await store.lookUpOnEveryLoop(links)
        #expect(backend.loopReads > readsBefore)
        #expect(try await Self.connections(application) <= 4)
        try await PostgresServer.killConnections(of: application)
        try await Self.lookUpUntil(store, links, on: loops) {
          backend.loopConnectionsOpen == expected
        }
        #expect(try await Self.connections(application) <= 4)
      }
    }
  }

  /// Looks every link up on every loop until `done` holds (500 rounds at most, each lookup
  /// bounded by the operation timeout); each answer is the link, or `unavailable` while killed
  /// connections are replaced.
  private static func lookUpUntil(
    _ store: LinkStore,
    _ links: [ShortLink],
    on loops: [any EventLoop],
    _ done: () -> Bool
  ) async throws {
    var rounds = 0
    var allAnswered = false
    while !(allAnswered && done()), rounds < 500 {
      rounds += 1
      allAnswered = true
      for loop in loops {
        for link in links {
          switch await store.lookUp(link.code, on: loop) {
          case .success(let state): #expect(state == .active(link))
          case .failure(let error):
            #expect(error.code == .unavailable)
            allAnswered = false
          }
        }
      }
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(allAnswered && done(), "after \(rounds) rounds")
  }

  private static func connections(_ application: String) async throws -> Int {
    try await PostgresServer.count(
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = '\(application)'"
    )
  }
}
