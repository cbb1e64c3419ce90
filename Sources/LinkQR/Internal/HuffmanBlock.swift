/// One final DEFLATE block with dynamic Huffman codes (RFC 1951, section 3.2.7) for a token
/// list: codes built from the tokens' own frequencies, so the few byte values of a QR image
/// cost a bit or two each.
struct HuffmanBlock {
  private let literalLengths: [UInt8]
  private let literalCodes: [UInt16]
  private let distanceLengths: [UInt8]
  private let distanceCodes: [UInt16]

  init(tokens: Tokens) {
    var literalCounts = [UInt32](repeating: 0, count: 286)
    var distanceCounts = [UInt32](repeating: 0, count: 30)
    for token in tokens.values {
      if let match = Tokens.match(token) {
        literalCounts[257 + Self.lengthSymbol(match.length).symbol] += 1
        distanceCounts[Self.distanceSymbol(match.distance).symbol] += 1
      } else {
        literalCounts[Int(token)] += 1
      }
    }
    literalCounts[256] = 1  // the end of the block
    literalLengths = HuffmanCode.lengths(literalCounts, limit: 15)
    literalCodes = HuffmanCode.codes(literalLengths)
    distanceLengths = HuffmanCode.lengths(distanceCounts, limit: 15)
    distanceCodes = HuffmanCode.codes(distanceLengths)
  }

  /// The block: its header, code tables, tokens and end-of-block code.
  func write(_ tokens: Tokens, to writer: inout BitWriter) {
    writer.write(1, 1)  // BFINAL: the last block
    writer.write(2, 2)  // BTYPE 10: dynamic Huffman codes
    writeCodeTables(to: &writer)
    literalCodes.withUnsafeBufferPointer { literalCodes in
      literalLengths.withUnsafeBufferPointer { literalLengths in
        distanceCodes.withUnsafeBufferPointer { distanceCodes in
          distanceLengths.withUnsafeBufferPointer { distanceLengths in
            let literal = Code(codes: literalCodes, lengths: literalLengths)
            let distance = Code(codes: distanceCodes, lengths: distanceLengths)
            for token in tokens.values { Self.write(token, literal, distance, to: &writer) }
            literal.write(256, to: &writer)
          }
        }
      }
    }
  }

  /// A code's tables, read without bounds checks (every symbol written was counted).
  private struct Code {
    let codes: UnsafeBufferPointer<UInt16>
    let lengths: UnsafeBufferPointer<UInt8>

    @inline(__always)
    func write(_ symbol: Int, to writer: inout BitWriter) {
      let base = (codes.baseAddress.unsafelyUnwrapped, lengths.baseAddress.unsafelyUnwrapped)
      writer.write(Int(base.0[symbol]), Int(base.1[symbol]))
    }
  }

  @inline(__always)
  private static func write(
    _ token: UInt32,
    _ literal: Code,
    _ distance: Code,
    to writer: inout BitWriter
  ) {
    guard let match = Tokens.match(token) else {
      literal.write(Int(token), to: &writer)
      return
    }
    let length = lengthSymbol(match.length)
    literal.write(257 + length.symbol, to: &writer)
    writer.write(length.extra, length.extraBits)
    let back = distanceSymbol(match.distance)
    distance.write(back.symbol, to: &writer)
    writer.write(back.extra, back.extraBits)
  }

  /// HLIT, HDIST, HCLEN, the code-length code, then both codes' lengths run-length encoded.
  private func writeCodeTables(to writer: inout BitWriter) {
    let literalCount = max(257, (literalLengths.lastIndex { $0 != 0 } ?? 0) + 1)
    let distanceCount = max(1, (distanceLengths.lastIndex { $0 != 0 } ?? 0) + 1)
    var sequence = [UInt8]()
    sequence.reserveCapacity(literalCount + distanceCount)
    sequence += literalLengths[..<literalCount]
    sequence += distanceLengths[..<distanceCount]
    let runs = Self.runLengthEncode(sequence)
    var counts = [UInt32](repeating: 0, count: 19)
    for run in runs { counts[run.symbol] += 1 }
    let lengths = HuffmanCode.lengths(counts, limit: 7)
    let codes = HuffmanCode.codes(lengths)
    let order = Self.codeLengthOrder
    var sent = order.count
    while sent > 4, lengths[order[sent - 1]] == 0 { sent -= 1 }
    writer.write(literalCount - 257, 5)
    writer.write(distanceCount - 1, 5)
    writer.write(sent - 4, 4)
    for symbol in order[..<sent] { writer.write(Int(lengths[symbol]), 3) }
    for run in runs {
      writer.write(Int(codes[run.symbol]), Int(lengths[run.symbol]))
      switch run.symbol {
      case 16: writer.write(run.extra, 2)
      case 17: writer.write(run.extra, 3)
      case 18: writer.write(run.extra, 7)
      default: break
      }
    }
  }

  /// The order in which the code-length code's own lengths are sent.
  private static let codeLengthOrder = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
  ]

  /// Code lengths as the code-length alphabet writes them: 0–15 as themselves, 16 for 3–6
  /// repeats of the previous length, 17 and 18 for 3–10 and 11–138 zeros.
  static func runLengthEncode(_ lengths: [UInt8]) -> [(symbol: Int, extra: Int)] {
    var runs: [(symbol: Int, extra: Int)] = []
    runs.reserveCapacity(lengths.count)
    var start = 0
    while start < lengths.count {
      let value = lengths[start]
      var run = 1
      while start + run < lengths.count, lengths[start + run] == value { run += 1 }
      start += run
      if value == 0 {
        while run >= 11 {
          let piece = min(run, 138)
          runs.append((18, piece - 11))
          run -= piece
        }
        if run >= 3 {
          runs.append((17, run - 3))
          run = 0
        }
      } else {
        runs.append((Int(value), 0))
        run -= 1
        while run >= 3 {
          let piece = min(run, 6)
          runs.append((16, piece - 3))
          run -= piece
        }
      }
      runs += repeatElement((symbol: Int(value), extra: 0), count: run)
    }
    return runs
  }

  /// A match length's symbol (0–28, added to 257), its extra bits and their value, for
  /// `length - 3` in 0...255 (as ``Tokens/match(_:)`` gives it).
  static func lengthSymbol(_ value: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
    if value < 8 { return (value, 0, 0) }
    if value == 255 { return (28, 0, 0) }
    let high = Int.bitWidth - 1 - value.leadingZeroBitCount
    let extraBits = high - 2
    return (4 * (high - 1) + ((value >> extraBits) & 3), extraBits, value & ((1 << extraBits) - 1))
  }

  /// A distance's symbol (0–29), its extra bits and their value, for `distance - 1` in
  /// 0...32767 (as ``Tokens/match(_:)`` gives it).
  static func distanceSymbol(_ value: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
    if value < 4 { return (value, 0, 0) }
    let high = Int.bitWidth - 1 - value.leadingZeroBitCount
    let extraBits = high - 1
    return (2 * high + ((value >> extraBits) & 1), extraBits, value & ((1 << extraBits) - 1))
  }
}

/// Canonical Huffman codes (RFC 1951, section 3.2.2) with a length limit.
enum HuffmanCode {
  /// Code lengths for symbols with these counts, none over `limit` bits; unused symbols get 0.
  /// The code is always complete: with fewer than two symbols used, a second one is given a
  /// code too (inflaters refuse an incomplete code-length code).
  static func lengths(_ counts: [UInt32], limit: Int) -> [UInt8] {
    var symbols = counts.indices.filter { counts[$0] > 0 }
    var lengths = [UInt8](repeating: 0, count: counts.count)
    if symbols.count < 2 {
      symbols = symbols.isEmpty ? [0, 1] : [symbols[0], symbols[0] == 0 ? 1 : 0]
      for symbol in symbols { lengths[symbol] = 1 }
      return lengths
    }
    symbols.sort { (counts[$0], $0) < (counts[$1], $1) }
    let weights = symbols.map { counts[$0] }
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 4 * symbols.count) { nodes in
      // Too deep (only for very skewed counts): flatten the counts until the tree fits.
      var halvings = 0
      while treeDepths(weights, halvings: halvings, nodes: nodes) > limit { halvings += 1 }
      for (leaf, symbol) in symbols.enumerated() { lengths[symbol] = UInt8(nodes[leaf]) }
    }
    return lengths
  }

  /// Builds a Huffman tree over `weights` (ascending), each divided by 2^`halvings` and rounded
  /// up, with two queues: the leaves in order, and the merged nodes, made in ascending order
  /// too. Leaves its leaves' depths in `nodes[0..<weights.count]` and returns the deepest.
  ///
  /// `nodes` holds 2n − 1 weights, then 2n − 1 parents, each of which becomes its node's depth
  /// once its own parent's has (parents come after their children).
  private static func treeDepths(
    _ weights: [UInt32],
    halvings: Int,
    nodes: UnsafeMutableBufferPointer<UInt64>
  ) -> Int {
    let leaves = weights.count
    let count = 2 * leaves - 1
    let rounding = UInt64(1) << halvings - 1
    for (leaf, weight) in weights.enumerated() {
      nodes[leaf] = (UInt64(weight) + rounding) >> halvings
    }
    var (leaf, node) = (0, leaves)
    for merged in leaves..<count {
      nodes[merged] = 0
      for _ in 0..<2 {
        let takeLeaf = leaf < leaves && (node == merged || nodes[leaf] <= nodes[node])
        let child = takeLeaf ? leaf : node
        if takeLeaf { leaf += 1 } else { node += 1 }
        nodes[count + child] = UInt64(merged)
        nodes[merged] += nodes[child]
      }
    }
    nodes[2 * count - 1] = 0  // the root's depth
    var deepest = 0
    for index in (0..<count - 1).reversed() {
      let depth = nodes[count + Int(nodes[count + index])] + 1
      nodes[count + index] = depth
      deepest = max(deepest, Int(depth))
    }
    for leaf in 0..<leaves { nodes[leaf] = nodes[count + leaf] }
    return deepest
  }

  /// The canonical codes for these lengths, bit-reversed for a least-significant-bit-first
  /// writer.
  static func codes(_ lengths: [UInt8]) -> [UInt16] {
    // How many codes of each length, then (in the same slots) the next code of each length.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 16) { next in
      next.initialize(repeating: 0)
      for length in lengths where length > 0 { next[Int(length)] += 1 }
      var (code, previousCount) = (0, 0)
      for bits in 1..<16 {
        code = (code + previousCount) << 1
        previousCount = next[bits]
        next[bits] = code
      }
      return lengths.map { length in
        guard length > 0 else { return 0 }
        let code = next[Int(length)]
        next[Int(length)] += 1
        return UInt16(truncatingIfNeeded: code.reversedBits(Int(length)))
      }
    }
  }
}

extension Int {
  /// The low `count` bits in reverse order.
  fileprivate func reversedBits(_ count: Int) -> Int {
    var (value, reversed) = (self, 0)
    for _ in 0..<count {
      reversed = reversed << 1 | value & 1
      value >>= 1
    }
    return reversed
  }
}

/// Bits packed least significant first, as DEFLATE writes everything but Huffman codes (which
/// ``HuffmanCode/codes(_:)`` reverses for it).
struct BitWriter {
  var bytes: [UInt8] = []
  private var buffer: UInt64 = 0
  private var count = 0

  /// Appends `value` in `width` bits (at most 32); `value` must fit in them (checked in debug
  /// builds: a larger one would corrupt the bits after it).
  @inline(__always)
  mutating func write(_ value: Int, _ width: Int) {
    assert(value >= 0 && value >> width == 0, "\(value) does not fit in \(width) bits")
    buffer |= UInt64(truncatingIfNeeded: value) << UInt64(count)
    count += width
    if count >= 32 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      bytes.append(UInt8(truncatingIfNeeded: buffer >> 8))
      bytes.append(UInt8(truncatingIfNeeded: buffer >> 16))
      bytes.append(UInt8(truncatingIfNeeded: buffer >> 24))
      buffer >>= 32
      count -= 32
    }
  }

  /// Writes the last partial byte, padded with zero bits.
  mutating func flush() {
    while count > 0 {
      bytes.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      count -= 8
    }
    (buffer, count) = (0, 0)
  }
}
