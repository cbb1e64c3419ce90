internal import CPNGWriter

extension QRCode {
  /// The code as a PNG file, encoded by libpng in memory.
  ///
  /// Black on white gives a 1-bit grayscale image; other colours a 1-bit image with a
  /// two-colour palette (and transparency when a colour has alpha). With a resolution set
  /// (``QRRenderOptions/dpi``, or a physical ``QRRenderOptions/Scale/fit(_:)`` size) the file
  /// records it in a `pHYs` chunk, so it prints at the intended size.
  ///
  /// ```swift
  /// let png = try code.png(QRRenderOptions())  // 8 px per module, 4-module quiet zone
  /// ```
  ///
  /// - Throws: ``QRError`` for options out of range, an image over
  ///   ``QRRenderOptions/maximumPixels``, or a libpng failure.
  public func png(_ options: QRRenderOptions = QRRenderOptions()) throws(QRError) -> [UInt8] {
    let scale = try options.pixelsPerModule(for: self)
    let margin = options.margin
    let modules = size + 2 * margin
    let width = modules * scale
    let rowBytes = (width + 7) / 8
    // One packed row per module row; libpng writes each `scale` times. Bit 1 = light.
    var rows = [UInt8](repeating: 0xFF, count: modules * rowBytes)
    let bits = ModuleBits(self)
    rows.withUnsafeMutableBufferPointer { rows in
      for y in 0..<size {
        let row = rows.baseAddress.unsafelyUnwrapped + (y + margin) * rowBytes
        bits.forEachRun(inRow: y) { start, end in
          Self.clearBits(row, from: (start + margin) * scale, to: (end + margin) * scale)
        }
      }
    }
    let gray = options.foreground == .black && options.background == .white
    var image = linkqr_png_image()
    image.width = UInt32(width)
    image.row_count = UInt32(modules)
    image.row_repeat = UInt32(scale)
    image.row_bytes = rowBytes
    image.use_palette = gray ? 0 : 1
    let (fg, bg) = (options.foreground, options.background)
    image.palette = (fg.red, fg.green, fg.blue, bg.red, bg.green, bg.blue)
    image.alpha = (fg.alpha, bg.alpha)
    image.pixels_per_meter = UInt32(options.pixelsPerMeter.map { $0.rounded() } ?? 0)
    image.compression_level = 4
    image.compression_strategy = 0  // Z_DEFAULT_STRATEGY
    var output = linkqr_png_output()
    let status = rows.withUnsafeBufferPointer { rows in
      image.rows = rows.baseAddress
      return linkqr_png_encode(&image, &output)
    }
    guard status == 0, let bytes = output.bytes else {
      let message = withUnsafeBytes(of: output.message) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      throw QRError(.library, "libpng could not write the image: \(message)")
    }
    defer { linkqr_png_output_free(&output) }
    return Array(UnsafeBufferPointer(start: bytes, count: output.count))
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
