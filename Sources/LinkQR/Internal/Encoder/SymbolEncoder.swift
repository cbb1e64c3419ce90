/// Encodes bytes into a QR code symbol in byte mode, exactly as libqrencode 4.1 does with
/// `QRcode_encodeData`: the same bit stream and padding, Reed–Solomon blocks and interleaving,
/// placement, mask choice (its penalty rules, see ``MaskPenalty``) and format and version
/// information, and the same module flags (dark 0x01, error-correction codeword or remainder
/// bit 0x02, function module 0x80).
enum SymbolEncoder {
  /// The flag of a module holding an error-correction codeword's bit or a remainder bit.
  static let errorCorrectionBit: UInt8 = 0x02

  /// The modules of the symbol of `bytes` at `version` and `level`, one byte each, row by row.
  /// The caller has checked that the bytes fit.
  static func encode(
    _ bytes: UnsafeBufferPointer<UInt8>,
    version: Int,
    level: QRErrorCorrection
  ) -> [UInt8] {
    let template = SymbolTemplate.of(version: version)
    let codewords = self.codewords(bytes, version: version, level: level)
    var modules = template.frame
    modules.withUnsafeMutableBufferPointer { modules in
      place(codewords, into: modules, template: template, level: level)
      let mask = template.maskPattern.withUnsafeBufferPointer { pattern in
        MaskPenalty.best(
          modules: UnsafeBufferPointer(modules),
          pattern: pattern,
          template: template,
          level: level
        )
      }
      apply(mask: mask, to: modules, template: template, level: level)
    }
    return modules
  }

  /// The data codewords (mode, count, bytes, terminator, padding), then each block's
  /// error-correction codewords, block after block (not interleaved).
  static func codewords(
    _ bytes: UnsafeBufferPointer<UInt8>,
    version: Int,
    level: QRErrorCorrection
  ) -> [UInt8] {
    let entry = CodewordLayout.table[version - 1]
    let (perBlock, blocks) = entry.levels[level.rawValue]
    let dataCount = entry.codewords - perBlock * blocks
    return [UInt8](unsafeUninitializedCapacity: entry.codewords) { buffer, count in
      writeData(
        bytes,
        version: version,
        into: UnsafeMutableBufferPointer(rebasing: buffer[..<dataCount])
      )
      let short = dataCount / blocks
      let firstLong = blocks - dataCount % blocks
      for block in 0..<blocks {
        let start = block * short + max(0, block - firstLong)
        let length = short + (block >= firstLong ? 1 : 0)
        let eccStart = dataCount + block * perBlock
        ReedSolomon.encode(
          UnsafeBufferPointer(rebasing: buffer[start..<(start + length)]),
          into: UnsafeMutableBufferPointer(rebasing: buffer[eccStart..<(eccStart + perBlock)])
        )
      }
      count = entry.codewords
    }
  }

  /// Byte mode (0100), the count (8 bits up to version 9, 16 from 10), the bytes, then as
  /// libqrencode pads: up to 4 zero bits when that fills the symbol, otherwise zero bits to the
  /// byte boundary at least 4 bits on, then 0xEC and 0x11 in turn.
  private static func writeData(
    _ bytes: UnsafeBufferPointer<UInt8>,
    version: Int,
    into data: UnsafeMutableBufferPointer<UInt8>
  ) {
    var index = 0
    var pending: UInt32 = 0  // bits not yet written, in the low `pendingBits` bits
    var pendingBits = 0
    func append(_ value: UInt32, _ bits: Int) {
      pending = pending << UInt32(bits) | value
      pendingBits += bits
      while pendingBits >= 8 {
        pendingBits -= 8
        data[index] = UInt8(truncatingIfNeeded: pending >> UInt32(pendingBits))
        index += 1
      }
      pending &= (1 << UInt32(pendingBits)) &- 1
    }
    append(0b0100, 4)
    append(UInt32(bytes.count), version < 10 ? 8 : 16)
    for byte in bytes { append(UInt32(byte), 8) }
    // Every count of bits so far is a multiple of 4; the rest of the byte (4 or 8 zero bits)
    // is the terminator when it fits, or the last bits of the symbol.
    if index < data.count { append(0, 8 - pendingBits) }
    var padding: UInt8 = 0xEC
    while index < data.count {
      data[index] = padding
      index += 1
      padding ^= 0xEC ^ 0x11
    }
  }

  /// The codewords' bits into the data modules, interleaved across the blocks (the first data
  /// codeword of every block, then the second…, then the error-correction codewords alike);
  /// the remainder bits are light error-correction modules, as libqrencode marks them.
  private static func place(
    _ codewords: [UInt8],
    into modules: UnsafeMutableBufferPointer<UInt8>,
    template: SymbolTemplate,
    level: QRErrorCorrection
  ) {
    let entry = CodewordLayout.table[template.version - 1]
    let (perBlock, blocks) = entry.levels[level.rawValue]
    let dataCount = entry.codewords - perBlock * blocks
    let short = dataCount / blocks
    let firstLong = blocks - dataCount % blocks
    template.walk.withUnsafeBufferPointer { walk in
      var position = 0
      func put(_ codeword: UInt8, _ flag: UInt8) {
        for shift in (0..<8).reversed() {
          modules[Int(walk[position])] = flag | (codeword >> UInt8(shift)) & 1
          position += 1
        }
      }
      for column in 0...short {
        for block in 0..<blocks where column < short || block >= firstLong {
          put(codewords[block * short + max(0, block - firstLong) + column], 0)
        }
      }
      for column in 0..<perBlock {
        for block in 0..<blocks {
          put(codewords[dataCount + block * perBlock + column], errorCorrectionBit)
        }
      }
      while position < walk.count {
        modules[Int(walk[position])] = errorCorrectionBit
        position += 1
      }
    }
  }

  /// Applies `mask` to the data modules and writes the format information.
  private static func apply(
    mask: Int,
    to modules: UnsafeMutableBufferPointer<UInt8>,
    template: SymbolTemplate,
    level: QRErrorCorrection
  ) {
    template.maskPattern.withUnsafeBufferPointer { pattern in
      for index in modules.indices {
        modules[index] ^= (pattern[index] >> UInt8(mask)) & 1
      }
    }
    let format = SymbolTemplate.formatInformation(level: level, mask: mask)
    for (bit, (first, second)) in template.formatModules.enumerated() {
      let value = SymbolTemplate.functionBit | UInt8((format >> bit) & 1)
      modules[first] = value
      modules[second] = value
    }
  }
}
