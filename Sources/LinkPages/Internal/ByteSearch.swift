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
    let found = withUnsafeBufferPointer { $0.firstOccurrence(of: needle) }
    return found.map { (startIndex + $0.lowerBound)..<(startIndex + $0.upperBound) }
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The first occurrence of `needle`, as offsets: `memchr` on its first byte, `memcmp` on the
  /// rest.
  func firstOccurrence(of needle: [UInt8]) -> Range<Int>? {
    guard let first = needle.first else { return 0..<0 }
    guard needle.count <= count, let base = baseAddress else { return nil }
    return needle.withUnsafeBufferPointer { wanted in
      guard let wantedBase = wanted.baseAddress else { return nil }
      var offset = 0
      let last = count - wanted.count
      while offset <= last, let hit = memchr(base + offset, Int32(first), last - offset + 1) {
        let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        if memcmp(base + at, wantedBase, wanted.count) == 0 {
          return at..<(at + wanted.count)
        }
        offset = at + 1
      }
      return nil
    }
  }

  /// Appends the bytes with each `&` written as `entity`, the runs between found by `memchr`:
  /// how a link is escaped, since a link that passed the ``URLPolicy`` holds printable ASCII
  /// without `" ' < > \`, so `&` is the one byte that HTML text, attributes and JSON in HTML
  /// write otherwise.
  func appendReplacingAmpersands(with entity: StaticString, into out: inout [UInt8]) {
    guard let base = baseAddress else { return }
    var start = 0
    while start < count,
      let hit = memchr(base + start, 0x26, count - start)
    {
      let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: at - start))
      entity.withUTF8Buffer { out.append(contentsOf: $0) }
      start = at + 1
    }
    out.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
  }
}
