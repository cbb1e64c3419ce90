import Foundation
import LinkStore
import NIOCore
import Testing

@testable import LinkStoreServer

/// The server's cache of short links read recently (`LinkCache`): entries end after their
/// time, and the oldest make room for new ones, without a pass over all of them.
@Suite struct LinkCacheTests {
  /// `count` active short links of the example table, made in a fresh SQLite store.
  private static func links(_ count: Int) async throws -> [ShortLink] {
    try await TestDatabase.with(.sqlite) { database in
      try await database.withStore { store in
        var links: [ShortLink] = []
        for index in 0..<count {
          let id = String(format: "3f2504e0-4f89-11d3-9a0c-%012d", index)
          links.append(
            try await store.createLink(
              NewShortLink(route: "shared-checklist", arguments: ["id": id])
            )
          )
        }
        return links
      }
    }
  }

  @Test func entriesEndAfterTheirTimeAndTheirRecordsGoWithThem() async throws {
    let links = try await Self.links(3)
    let cache = LinkCache(ttl: .milliseconds(200))
    for link in links { cache.keep(.active(link)) }
    // Kept again: its older record stays behind until its time, and is then skipped.
    cache.keep(.active(links[0]))
    #expect(cache.count == 3 && cache.records == 4)
    #expect(cache.state(of: links[1].code) == .active(links[1]))

    try await Task.sleep(for: .milliseconds(300))
    #expect(cache.state(of: links[1].code) == nil)
    // The next keep drops every record past its time, and their bytes.
    cache.keep(.active(links[2]))
    #expect(cache.count == 1 && cache.records == 1)
    #expect(cache.bytes == LinkCache.estimatedBytes(of: links[2]))
  }

  @Test func theOldestEntriesMakeRoomForANewOne() async throws {
    let links = try await Self.links(5)
    let size = links.map(LinkCache.estimatedBytes(of:)).max() ?? 0
    // Room for three of them.
    let cache = LinkCache(ttl: .seconds(60), maximumBytes: size * 3 + size / 2)
    for link in links { cache.keep(.active(link)) }
    #expect(cache.count == 3)
    #expect(cache.bytes <= cache.maximumBytes)
    for link in links.prefix(2) { #expect(cache.state(of: link.code) == nil) }
    for link in links.suffix(3) { #expect(cache.state(of: link.code) == .active(link)) }
  }

  @Test func aRemovedLinkIsGone() async throws {
    let links = try await Self.links(2)
    let cache = LinkCache(ttl: .seconds(60), maximumBytes: 1 << 20)
    cache.keep(.active(links[0]))
    cache.keep(.active(links[1]))
    cache.remove(links[0].code)
    #expect(cache.state(of: links[0].code) == nil)
    #expect(cache.bytes == LinkCache.estimatedBytes(of: links[1]))
  }

  /// A link kept again lives its new time: the record of its first keep, when it ends, does
  /// not drop the newer entry.
  @Test func aLinkKeptAgainOutlivesItsFirstRecord() async throws {
    let links = try await Self.links(2)
    let cache = LinkCache(ttl: .seconds(2))
    cache.keep(.active(links[0]))
    try await Task.sleep(for: .milliseconds(1100))
    cache.keep(.active(links[0]))
    try await Task.sleep(for: .milliseconds(1100))
    // The first record's time has passed; the entry kept 1.1 s ago has not.
    cache.keep(.active(links[1]))
    #expect(cache.records == 2)
    #expect(cache.state(of: links[0].code) == .active(links[0]))
    #expect(cache.count == 2)
  }
}
