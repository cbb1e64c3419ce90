extension QRCode {
  /// The code drawn with Unicode half blocks (`▀`, `▄`, `█`), two module rows per line, for
  /// a terminal.
  ///
  /// Without colours the glyphs' ink draws the *light* modules and the quiet zone, which is
  /// right on the usual dark-background terminal; `invert` inks the dark modules instead,
  /// for light-background terminals. With `ansiColors` each line also sets its own colours
  /// (ink white on black, or black on white when inverted), so the code reads the same on any
  /// terminal theme.
  ///
  /// ```swift
  /// print(try code.terminalText())
  /// ```
  ///
  /// - Parameters:
  ///   - margin: The quiet zone in modules, 0–40 (4 by default).
  ///   - invert: Ink the dark modules rather than the light ones.
  ///   - ansiColors: Wrap each line in ANSI colour escapes.
  /// - Returns: Lines ending in `\n`.
  public func terminalText(margin: Int = 4, invert: Bool = false, ansiColors: Bool = false)
    throws(QRError) -> String
  {
    guard (0...40).contains(margin) else {
      throw QRError(.invalidOption, "the margin must be 0 to 40 modules, not \(margin)")
    }
    let modules = size + 2 * margin
    let lines = (modules + 1) / 2
    let colorBytes = ansiColors ? 16 : 0
    let bits = ModuleBits(self)
    // Ink: light modules (quiet zone included), or dark ones when inverted; the half row
    // below the last one is never inked. A glyph is 1 for an inked upper half, 2 for a lower.
    let inked: UInt64 = invert ? 0 : 1
    let quietGlyph = Int(truncatingIfNeeded: inked | inked << 1)
    let blank = [UInt64](repeating: 0, count: bits.wordsPerRow)
    return String(capacity: lines * (modules * 3 + 1 + colorBytes)) { out in
      bits.words.withUnsafeBufferPointer { words in
        blank.withUnsafeBufferPointer { blank in
          for line in 0..<lines {
            if ansiColors { out.write(invert ? "\u{1B}[30;107m" : "\u{1B}[97;40m") }
            let top = 2 * line - margin
            let bottom = top + 1
            let lastHalf = bottom + margin >= modules
            // Rows outside the symbol are light: the blank row.
            let upperRow =
              top >= 0 && top < size
              ? UnsafeBufferPointer(rebasing: words[(top * bits.wordsPerRow)...]) : blank
            let lowerRow =
              bottom >= 0 && bottom < size
              ? UnsafeBufferPointer(rebasing: words[(bottom * bits.wordsPerRow)...]) : blank
            let outsideGlyph = lastHalf ? quietGlyph & 1 : quietGlyph
            for _ in 0..<margin { out.writeHalfBlock(outsideGlyph) }
            for x in 0..<size {
              let shift = UInt64(x & 63)
              let upper = (upperRow[x >> 6] >> shift & 1) ^ inked
              let lower = lastHalf ? 0 : (lowerRow[x >> 6] >> shift & 1) ^ inked
              out.writeHalfBlock(Int(truncatingIfNeeded: upper | lower << 1))
            }
            for _ in 0..<margin { out.writeHalfBlock(outsideGlyph) }
            if ansiColors { out.write("\u{1B}[0m") }
            out.write(UInt8(ascii: "\n"))
          }
        }
      }
    }
  }
}
