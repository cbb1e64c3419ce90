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

  /// With admission on the second offer, a key offered once is not stored (a run of distinct
  /// keys leaves the cache as it was); offered again, it is.
  @Test func aKeyOfferedOnceIsNotStoredWhenAdmissionIsOnTheSecondOffer() {
    let cache = BoundedCache<Int, Weighed>(
      capacity: 100,
      byteLimit: 10_000,
      admitsOnSecondOffer: true
    )
    cache.store(Weighed(cacheCost: 10), for: 7)
    #expect(cache.value(for: 7) == nil && cache.count == 0)
    cache.store(Weighed(cacheCost: 10), for: 7)
    #expect(cache.value(for: 7) != nil && cache.count == 1)
    for key in 1000..<1100 { cache.store(Weighed(cacheCost: 10), for: key) }
    // Each offered once: nothing else came in, and the kept key stays.
    #expect(cache.value(for: 7) != nil)
    #expect(cache.count == 1 && cache.bytes == 10)
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

  /// A response made from its kind's template (a page not in the cache) is the one built
  /// header by header: the same headers, the same wire heads, the same tag, for every body
  /// size, with and without `Strict-Transport-Security`, for pages and images.
  @Test(arguments: [nil, "max-age=63072000"] as [String?])
  func templateResponsesAreTheBuiltOnes(_ hsts: String?) {
    let security = SecurityHeaders(strictTransportSecurity: hsts)
    let kinds: [(String, String, String, [(HTTPField.Name, String)])] = [
      (
        "text/html; charset=utf-8", "private, no-cache",
        "default-src 'none'; style-src 'sha256-x'",
        [(.vary, "User-Agent, Accept-Language"), (.contentLanguage, "ko")]
      ),
      ("image/png", "public, max-age=86400", SecurityHeaders.defaultPolicy, []),
    ]
    for (contentType, cacheControl, policy, extra) in kinds {
      let template = ResponseTemplate(
        contentType: contentType,
        cacheControl: cacheControl,
        policy: policy,
        extra: extra,
        security: security
      )
      for size in [0, 1, 9, 10, 99, 100, 8671, 123_456] {
        let body = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let built = CannedResponse(
          contentType: contentType,
          body: body,
          cacheControl: cacheControl,
          policy: policy,
          extra: extra,
          security: security
        )
        let made = CannedResponse(template, body: body)
        #expect(made.headers == built.headers, "\(contentType) \(size)")
        #expect(made.wirePrefix == built.wirePrefix, "\(contentType) \(size)")
        #expect(made.wireNotModifiedPrefix == built.wireNotModifiedPrefix)
        #expect(made.etag == built.etag && made.body == built.body && made.status == built.status)
      }
    }
  }

  /// The tag is the hash's 16 lower-case hex digits, zeros first, in quotes.
  @Test func entityTagsAreTheHashInHex() {
    for text in ["", "a", "hello", String(repeating: "page ", count: 2000)] {
      let bytes = Array(text.utf8)
      let hex = String(bytes.withUnsafeBytes { ETag.hash($0) }, radix: 16)
      #expect(ETag.of(bytes) == "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\"")
    }
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
