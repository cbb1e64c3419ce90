import Foundation
import Testing

@testable import LinkStore

extension Conformance {
  /// The API's key check (`authenticate(_:cached: true)`) trusts a verified key for
  /// `keyCacheTTL`: a revocation through the same store is seen at once, one through another
  /// store (another process, another server copy) once the entry expires.
  static func cachedKeysAndRevocation(_ backend: TestBackend) async throws {
    try await TestDatabase.with(backend) { database in
      var short = TestDatabase.options
      short.keyCacheTTL = .milliseconds(200)
      var long = TestDatabase.options
      long.keyCacheTTL = .seconds(3600)
      try await database.withStore(options: long) { admin in
        try await database.withStore(options: short) { server in
          try await database.withStore(options: long) { slow in
            let key = try await admin.createKey(scopes: [.linksCreate])
            #expect(try await server.authenticate(key.key, cached: true) == key.info)
            #expect(try await slow.authenticate(key.key, cached: true) == key.info)
            try await admin.revokeKey(id: key.info.id)
            // The database says so at once; a cache trusts the key until its entry expires.
            #expect(try await server.authenticate(key.key) == nil)
            #expect(try await slow.authenticate(key.key, cached: true) == key.info)
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await server.authenticate(key.key, cached: true) == nil)

            // Revoked through the store that cached it: refused at once.
            let own = try await slow.createKey(scopes: [.linksCreate])
            #expect(try await slow.authenticate(own.key, cached: true) == own.info)
            try await slow.revokeKey(id: own.info.id)
            #expect(try await slow.authenticate(own.key, cached: true) == nil)

            // A wrong secret for a cached key's id is read from the database and refused.
            let live = try await slow.createKey(scopes: [.statsRead])
            #expect(try await slow.authenticate(live.key, cached: true) == live.info)
            var wrong = Array(live.key)
            wrong[wrong.count - 1] = wrong.last == "a" ? "b" : "a"
            #expect(try await slow.authenticate(String(wrong), cached: true) == nil)
          }
        }
      }
    }
  }
}

@Suite struct KeyCacheTests {
  @Test func sqlite() async throws { try await Conformance.cachedKeysAndRevocation(.sqlite) }

  @Test(.enabled(if: PostgresServer.isReachable, "\(PostgresServer.skipMessage)"))
  func postgres() async throws { try await Conformance.cachedKeysAndRevocation(.postgres) }

  @Test("a full cache drops what expired, then everything, and stays bounded")
  func bounded() {
    let cache = KeyCache(lifetime: .seconds(60))
    let now = ContinuousClock.now
    let key = APIKey(
      id: "aaaaaaaa",
      scopes: [.linksCreate],
      name: nil,
      createdAt: .now,
      revokedAt: nil
    )
    for index in 0...KeyCache.maximumEntries {
      cache.keep(key, hash: [UInt8(index & 0xFF), UInt8(index >> 8)], generation: 0, now: now)
    }
    #expect(cache.key(hash: [0, 0], now: now) == nil)
    #expect(cache.key(hash: [0, 4], now: now) == key)  // the 1,025th, kept after the clear
    // Entries expire; a revocation in between keeps a key read before it out.
    #expect(cache.key(hash: [0, 4], now: now + .seconds(61)) == nil)
    let generation = cache.generation
    cache.forget(id: "bbbbbbbb")
    cache.keep(key, hash: [9], generation: generation, now: now)
    #expect(cache.key(hash: [9], now: now) == nil)
  }
}
