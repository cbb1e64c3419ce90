import LinkgenTestSupport
import Testing

@testable import LinkQR

/// The bit-parallel N1 and N3 (`RunBits`, symbols up to 64 modules wide) against the run-list
/// reading of libqrencode's rules (`MaskPenalty.runPenalty`, which the wider symbols use), on
/// lines made of random runs and on lines built around 1:1:3:1:1 patterns of every size, near
/// the edges and between light runs just under, at and over 4f.
struct RunBitsTests {
  /// The run-list penalty of `dark`'s first `size` modules.
  static func reference(_ dark: UInt64, size: Int) -> Int {
    var bytes = [UInt8](repeating: 0, count: size + 8)
    for x in 0..<size { bytes[x] = UInt8((dark >> UInt64(x)) & 1) }
    return bytes.withUnsafeBufferPointer { line in
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: size + 4) { runs in
        guard let start = line.baseAddress, let runs = runs.baseAddress else { return -1 }
        return MaskPenalty.runPenalty(start, size: size, mask: 0, runs: runs)
      }
    }
  }

  /// A line of `size` modules from alternating runs of random lengths up to `longest`.
  static func runs(size: Int, longest: Int, random: inout SplitMix64) -> UInt64 {
    var line: UInt64 = 0
    var x = 0
    var dark = Bool.random(using: &random)
    while x < size {
      let length = Int.random(in: 1...longest, using: &random)
      if dark { for module in x..<min(size, x + length) { line |= 1 << UInt64(module) } }
      x += length
      dark.toggle()
    }
    return line
  }

  /// Dark runs of f, f, 3f, f, f from `start`, with light runs of `before` and `after` around
  /// them (as far as the line goes) and random modules elsewhere.
  static func pattern(
    size: Int,
    f: Int,
    start: Int,
    before: Int,
    after: Int,
    random: inout SplitMix64
  ) -> UInt64 {
    var line = random.next()
    let lengths = [(before, false), (f, true), (f, false), (3 * f, true), (f, false), (f, true)]
    var x = start - before
    for (length, dark) in lengths + [(after, false)] {
      for module in max(0, x)..<min(size, max(0, x + length)) {
        line = dark ? line | 1 << UInt64(module) : line & ~(1 << UInt64(module))
      }
      x += length
    }
    return size == 64 ? line : line & ((1 << UInt64(size)) - 1)
  }

  @Test func randomRunsScoreAsTheRunLists() {
    var random = SplitMix64(state: 24)
    for size in 21...64 {
      for longest in [2, 4, 7, 12, 30] {
        for _ in 0..<200 {
          let line = Self.runs(size: size, longest: longest, random: &random)
          let expected = Self.reference(line, size: size)
          #expect(RunBits.penalty(line, size: size) == expected, "size \(size), line \(line)")
        }
      }
    }
  }

  @Test func finderLikePatternsScoreAsTheRunLists() {
    var random = SplitMix64(state: 7)
    var counted = 0
    for size in [21, 37, 45, 57, 61, 64] {
      for f in 1...(size / 7) {
        for _ in 0..<300 {
          let start = Int.random(in: 0...(size - 7 * f), using: &random)
          let before = Int.random(in: max(0, 4 * f - 2)...(4 * f + 1), using: &random)
          let after = Int.random(in: max(0, 4 * f - 2)...(4 * f + 1), using: &random)
          let line = Self.pattern(
            size: size,
            f: f,
            start: start,
            before: before,
            after: after,
            random: &random
          )
          let expected = Self.reference(line, size: size)
          if expected >= 40 { counted += 1 }
          #expect(RunBits.penalty(line, size: size) == expected, "size \(size), f \(f), \(line)")
        }
      }
    }
    // The cases reach N3 often, not only its refusals.
    #expect(counted > 1000)
  }

  @Test func blockCountsAddUpEveryBit() {
    var random = SplitMix64(state: 11)
    for count in 0...40 {
      // Dense, sparse and full words, so that every carry of the adders is reached.
      let words = (0..<count).map { index -> UInt64 in
        switch index % 3 {
        case 0: random.next()
        case 1: random.next() & random.next() & random.next()
        default: ~0
        }
      }
      let expected = words.reduce(0) { $0 + $1.nonzeroBitCount }
      let counted = words.withUnsafeBufferPointer { words in
        words.baseAddress.map { RunBits.bitCount($0, count) } ?? 0
      }
      #expect(counted == expected, "\(count) words")
    }
  }
}
