/// What every symbol of one version shares, computed once per version and kept: the function
/// modules, what each mask does to each module, and the order the codeword bits fill the data
/// modules in (ISO/IEC 18004:2015, 6.3 and 7.7–7.9).
final class SymbolTemplate: Sendable {
  /// The flag of a function module (finder, separator, timing, alignment, format or version
  /// information, the dark module), as libqrencode marks them.
  static let functionBit: UInt8 = 0x80

  let version: Int
  /// Modules per side.
  let size: Int
  /// One byte per module, row by row: `0x80 | dark` for a function module, 0 for a data
  /// module. The format information is left light, to be written with the mask.
  let frame: [UInt8]
  /// Per module, bit m set when mask m inverts it; 0 for function modules.
  let maskPattern: [UInt8]
  /// The index of every data module, in the order the bit stream fills them: two-module
  /// columns from the right, upwards and downwards in turn, past the vertical timing pattern.
  let walk: [UInt16]
  /// The two modules of each of the 15 format information bits (bit 0 first).
  let formatModules: [(Int, Int)]

  /// The template of a version (1–40), built on first use and kept; thread-safe (each is a
  /// lazily initialized static).
  static func of(version: Int) -> SymbolTemplate {
    switch version {
    case 1: Cache.v1
    case 2: Cache.v2
    case 3: Cache.v3
    case 4: Cache.v4
    case 5: Cache.v5
    case 6: Cache.v6
    case 7: Cache.v7
    case 8: Cache.v8
    case 9: Cache.v9
    case 10: Cache.v10
    case 11: Cache.v11
    case 12: Cache.v12
    case 13: Cache.v13
    case 14: Cache.v14
    case 15: Cache.v15
    case 16: Cache.v16
    case 17: Cache.v17
    case 18: Cache.v18
    case 19: Cache.v19
    case 20: Cache.v20
    case 21: Cache.v21
    case 22: Cache.v22
    case 23: Cache.v23
    case 24: Cache.v24
    case 25: Cache.v25
    case 26: Cache.v26
    case 27: Cache.v27
    case 28: Cache.v28
    case 29: Cache.v29
    case 30: Cache.v30
    case 31: Cache.v31
    case 32: Cache.v32
    case 33: Cache.v33
    case 34: Cache.v34
    case 35: Cache.v35
    case 36: Cache.v36
    case 37: Cache.v37
    case 38: Cache.v38
    case 39: Cache.v39
    default: Cache.v40
    }
  }

  private enum Cache {
    static let v1 = SymbolTemplate(version: 1)
    static let v2 = SymbolTemplate(version: 2)
    static let v3 = SymbolTemplate(version: 3)
    static let v4 = SymbolTemplate(version: 4)
    static let v5 = SymbolTemplate(version: 5)
    static let v6 = SymbolTemplate(version: 6)
    static let v7 = SymbolTemplate(version: 7)
    static let v8 = SymbolTemplate(version: 8)
    static let v9 = SymbolTemplate(version: 9)
    static let v10 = SymbolTemplate(version: 10)
    static let v11 = SymbolTemplate(version: 11)
    static let v12 = SymbolTemplate(version: 12)
    static let v13 = SymbolTemplate(version: 13)
    static let v14 = SymbolTemplate(version: 14)
    static let v15 = SymbolTemplate(version: 15)
    static let v16 = SymbolTemplate(version: 16)
    static let v17 = SymbolTemplate(version: 17)
    static let v18 = SymbolTemplate(version: 18)
    static let v19 = SymbolTemplate(version: 19)
    static let v20 = SymbolTemplate(version: 20)
    static let v21 = SymbolTemplate(version: 21)
    static let v22 = SymbolTemplate(version: 22)
    static let v23 = SymbolTemplate(version: 23)
    static let v24 = SymbolTemplate(version: 24)
    static let v25 = SymbolTemplate(version: 25)
    static let v26 = SymbolTemplate(version: 26)
    static let v27 = SymbolTemplate(version: 27)
    static let v28 = SymbolTemplate(version: 28)
    static let v29 = SymbolTemplate(version: 29)
    static let v30 = SymbolTemplate(version: 30)
    static let v31 = SymbolTemplate(version: 31)
    static let v32 = SymbolTemplate(version: 32)
    static let v33 = SymbolTemplate(version: 33)
    static let v34 = SymbolTemplate(version: 34)
    static let v35 = SymbolTemplate(version: 35)
    static let v36 = SymbolTemplate(version: 36)
    static let v37 = SymbolTemplate(version: 37)
    static let v38 = SymbolTemplate(version: 38)
    static let v39 = SymbolTemplate(version: 39)
    static let v40 = SymbolTemplate(version: 40)
  }

  private init(version: Int) {
    self.version = version
    let size = 17 + 4 * version
    self.size = size
    var frame = [UInt8](repeating: 0, count: size * size)
    Self.drawFunctionPatterns(&frame, version: version, size: size)
    self.frame = frame
    maskPattern = Self.maskPatterns(frame, size: size)
    walk = Self.walk(frame, size: size)
    formatModules = (0..<15).map { bit in
      bit < 8
        ? (8 * size + size - 1 - bit, (bit < 6 ? bit : bit + 1) * size + 8)
        : ((size - 15 + bit) * size + 8, 8 * size + (bit == 8 ? 7 : 14 - bit))
    }
  }

  /// Finders, separators, the reserved format area, timing, alignment patterns, version
  /// information and the dark module.
  private static func drawFunctionPatterns(_ frame: inout [UInt8], version: Int, size: Int) {
    func set(_ x: Int, _ y: Int, _ dark: Bool) {
      frame[y * size + x] = functionBit | (dark ? 1 : 0)
    }
    for (left, top) in [(0, 0), (size - 7, 0), (0, size - 7)] {
      for dy in -1...7 {
        for dx in -1...7 where (0..<size).contains(left + dx) && (0..<size).contains(top + dy) {
          // The finder's rings: dark, light, dark 3 x 3; a light separator around it.
          let ring = max(abs(dx - 3), abs(dy - 3))
          set(left + dx, top + dy, ring != 2 && ring != 4)
        }
      }
    }
    for index in 0..<9 {
      set(index, 8, false)
      set(8, index, false)
    }
    for index in 0..<8 {
      set(size - 1 - index, 8, false)
      set(8, size - 1 - index, false)
    }
    for index in 8..<(size - 8) {
      set(index, 6, index % 2 == 0)
      set(6, index, index % 2 == 0)
    }
    let centres = alignmentCentres(version: version, size: size)
    for cy in centres {
      // Every pair of centres but the three over the finders.
      for cx in centres where !(min(cx, cy) == 6 && [6, size - 7].contains(max(cx, cy))) {
        for dy in -2...2 {
          for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) }
        }
      }
    }
    if version >= 7 {
      let bits = versionInformation(version)
      for bit in 0..<18 {
        let dark = (bits >> bit) & 1 != 0
        set(bit / 3, size - 11 + bit % 3, dark)
        set(size - 11 + bit % 3, bit / 3, dark)
      }
    }
    set(8, size - 8, true)
  }

  /// The rows (and columns) of the alignment patterns' centres: 6, then evenly spaced up to
  /// `size - 7` (ISO/IEC 18004:2015, Annex E).
  static func alignmentCentres(version: Int, size: Int) -> [Int] {
    guard version >= 2 else { return [] }
    let count = version / 7 + 2
    let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
    return [6] + (1..<count).map { size - 7 - (count - 1 - $0) * step }
  }

  /// The 18-bit version information: the version and its BCH(18, 6) check bits.
  static func versionInformation(_ version: Int) -> Int {
    var remainder = version
    for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
    return version << 12 | remainder
  }

  /// The 15-bit format information of a level and mask: BCH(15, 5), masked with 0x5412.
  static func formatInformation(level: QRErrorCorrection, mask: Int) -> Int {
    let data = [1, 0, 3, 2][level.rawValue] << 3 | mask
    var remainder = data
    for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
    return (data << 10 | remainder) ^ 0x5412
  }

  private static func maskPatterns(_ frame: [UInt8], size: Int) -> [UInt8] {
    var patterns = [UInt8](repeating: 0, count: size * size)
    for y in 0..<size {
      for x in 0..<size where frame[y * size + x] & functionBit == 0 {
        let conditions = [
          (x + y) % 2, y % 2, x % 3, (x + y) % 3, (y / 2 + x / 3) % 2,
          (x * y) % 2 + (x * y) % 3, ((x * y) % 2 + (x * y) % 3) % 2,
          ((x * y) % 3 + (x + y) % 2) % 2,
        ]
        var byte: UInt8 = 0
        for (mask, condition) in conditions.enumerated() where condition == 0 {
          byte |= 1 << mask
        }
        patterns[y * size + x] = byte
      }
    }
    return patterns
  }

  private static func walk(_ frame: [UInt8], size: Int) -> [UInt16] {
    var order: [UInt16] = []
    var upwards = true
    var right = size - 1
    while right > 0 {
      if right == 6 { right -= 1 }
      for step in 0..<size {
        let y = upwards ? size - 1 - step : step
        for x in [right, right - 1] where frame[y * size + x] & functionBit == 0 {
          order.append(UInt16(y * size + x))
        }
      }
      upwards.toggle()
      right -= 2
    }
    return order
  }
}
