extension QRCode {
  /// The code as a PNG file, written in memory.
  ///
  /// Black on white gives a 1-bit grayscale image; other colours a 1-bit image with a
  /// two-colour palette (and transparency when a colour has alpha). With a resolution set
  /// (``QRRenderOptions/dpi``, or a physical ``QRRenderOptions/Scale/fit(_:)`` size) the file
  /// records it in a `pHYs` chunk, so it prints at the intended size.
  ///
  /// LinkQR compresses the image itself, in Swift: each row of modules is written once and
  /// its repeats as one back-reference each, so the time grows with the number of modules,
  /// not of pixels, and no C library is involved.
  ///
  /// ```swift
  /// let png = try code.png(QRRenderOptions())  // 8 px per module, 4-module quiet zone
  /// ```
  ///
  /// - Throws: ``QRError`` for options out of range or an image over
  ///   ``QRRenderOptions/maximumPixels``.
  public func png(_ options: QRRenderOptions = QRRenderOptions()) throws(QRError) -> [UInt8] {
    let scale = try options.pixelsPerModule(for: self)
    let modules = size + 2 * options.margin
    let width = modules * scale
    let stride = 1 + (width + 7) / 8
    let scanlines = self.scanlines(margin: options.margin, scale: scale, stride: stride)
    let gray = options.foreground == .black && options.background == .white
    var file = PNGFile(capacity: 128)
    file.append("IHDR") { data in
      data.append(bigEndian: UInt32(width))
      data.append(bigEndian: UInt32(width))
      // 1 bit; grayscale or palette; deflate; the standard filters; no interlace.
      for byte: UInt8 in [1, gray ? 0 : 3, 0, 0, 0] { data.append(byte) }
    }
    if !gray {
      let (fg, bg) = (options.foreground, options.background)
      file.append("PLTE") { $0 += [fg.red, fg.green, fg.blue, bg.red, bg.green, bg.blue] }
      if fg.alpha < 255 || bg.alpha < 255 { file.append("tRNS") { $0 += [fg.alpha, bg.alpha] } }
    }
    if let resolution = options.pixelsPerMeter.map({ UInt32($0.rounded()) }), resolution > 0 {
      file.appendPhysicalSize(pixelsPerMeter: resolution)
    }
    // With whole-byte modules (scales of 8, 16, …) every byte is 0x00 or 0xFF and a literal
    // costs about a bit: far matches rarely pay for their distance (measured: files at most 5 %
    // smaller, for a fifth more time), so only the near ones are looked for. Otherwise bytes
    // mix modules and a far match pays from 6 bytes.
    scanlines.withUnsafeBufferPointer { lines in
      let farMinimum = scale % 8 == 0 ? nil : 6
      let deflate = RowDeflate(
        scanlines: lines,
        stride: stride,
        repeatCount: scale,
        farMinimum: farMinimum
      )
      file.append("IDAT") { deflate.write(to: &$0) }
    }
    file.append("IEND") { _ in }
    return file.bytes
  }

  /// One PNG scanline per module row (filter byte 0, then the pixels packed most significant
  /// bit first, bit 1 = light); the image repeats each `scale` times.
  private func scanlines(margin: Int, scale: Int, stride: Int) -> [UInt8] {
    let modules = size + 2 * margin
    var lines = [UInt8](repeating: 0xFF, count: modules * stride)
    let bits = ModuleBits(self)
    lines.withUnsafeMutableBufferPointer { lines in
      let base = lines.baseAddress.unsafelyUnwrapped
      for row in 0..<modules { base[row * stride] = 0 }
      for y in 0..<size {
        let row = base + (y + margin) * stride + 1
        bits.forEachRun(inRow: y) { start, end in
          Self.clearBits(row, from: (start + margin) * scale, to: (end + margin) * scale)
        }
      }
    }
    return lines
  }

  /// Clears bits `start..<end` of a packed row (most significant bit first).
  private static func clearBits(_ row: UnsafeMutablePointer<UInt8>, from start: Int, to end: Int) {
    var bit = start
    while bit < end, bit & 7 != 0 {
      row[bit >> 3] &= ~(0x80 >> UInt8(bit & 7))
      bit += 1
    }
    let wholeEnd = end & ~7
    if bit < wholeEnd {
      (row + (bit >> 3)).update(repeating: 0, count: (wholeEnd - bit) >> 3)
      bit = wholeEnd
    }
    while bit < end {
      row[bit >> 3] &= ~(0x80 >> UInt8(bit & 7))
      bit += 1
    }
  }
}

extension QRRenderOptions {
  /// The resolution for the PNG `pHYs` chunk: the given dpi, or 300 for a physical size.
  package var pixelsPerMeter: Double? {
    if let dpi { return Double(dpi) / 0.0254 }
    if case .fit(let length) = scale, length.unit != .pixels {
      return Double(Self.defaultDPI) / 0.0254
    }
    return nil
  }
}
