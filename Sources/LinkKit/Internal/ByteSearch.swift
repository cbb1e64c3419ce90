#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

extension UnsafeBufferPointer<UInt8> {
  /// The first position of `byte` within `range`, found with `memchr`.
  @inline(__always)
  func index(of byte: UInt8, in range: Range<Int>) -> Int? {
    guard let base = baseAddress, !range.isEmpty else { return nil }
    guard let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  /// Whether the bytes in `range` equal `expected`, compared with `memcmp`.
  @inline(__always)
  func bytes(in range: Range<Int>, equal expected: UnsafeBufferPointer<UInt8>) -> Bool {
    guard range.count == expected.count else { return false }
    guard let base = baseAddress, let other = expected.baseAddress else { return true }
    return memcmp(base + range.lowerBound, other, range.count) == 0
  }
}
