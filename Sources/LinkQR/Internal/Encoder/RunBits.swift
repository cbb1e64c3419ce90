/// N1 and N3 of ``MaskPenalty`` for symbols up to 64 modules wide (versions 1–11), read from
/// each line as one word of bits (bit x is module x, 1 dark) rather than run by run: the same
/// penalties as libqrencode's run lists give, counted with shifts, ANDs and population counts.
enum RunBits {
  /// The widest symbol whose lines fit a word.
  static let widest = 64

  /// The bits of a line's `size` modules (bit x is module x).
  @inline(__always)
  private static func lineMask(_ size: Int) -> UInt64 {
    size == 64 ? ~0 : (1 << UInt64(size)) &- 1
  }

  /// The penalties of the eight masks (N1 to N4) for the lines of `rows` and `columns` (one
  /// byte per module whose bit m is its colour under mask m; 8 readable bytes past each).
  ///
  /// The lines are first turned into words, mask by mask; then each mask's penalty is read
  /// from its words alone, in plain 64-bit arithmetic (no eight-lane vectors held across the
  /// loop, which the compiler kept on the stack). The bits each rule counts are gathered into
  /// words and counted eight words at a time (``bitCount(_:_:)``): the baseline x86-64 the
  /// compiler targets has no population-count instruction, so each count is a dozen
  /// instructions.
  static func penalties(
    rows: UnsafePointer<UInt8>,
    columns: UnsafePointer<UInt8>,
    size: Int
  ) -> [Int] {
    let lineCount = 2 * size
    let valid = SIMD8<UInt64>(repeating: lineMask(size))
    // Each mask's lines (rows, then columns), then room for three words a line to count.
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 11 * lineCount) { buffer in
      guard let words = buffer.baseAddress else { return [] }
      for line in 0..<lineCount {
        let start = line < size ? rows + line * size : columns + (line - size) * size
        let lines = bits(start, size: size) & valid
        for mask in 0..<8 { words[mask &* lineCount &+ line] = lines[mask] }
      }
      let scratch = words + 8 * lineCount
      return (0..<8).map { mask in
        penalty(ofLines: words + mask * lineCount, size: size, scratch: scratch)
      }
    }
  }

  /// N1 to N4 of one mask: its `size` rows then its `size` columns as words (nothing past
  /// `size`), with `3 * 2 * size` words of `scratch`.
  private static func penalty(
    ofLines lines: UnsafePointer<UInt64>,
    size: Int,
    scratch: UnsafeMutablePointer<UInt64>
  ) -> Int {
    let count = 2 * size
    let inside: UInt64 = lineMask(size) & ~1
    let (fours, starts, finders) = (scratch, scratch + count, scratch + 2 * count)
    var larger = 0
    for line in 0..<count {
      let dark = lines[line]
      let runs = fiveRuns(dark, inside: inside)
      fours[line] = runs.fours
      starts[line] = runs.starts
      finders[line] = finderLikeOfOne(dark)
      larger &+= largerFinderLikes(dark, size: size)
    }
    let runs = bitCount(fours, count) &+ 2 &* bitCount(starts, count)
    let finderLike = 40 &* bitCount(finders, count) &+ larger
    // Uniform 2 × 2 blocks ending at x of row y: x and x − 1 alike in rows y and y − 1, and
    // the rows alike at x.
    let blocks = scratch
    for y in 1..<size {
      let (row, above) = (lines[y], lines[y - 1])
      blocks[y - 1] =
        ~(row ^ above) & ~(row ^ (row &<< 1)) & ~(above ^ (above &<< 1)) & inside
    }
    return runs &+ finderLike
      &+ MaskPenalty.darkShareAndBlocks(
        bitCount(lines, size),
        bitCount(blocks, size - 1),
        size: size
      )
  }

  /// The set bits of `count` words: eight words at a time added up bitwise by carry-save
  /// adders into words of ones, twos, fours and eights, and only the eights counted (the
  /// Harley–Seal method), so that a block costs one population count instead of eight.
  static func bitCount(_ words: UnsafePointer<UInt64>, _ count: Int) -> Int {
    // a + b + c as a two-bit sum per bit: (high, low).
    @inline(__always)
    func add(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> (high: UInt64, low: UInt64) {
      let half = a ^ b
      return ((a & b) | (half & c), half ^ c)
    }
    var (ones, twos, fours): (UInt64, UInt64, UInt64) = (0, 0, 0)
    var eights = 0
    var index = 0
    while index &+ 8 <= count {
      let w = words + index
      let (twosA, onesA) = add(ones, w[0], w[1])
      let (twosB, onesB) = add(onesA, w[2], w[3])
      let (foursA, twosC) = add(twos, twosA, twosB)
      let (twosD, onesC) = add(onesB, w[4], w[5])
      let (twosE, onesD) = add(onesC, w[6], w[7])
      let (foursB, twosF) = add(twosC, twosD, twosE)
      let (eightsA, foursC) = add(fours, foursA, foursB)
      (ones, twos, fours) = (onesD, twosF, foursC)
      eights &+= eightsA.nonzeroBitCount
      index &+= 8
    }
    var total =
      8 &* eights &+ 4 &* fours.nonzeroBitCount &+ 2 &* twos.nonzeroBitCount
      &+ ones.nonzeroBitCount
    while index < count {
      total &+= words[index].nonzeroBitCount
      index &+= 1
    }
    return total
  }

  /// A line's colours under each mask as words: eight modules at a time, the 8 × 8 bits
  /// (module by mask) transposed to mask by module. Bits past the line are garbage.
  static func bits(_ line: UnsafePointer<UInt8>, size: Int) -> SIMD8<UInt64> {
    let lanes = SIMD8<UInt64>(0, 8, 16, 24, 32, 40, 48, 56)
    var result = SIMD8<UInt64>(repeating: 0)
    var chunk = 0
    while chunk < size {
      var x = UnsafeRawPointer(line + chunk).loadUnaligned(as: UInt64.self)
      var t = (x ^ (x &>> 7)) & 0x00AA_00AA_00AA_00AA
      x = x ^ t ^ (t &<< 7)
      t = (x ^ (x &>> 14)) & 0x0000_CCCC_0000_CCCC
      x = x ^ t ^ (t &<< 14)
      t = (x ^ (x &>> 28)) & 0x0000_0000_F0F0_F0F0
      x = x ^ t ^ (t &<< 28)
      let bytes = (SIMD8(repeating: x) &>> lanes) & SIMD8(repeating: 0xFF)
      result |= bytes &<< SIMD8(repeating: UInt64(chunk))
      chunk += 8
    }
    return result
  }

  /// N1 and N3 of one line, `dark` holding its colours (nothing past `size`).
  ///
  /// N1: a run of L ≥ 5 modules has L − 1 modules the colour of the one before, L − 4 places
  /// where four such follow each other, and one start of those: L − 2 = (L − 4) + 2.
  ///
  /// N3 (see ``MaskPenalty``): libqrencode's run-list test is, for the dark runs of f, f, 3f,
  /// f, f with light runs of f between them and light (or the edge) on either side, that the 4f
  /// modules before or the 4f after are light, counting the modules past the edge as light
  /// (its "first run", "last run" and "at least 4f" cases at once).
  static func penalty(_ dark: UInt64, size: Int) -> Int {
    let inside: UInt64 = lineMask(size) & ~1
    let runs = fiveRuns(dark, inside: inside)
    return runs.fours.nonzeroBitCount + 2 * runs.starts.nonzeroBitCount
      + 40 * finderLikeOfOne(dark).nonzeroBitCount + largerFinderLikes(dark, size: size)
  }

  /// The bits N1 counts in a line (`inside`: its modules but the first): where four modules
  /// the colour of the one before follow each other, and where such a stretch starts.
  @inline(__always)
  static func fiveRuns(_ dark: UInt64, inside: UInt64) -> (fours: UInt64, starts: UInt64) {
    let same = ~(dark ^ (dark &<< 1)) & inside
    let fours = same & (same &>> 1) & (same &>> 2) & (same &>> 3)
    return (fours, fours & ~(fours &<< 1))
  }

  /// N3 of the patterns with f ≥ 2, which need a dark run of exactly 3f (6 or more).
  @inline(__always)
  static func largerFinderLikes(_ dark: UInt64, size: Int) -> Int {
    // Where dark runs of at least 3 and of at least 3f (f = 2 first) start; no run of 6, and
    // no f ≥ 2 has a pattern.
    let three = dark & (dark &>> 1) & (dark &>> 2)
    var long = three & (three &>> 3)
    guard long != 0 else { return 0 }
    var penalty = 0
    var f = 2
    while long != 0 && 7 * f <= size {
      // Only where a dark run of exactly 3f is: the pattern's middle.
      if long & ~(dark &<< 1) & ~shifted(dark, 3 * f) != 0 {
        // f = 2, the usual one, with constant shifts.
        let found = f == 2 ? finderLike(dark, f: 2) : finderLike(dark, f: f)
        penalty += 40 * found.nonzeroBitCount
      }
      long &= three >> UInt64(3 * f)
      f += 1
    }
    return penalty
  }

  /// ``finderLike(_:f:)`` of 1, the common case, with constant shifts.
  static func finderLikeOfOne(_ d: UInt64) -> UInt64 {
    let exact =
      d & ~(d &>> 1) & (d &>> 2) & (d &>> 3) & (d &>> 4) & ~(d &>> 5) & (d &>> 6) & ~(d &<< 1)
      & ~(d &>> 7)
    let before = (d &<< 1) | (d &<< 2) | (d &<< 3) | (d &<< 4)
    let after = (d &>> 7) | (d &>> 8) | (d &>> 9) | (d &>> 10)
    return exact & ~(before & after)
  }

  /// The first modules of the 1:1:3:1:1 patterns of `f` that N3 counts.
  @inline(__always)
  static func finderLike(_ dark: UInt64, f: Int) -> UInt64 {
    let exact =
      all(dark, from: 0, count: f) & ~any(dark, from: f, count: f)
      & all(dark, from: 2 * f, count: 3 * f) & ~any(dark, from: 5 * f, count: f)
      & all(dark, from: 6 * f, count: f) & ~shifted(dark, -1) & ~shifted(dark, 7 * f)
    return exact & ~(any(dark, from: -4 * f, count: 4 * f) & any(dark, from: 7 * f, count: 4 * f))
  }

  /// Bit x is module x + `offset` (0 past either end).
  @inline(__always)
  static func shifted(_ dark: UInt64, _ offset: Int) -> UInt64 {
    offset >= 0 ? dark >> UInt64(offset) : dark << UInt64(-offset)
  }

  /// Bit x: modules x + `from` ..< x + `from` + `count` are all dark.
  @inline(__always)
  static func all(_ dark: UInt64, from: Int, count: Int) -> UInt64 {
    var result: UInt64 = ~0
    for offset in from..<(from + count) { result &= shifted(dark, offset) }
    return result
  }

  /// Bit x: one of modules x + `from` ..< x + `from` + `count` is dark.
  @inline(__always)
  static func any(_ dark: UInt64, from: Int, count: Int) -> UInt64 {
    var result: UInt64 = 0
    for offset in from..<(from + count) { result |= shifted(dark, offset) }
    return result
  }
}
