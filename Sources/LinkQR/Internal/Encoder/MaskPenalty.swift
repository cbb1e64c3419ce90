/// The mask libqrencode 4.1 chooses: the first of the eight with the least penalty, by its
/// reading of the rules (JIS X0510:2004 8.8.2), measured on each masked symbol with its format
/// information:
///
/// - N1: each run of five or more same-coloured modules in a row or column, 3 + (length − 5).
/// - N2: each 2 × 2 block of one colour, 3 (blocks overlap).
/// - N3: 40 for each dark run of 3f between dark runs of f, with light runs of f between them
///   (1:1:3:1:1), when the light run before it, or else the one after it, is at least 4f long
///   or is the edge, or the run after is the last one.
/// - N4: 10 for every full 5 % the dark share (rounded to a percent) is away from 50 %.
///
/// All eight masks are laid over the symbol at once: one byte per module whose bit m is the
/// module's colour under mask m, so the counts of dark modules and uniform 2 × 2 blocks are
/// taken for the eight masks in one pass; the runs are read per mask.
enum MaskPenalty {
  /// For a byte, a word with byte m set to bit m of it: adding these counts eight masks at once.
  private static let lanes: [UInt64] = (0..<256).map { byte in
    (0..<8).reduce(0) { $0 | UInt64((byte >> $1) & 1) << UInt64(8 * $1) }
  }

  /// The format information bits of each level, as one byte per bit whose bit m is its value
  /// under mask m.
  private static let formatLanes: [[UInt8]] = QRErrorCorrection.allCases.map { level in
    (0..<15).map { bit in
      (0..<8).reduce(0) { byte, mask in
        byte | UInt8((SymbolTemplate.formatInformation(level: level, mask: mask) >> bit) & 1)
          << mask
      }
    }
  }

  /// The mask libqrencode would choose for the unmasked `modules`.
  static func best(
    modules: UnsafeBufferPointer<UInt8>,
    pattern: UnsafeBufferPointer<UInt8>,
    template: SymbolTemplate,
    level: QRErrorCorrection
  ) -> Int {
    let size = template.size
    let count = size * size
    // 8 bytes more: the lines are read eight modules at a time.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * count + 8) { scratch in
      guard let rows = scratch.baseAddress else { return 0 }
      let columns = rows + count
      (rows + 2 * count).initialize(repeating: 0, count: 8)
      for index in 0..<count {
        rows[index] = (modules[index] & 1 == 0 ? 0 : 0xFF) ^ pattern[index]
      }
      for (bit, (first, second)) in template.formatModules.enumerated() {
        rows[first] = formatLanes[level.rawValue][bit]
        rows[second] = rows[first]
      }
      for y in 0..<size {
        for x in 0..<size { columns[x * size + y] = rows[y * size + x] }
      }
      if size <= RunBits.widest {
        return first(RunBits.penalties(rows: rows, columns: columns, size: size))
      }
      var penalties = darkShareAndBlocks(rows, size: size)
      withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * size + 4) { runs in
        guard let runs = runs.baseAddress else { return }
        for mask in 0..<8 {
          for line in 0..<(2 * size) {
            let start = line < size ? rows + line * size : columns + (line - size) * size
            penalties[mask] += runPenalty(start, size: size, mask: UInt8(mask), runs: runs)
          }
        }
      }
      return first(penalties)
    }
  }

  /// The first mask with the least penalty.
  private static func first(_ penalties: [Int]) -> Int {
    var best = 0
    for mask in 1..<8 where penalties[mask] < penalties[best] { best = mask }
    return best
  }

  /// N4 and N2 of each mask.
  private static func darkShareAndBlocks(_ rows: UnsafePointer<UInt8>, size: Int) -> [Int] {
    var darks = [Int](repeating: 0, count: 8)
    var blocks = [Int](repeating: 0, count: 8)
    lanes.withUnsafeBufferPointer { lanes in
      for y in 0..<size {
        // One row adds at most 177 to a lane: no lane overflows a byte.
        var dark: UInt64 = 0
        var uniform: UInt64 = 0
        let row = rows + y * size
        for x in 0..<size { dark &+= lanes[Int(row[x])] }
        if y > 0 {
          let above = row - size
          for x in 1..<size {
            let a = row[x]
            let differs = (a ^ row[x - 1]) | (a ^ above[x]) | (a ^ above[x - 1])
            uniform &+= lanes[Int(~differs)]
          }
        }
        for mask in 0..<8 {
          darks[mask] += Int((dark >> UInt64(8 * mask)) & 0xFF)
          blocks[mask] += Int((uniform >> UInt64(8 * mask)) & 0xFF)
        }
      }
    }
    return (0..<8).map { darkShareAndBlocks(darks[$0], blocks[$0], size: size) }
  }

  /// N1 and N3 of one row or column under one mask. The runs are numbered as libqrencode
  /// numbers them: light runs at even indices, dark at odd, with a light run of length −1
  /// first when the line starts dark.
  static func runPenalty(
    _ line: UnsafePointer<UInt8>,
    size: Int,
    mask: UInt8,
    runs: UnsafeMutablePointer<Int32>
  ) -> Int {
    // The runs' lengths (N1 counted on the way), from the line's colours as bits: eight
    // modules at a time (bit `mask` of eight bytes gathered by one multiply), then the set
    // bits of the colour changes.
    let first = Int((line[0] >> mask) & 1)
    runs[0] = -1
    var count = first
    var start = 0
    var penalty = 0
    var word = 0
    while word * 64 < size {
      var bits: UInt64 = 0
      for chunk in 0..<8 where word * 64 + chunk * 8 < size {
        let eight = UnsafeRawPointer(line + word * 64 + chunk * 8).loadUnaligned(as: UInt64.self)
        let gathered = ((eight >> UInt64(mask)) & 0x0101_0101_0101_0101) &* 0x0102_0408_1020_4080
        bits |= (gathered >> 56) << UInt64(chunk * 8)
      }
      // A change at x ≥ 1: x's colour differs from x − 1's.
      let before =
        word == 0 ? bits << 1 | bits & 1 : bits << 1 | UInt64((line[word * 64 - 1] >> mask) & 1)
      var changes = bits ^ before
      let valid = size - word * 64
      if valid < 64 { changes &= (1 << UInt64(valid)) &- 1 }
      while changes != 0 {
        let next = word * 64 + changes.trailingZeroBitCount
        let length = next - start
        runs[count] = Int32(length)
        count += 1
        if length >= 5 { penalty += length - 2 }
        start = next
        changes &= changes &- 1
      }
      word += 1
    }
    let length = size - start
    runs[count] = Int32(length)
    count += 1
    if length >= 5 { penalty += length - 2 }
    var index = 3
    while index < count - 2 {
      let f = runs[index - 1]
      if (runs[index - 2] ^ f) | (runs[index + 1] ^ f) | (runs[index + 2] ^ f)
        | (runs[index] ^ 3 &* f) == 0
      {
        if index == 3 || runs[index - 3] >= 4 * f || index + 4 >= count || runs[index + 3] >= 4 * f
        {
          penalty += 40
        }
      }
      index += 2
    }
    return penalty
  }

  /// N4 and N2 of a mask with `darks` dark modules and `blocks` uniform 2 × 2 blocks.
  static func darkShareAndBlocks(_ darks: Int, _ blocks: Int, size: Int) -> Int {
    let area = size * size
    let percent = (200 * darks + area) / area / 2
    return abs(percent - 50) / 5 * 10 + 3 * blocks
  }
}
