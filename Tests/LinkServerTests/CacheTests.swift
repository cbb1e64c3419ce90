import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import LinkServer

/// The response caches: bounded by count and by bytes, so that a run of distinct links keeps
/// memory bounded; the ready responses they hold.
@Suite
struct CacheTests {
  struct Weighed: CacheCosted {
    var cacheCost: Int
  }

  @Test func aRunOfDistinctKeysStaysUnderTheByteLimit() {
    let cache = BoundedCache<Int, Weighed>(capacity: 1000, byteLimit: 1000)
    for key in 0..<500 {
      cache.store(Weighed(cacheCost: 100), for: key)
      #expect(cache.bytes <= 1000)
    }
    #expect(cache.count == 10)
    // The newest are kept, the oldest dropped.
    #expect(cache.value(for: 499) != nil)
    #expect(cache.value(for: 0) == nil)
  }

  @Test func theCountLimitHoldsForCheapValues() {
    let cache = BoundedCache<Int, Weighed>(capacity: 10, byteLimit: 1 << 30)
    for key in 0..<100 { cache.store(Weighed(cacheCost: 1), for: key) }
    #expect(cache.count <= 10)
    #expect(cache.bytes == cache.count)
  }

  @Test func aHitInTheOldGenerationKeepsTheEntry() {
    let cache = BoundedCache<Int, Weighed>(capacity: 1000, byteLimit: 400)
    cache.store(Weighed(cacheCost: 100), for: 0)
    cache.store(Weighed(cacheCost: 100), for: 1)
    // The young generation (200 bytes) is full: 0 and 1 become old.
    cache.store(Weighed(cacheCost: 100), for: 2)
    #expect(cache.value(for: 0) != nil)  // moved back to the young one
    cache.store(Weighed(cacheCost: 100), for: 3)  // the young is full again: 1 is dropped
    #expect(cache.value(for: 0) != nil)
    #expect(cache.value(for: 1) == nil)
    #expect(cache.bytes <= 400)
  }

  @Test func aValueLargerThanAGenerationIsNotKept() {
    let cache = BoundedCache<Int, Weighed>(capacity: 1000, byteLimit: 1000)
    cache.store(Weighed(cacheCost: 100), for: 0)
    cache.store(Weighed(cacheCost: 501), for: 1)
    #expect(cache.value(for: 1) == nil)
    #expect(cache.value(for: 0) != nil)
    #expect(cache.bytes == 100)
  }

  @Test func replacingAValueCountsItsNewCost() {
    let cache = BoundedCache<Int, Weighed>(capacity: 1000, byteLimit: 1000)
    cache.store(Weighed(cacheCost: 100), for: 0)
    cache.store(Weighed(cacheCost: 300), for: 0)
    #expect(cache.bytes == 300 && cache.count == 1)
  }

  /// The 304's ready head is the full one's without its status line and `Content-Type`.
  @Test func theNotModifiedHeadIsTheFullOneWithoutTheContentType() {
    let canned = CannedResponse(
      contentType: "text/html; charset=utf-8",
      body: Array("<p>hello</p>".utf8),
      cacheControl: "private, no-cache",
      extra: [(.vary, "User-Agent")],
      security: SecurityHeaders(strictTransportSecurity: nil)
    )
    let full = String(buffer: canned.wirePrefix)
    let notModified = String(buffer: canned.wireNotModifiedPrefix)
    let lines = full.components(separatedBy: "\r\n")
    #expect(lines[0] == "HTTP/1.1 200 OK")
    #expect(lines[1] == "Content-Type: text/html; charset=utf-8")
    #expect(lines.contains("Content-Length: 12"))
    #expect(lines.contains("ETag: \(canned.etag ?? "-")"))
    #expect(notModified == "HTTP/1.1 304 Not Modified\r\n" + lines[2...].joined(separator: "\r\n"))
    var fields = canned.headers
    fields[.contentType] = nil
    #expect(canned.notModifiedHeaders == fields)
    #expect(canned.cacheCost > 12)
  }

  /// Equal bodies, equal tags; a byte changed anywhere (in a word, in the tail), another tag.
  @Test func entityTagsTellBodiesApart() {
    let body = Array(repeating: UInt8(ascii: "a"), count: 1000)
    #expect(ETag.of(body) == ETag.of(body[...]))
    var tags: Set<String> = [ETag.of(body)]
    for index in [0, 7, 31, 32, 500, 991, 999] {
      var changed = body
      changed[index] = UInt8(ascii: "b")
      tags.insert(ETag.of(changed))
    }
    tags.insert(ETag.of(body.dropLast()))
    tags.insert(ETag.of([UInt8]()))
    #expect(tags.count == 10)
  }
}
