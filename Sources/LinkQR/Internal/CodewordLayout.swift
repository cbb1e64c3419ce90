/// Which error-correction block each module of a symbol belongs to: the block structure of
/// ISO/IEC 18004:2015 (Table 9) and the placement of the codeword bits in the matrix (7.7.3), so
/// that the damage a logo in the centre does can be counted per block.
///
/// Reed–Solomon corrects each block on its own: a block with `e` error-correction codewords
/// corrects `(e - p) / 2` wrong codewords, where `p` is the few codewords the smallest versions
/// keep for misdecode protection. Codewords are interleaved across the blocks, so a square in
/// the centre touches every block about equally.
struct CodewordLayout {
  /// One Reed–Solomon block.
  struct Block: Hashable {
    /// Data codewords.
    var dataCount: Int
    /// Error-correction codewords.
    var errorCorrectionCount: Int
  }

  /// The blocks, in the standard's order (the shorter ones first).
  let blocks: [Block]
  /// The codewords each block can correct: `(error-correction codewords - p) / 2`.
  let correctable: [Int]
  /// For each codeword, in the order of the bit stream (interleaved), its block.
  let codewordBlock: [Int]

  init(version: Int, level: QRErrorCorrection) {
    let entry = Self.table[version - 1]
    let (perBlock, blockCount) = entry.levels[level.rawValue]
    let dataTotal = entry.codewords - perBlock * blockCount
    let longBlocks = dataTotal % blockCount
    let shortData = dataTotal / blockCount
    blocks = (0..<blockCount).map { index in
      Block(
        dataCount: shortData + (index >= blockCount - longBlocks ? 1 : 0),
        errorCorrectionCount: perBlock
      )
    }
    let protection = Self.misdecodeProtection(version: version, level: level)
    correctable = blocks.map { ($0.errorCorrectionCount - protection) / 2 }
    // Interleaving: the first data codeword of every block, then the second…, then the
    // error-correction codewords the same way.
    var order: [Int] = []
    order.reserveCapacity(entry.codewords)
    for index in 0..<(shortData + (longBlocks > 0 ? 1 : 0)) {
      for (block, shape) in blocks.enumerated() where index < shape.dataCount {
        order.append(block)
      }
    }
    for _ in 0..<perBlock {
      order.append(contentsOf: blocks.indices)
    }
    codewordBlock = order
  }

  /// The total number of codewords of a version.
  static func codewordCount(version: Int) -> Int {
    table[version - 1].codewords
  }

  /// The codewords reserved for misdecode protection (ISO/IEC 18004 Table 9, `p`).
  static func misdecodeProtection(version: Int, level: QRErrorCorrection) -> Int {
    switch (version, level) {
    case (1, .low): 3
    case (1, .medium), (2, .low): 2
    case (1, _), (3, .low): 1
    default: 0
    }
  }

  /// Calls `body(x, y, bit)` for every module that carries a bit of the codeword stream, in
  /// stream order (bit 0 is the first codeword's most significant bit): two-module-wide columns
  /// from the right edge, upwards then downwards in turn, skipping the vertical timing pattern
  /// and every function module. Modules past the last codeword are remainder bits.
  static func forEachDataModule(of code: QRCode, _ body: (Int, Int, Int) -> Void) {
    let size = code.size
    var bit = 0
    var upwards = true
    var right = size - 1
    while right > 0 {
      if right == 6 { right -= 1 }  // the vertical timing pattern
      for step in 0..<size {
        let y = upwards ? size - 1 - step : step
        for x in [right, right - 1] where !code.isFunctionModule(x: x, y: y) {
          body(x, y, bit)
          bit += 1
        }
      }
      upwards.toggle()
      right -= 2
    }
  }

  /// Per version: the codewords in the symbol, and for levels L, M, Q and H the error-correction
  /// codewords per block and the number of blocks (ISO/IEC 18004:2015, Table 9). The data
  /// codewords split as evenly as possible, the longer blocks last.
  static let table: [(codewords: Int, levels: [(perBlock: Int, blocks: Int)])] = [
    (26, [(7, 1), (10, 1), (13, 1), (17, 1)]),  // 1
    (44, [(10, 1), (16, 1), (22, 1), (28, 1)]),
    (70, [(15, 1), (26, 1), (18, 2), (22, 2)]),
    (100, [(20, 1), (18, 2), (26, 2), (16, 4)]),
    (134, [(26, 1), (24, 2), (18, 4), (22, 4)]),  // 5
    (172, [(18, 2), (16, 4), (24, 4), (28, 4)]),
    (196, [(20, 2), (18, 4), (18, 6), (26, 5)]),
    (242, [(24, 2), (22, 4), (22, 6), (26, 6)]),
    (292, [(30, 2), (22, 5), (20, 8), (24, 8)]),
    (346, [(18, 4), (26, 5), (24, 8), (28, 8)]),  // 10
    (404, [(20, 4), (30, 5), (28, 8), (24, 11)]),
    (466, [(24, 4), (22, 8), (26, 10), (28, 11)]),
    (532, [(26, 4), (22, 9), (24, 12), (22, 16)]),
    (581, [(30, 4), (24, 9), (20, 16), (24, 16)]),
    (655, [(22, 6), (24, 10), (30, 12), (24, 18)]),  // 15
    (733, [(24, 6), (28, 10), (24, 17), (30, 16)]),
    (815, [(28, 6), (28, 11), (28, 16), (28, 19)]),
    (901, [(30, 6), (26, 13), (28, 18), (28, 21)]),
    (991, [(28, 7), (26, 14), (26, 21), (26, 25)]),
    (1085, [(28, 8), (26, 16), (30, 20), (28, 25)]),  // 20
    (1156, [(28, 8), (26, 17), (28, 23), (30, 25)]),
    (1258, [(28, 9), (28, 17), (30, 23), (24, 34)]),
    (1364, [(30, 9), (28, 18), (30, 25), (30, 30)]),
    (1474, [(30, 10), (28, 20), (30, 27), (30, 32)]),
    (1588, [(26, 12), (28, 21), (30, 29), (30, 35)]),  // 25
    (1706, [(28, 12), (28, 23), (28, 34), (30, 37)]),
    (1828, [(30, 12), (28, 25), (30, 34), (30, 40)]),
    (1921, [(30, 13), (28, 26), (30, 35), (30, 42)]),
    (2051, [(30, 14), (28, 28), (30, 38), (30, 45)]),
    (2185, [(30, 15), (28, 29), (30, 40), (30, 48)]),  // 30
    (2323, [(30, 16), (28, 31), (30, 43), (30, 51)]),
    (2465, [(30, 17), (28, 33), (30, 45), (30, 54)]),
    (2611, [(30, 18), (28, 35), (30, 48), (30, 57)]),
    (2761, [(30, 19), (28, 37), (30, 51), (30, 60)]),
    (2876, [(30, 19), (28, 38), (30, 53), (30, 63)]),  // 35
    (3034, [(30, 20), (28, 40), (30, 56), (30, 66)]),
    (3196, [(30, 21), (28, 43), (30, 59), (30, 70)]),
    (3362, [(30, 22), (28, 45), (30, 62), (30, 74)]),
    (3532, [(30, 24), (28, 47), (30, 65), (30, 77)]),
    (3706, [(30, 25), (28, 49), (30, 68), (30, 81)]),  // 40
  ]
}
