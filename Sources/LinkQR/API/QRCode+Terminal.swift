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
    return String(capacity: lines * (modules * 3 + 1 + colorBytes)) { out in
      for line in 0..<lines {
        if ansiColors { out.write(invert ? "\u{1B}[30;107m" : "\u{1B}[97;40m") }
        let top = 2 * line - margin
        let bottom = top + 1
        let bottomInside = bottom + margin < modules
        for column in 0..<modules {
          let x = column - margin
          let upper = self[x, top] == invert
          let lower = bottomInside && self[x, bottom] == invert
          switch (upper, lower) {
          case (false, false): out.write(UInt8(ascii: " "))
          case (true, false): out.write("\u{2580}")
          case (false, true): out.write("\u{2584}")
          case (true, true): out.write("\u{2588}")
          }
        }
        if ansiColors { out.write("\u{1B}[0m") }
        out.write(UInt8(ascii: "\n"))
      }
    }
  }
}
