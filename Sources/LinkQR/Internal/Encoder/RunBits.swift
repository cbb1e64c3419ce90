/// N1 and N3 of ``MaskPenalty`` for symbols up to 64 modules wide (versions 1–11), read from
/// each line as one word of bits (bit x is module x, 1 dark) rather than run by run: the same
/// penalties as libqrencode's run lists give, counted with shifts, ANDs and population counts.
enum RunBits {
  /// The widest symbol whose lines fit a word.
  static let widest = 64

  /// The penalties of the eight masks (N1 to N4) for the lines of `rows` and `columns` (one
  /// byte per module whose bit m is its colour under mask m; 8 readable bytes past each).
  static func penalties(
    rows: UnsafePointer<UInt8>,
    columns: UnsafePointer<UInt8>,
    size: Int
  ) -> [Int] {
    let valid = SIMD8<UInt64>(repeating: size == 64 ? ~0 : (1 << UInt64(size)) &- 1)
    let inside = valid & SIMD8(repeating: ~1)
    var sums = SIMD8<Int>(repeating: 0)
    var darks = SIMD8<Int>(repeating: 0)
    var blocks = SIMD8<Int>(repeating: 0)
    var above = SIMD8<UInt64>(repeating: 0)
    for line in 0..<(2 * size) {
      let start = line < size ? rows + line * size : columns + (line - size) * size
      let lines = bits(start, size: size) & valid
      for mask in 0..<8 { sums[mask] &+= penalty(lines[mask], size: size) }
      guard line < size else { continue }
      // A uniform 2 × 2 block ends at x: x and x − 1 alike in this row and the one above,
      // and the rows alike at x.
      let uniform = ~(lines ^ above) & ~(lines ^ (lines &<< 1)) & ~(above ^ (above &<< 1)) & inside
      for mask in 0..<8 {
        darks[mask] &+= lines[mask].nonzeroBitCount
        if line > 0 { blocks[mask] &+= uniform[mask].nonzeroBitCount }
      }
      above = lines
    }
    return (0..<8).map {
      sums[$0] + MaskPenalty.darkShareAndBlocks(darks[$0], blocks[$0], size: size)
    }
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
    let inside: UInt64 = (size == 64 ? ~0 : (1 << UInt64(size)) &- 1) & ~1
    let same = ~(dark ^ (dark &<< 1)) & inside
    let four = same & (same &>> 1) & (same &>> 2) & (same &>> 3)
    var penalty = four.nonzeroBitCount + 2 * (four & ~(four &<< 1)).nonzeroBitCount
    // Where a dark run of at least 3f starts; none, and no larger f has a pattern either.
    let three = dark & (dark &>> 1) & (dark &>> 2)
    guard three != 0 else { return penalty }
    penalty += 40 * finderLikeOfOne(dark).nonzeroBitCount
    var long = three & (three &>> 3)
    var f = 2
    while long != 0 && 7 * f <= size {
      // Only where a dark run of exactly 3f is: the pattern's middle.
      if long & ~(dark &<< 1) & ~shifted(dark, 3 * f) != 0 {
        penalty += 40 * finderLike(dark, f: f).nonzeroBitCount
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
