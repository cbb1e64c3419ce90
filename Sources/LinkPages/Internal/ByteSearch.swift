#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension ArraySlice<UInt8> {
  /// The first occurrence of `needle` in these bytes, by `memchr` on its first byte and
  /// `memcmp` on the rest: Foundation's generic `firstRange(of:)` over a slice of bytes made a
  /// third of the server's start-up time when it compiled the page plans.
  func firstOccurrence(of needle: [UInt8]) -> Range<Int>? {
    guard let first = needle.first else { return startIndex..<startIndex }
    guard needle.count <= count else { return nil }
    return withUnsafeBufferPointer { haystack in
      needle.withUnsafeBufferPointer { needle in
        guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return nil }
        var offset = 0
        let last = haystack.count - needle.count
        while offset <= last {
          guard let hit = memchr(base + offset, Int32(first), last - offset + 1) else { return nil }
          let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
          if memcmp(base + at, wanted, needle.count) == 0 {
            return (startIndex + at)..<(startIndex + at + needle.count)
          }
          offset = at + 1
        }
        return nil
      }
    }
  }
}
