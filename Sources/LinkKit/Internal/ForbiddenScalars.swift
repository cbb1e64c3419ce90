/// Characters no parameter value may hold, whatever its type: C0 and C1 controls and DEL,
/// bidirectional formatting characters (which can make a link read differently from what it
/// is), invisible separators and byte-order marks, and non-characters.
enum ForbiddenScalars {
  static let intervals: [ClosedRange<UInt32>] = [
    0x0000...0x001F,  // C0 controls, including NUL, TAB, CR, LF
    0x007F...0x009F,  // DEL and C1 controls
    0x061C...0x061C,  // ARABIC LETTER MARK
    0x200B...0x200B,  // ZERO WIDTH SPACE
    0x200E...0x200F,  // LEFT-TO-RIGHT and RIGHT-TO-LEFT MARK
    0x2028...0x2029,  // LINE and PARAGRAPH SEPARATOR
    0x202A...0x202E,  // bidi embeddings and overrides
    0x2060...0x2060,  // WORD JOINER
    0x2066...0x2069,  // bidi isolates
    0xFEFF...0xFEFF,  // BYTE ORDER MARK
    0xFFF9...0xFFFB,  // interlinear annotation controls
    0xFFFE...0xFFFF,  // non-characters
  ]

  @inline(__always)
  static func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return false }
    if value > 0x9F && value < 0x061C { return false }
    return intervals.contains { $0.contains(value) }
  }

  static func overlaps(_ range: ClosedRange<Unicode.Scalar>) -> Bool {
    let values = range.lowerBound.value...range.upperBound.value
    return intervals.contains { $0.overlaps(values) }
  }

  /// A readable name for a forbidden scalar, for error messages (`U+202E`).
  static func name(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }
}
