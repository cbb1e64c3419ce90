/// The symbol's rows as bit sets (bit `x` of row `y` set for a dark module), so the renderers
/// find runs of dark modules with a few bit operations per run rather than a data-dependent
/// branch per module.
struct ModuleBits {
  let words: [UInt64]
  let wordsPerRow: Int
  let size: Int

  init(_ code: QRCode) {
    size = code.size
    wordsPerRow = (size + 63) / 64
    var words = [UInt64](repeating: 0, count: size * wordsPerRow)
    let wordsPerRow = self.wordsPerRow
    let size = self.size
    code.modules.withUnsafeBytes { modules in
      words.withUnsafeMutableBufferPointer { words in
        for y in 0..<size {
          let row = y * wordsPerRow
          let bytes = y * size
          var x = 0
          // Eight modules (bytes with the dark flag in bit 0) at a time: the multiply gathers byte i's low bit
          // into bit 56 + i.
          while x + 8 <= size {
            let eight = UInt64(
              littleEndian: modules.loadUnaligned(fromByteOffset: bytes + x, as: UInt64.self)
            )
            let gathered = ((eight & 0x0101_0101_0101_0101) &* 0x0102_0408_1020_4080) >> 56
            // x is a multiple of 8, so the eight bits never straddle two words.
            words[row + x >> 6] |= gathered << UInt64(x & 63)
            x += 8
          }
          while x < size {
            words[row + x >> 6] |= UInt64(modules[bytes + x] & 1) << UInt64(x & 63)
            x += 1
          }
        }
      }
    }
    self.words = words
  }

  /// Calls `body(start, end)` for each run of dark modules `start..<end` of row `y`, left to
  /// right.
  @inline(__always)
  func forEachRun(inRow y: Int, _ body: (Int, Int) -> Void) {
    words.withUnsafeBufferPointer { words in
      let row = y * wordsPerRow
      var position = 0
      while position < size {
        // The next dark module at or after `position`.
        var word = position >> 6
        var bits = words[row + word] & (~0 << UInt64(position & 63))
        while bits == 0 {
          word += 1
          guard word < wordsPerRow else { return }
          bits = words[row + word]
        }
        let start = word << 6 + bits.trailingZeroBitCount
        // The next light module after it (bits past the end of the row are 0, so light).
        var light = ~words[row + word] & (~0 << UInt64(start & 63))
        while light == 0 {
          word += 1
          light = word < wordsPerRow ? ~words[row + word] : ~0
        }
        let end = min(word << 6 + light.trailingZeroBitCount, size)
        body(start, end)
        position = end
      }
    }
  }

  /// Bit `x` of row `y` as 0 or 1; 0 outside the symbol.
  @inline(__always)
  func bit(_ x: Int, _ y: Int) -> Int {
    guard UInt(bitPattern: x) < UInt(size), UInt(bitPattern: y) < UInt(size) else { return 0 }
    return words.withUnsafeBufferPointer {
      Int(truncatingIfNeeded: $0[y * wordsPerRow + x >> 6] >> UInt64(x & 63)) & 1
    }
  }
}
