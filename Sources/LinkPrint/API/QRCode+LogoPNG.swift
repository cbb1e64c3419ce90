import CCairo
public import LinkQR

extension QRCode {
  /// The code as a PNG file with a logo in the centre, drawn by cairo: the modules under the
  /// logo's square (``QRCode/logoArea(fraction:)``) are left light and the logo (PNG, or SVG
  /// drawn by librsvg) is scaled to fit the square inset by one module, its aspect ratio kept.
  ///
  /// Unlike ``QRCode/png(_:)`` the image is RGBA (the logo has colours and smooth edges). The
  /// modules stay crisp: each is a whole number of pixels. The file records its resolution in a
  /// `pHYs` chunk, as ``QRCode/png(_:)`` does.
  ///
  /// ```swift
  /// let code = try QRCode(encodingForLogo: link)
  /// let png = try code.png(QRRenderOptions(), logo: try QRLogo(contentsOfFile: "logo.svg"))
  /// ```
  ///
  /// - Throws: ``PrintError``: ``PrintError/Code/logoTooLarge`` when the code cannot take the
  ///   logo (see ``QRCode/largestLogoSide``), ``PrintError/Code/invalidLogo`` when the logo
  ///   cannot be drawn, ``PrintError/Code/invalidOption`` for options out of range.
  public func png(_ options: QRRenderOptions, logo: QRLogo) throws(PrintError) -> [UInt8] {
    let scale: Int
    let area: QRLogoArea
    do throws(QRError) {
      scale = try options.pixelsPerModule(for: self)
      area = try logoArea(fraction: logo.size)
    } catch {
      throw PrintError(error)
    }
    let artwork = try LogoArtwork(logo)
    let margin = options.margin
    let side = Int32((size + 2 * margin) * scale)
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, side, side) else {
      throw PrintError(.library, "cairo could not create an image")
    }
    defer { cairo_surface_destroy(surface) }
    try Cairo.check(surface: surface, "create a \(side) × \(side) image")
    guard let context = cairo_create(surface) else {
      throw PrintError(.library, "cairo could not create a drawing context")
    }
    defer { cairo_destroy(context) }
    let unit = Double(scale)
    drawModules(on: context, excluding: area, options, unit: unit)
    artwork.draw(
      on: context,
      x: Double(margin + area.origin + 1) * unit,
      y: Double(margin + area.origin + 1) * unit,
      side: Double(area.side - 2) * unit
    )
    try Cairo.check(context: context, "draw the code")
    cairo_surface_flush(surface)
    let bytes = try Cairo.pngBytes(of: surface)
    guard let pixelsPerMeter = options.pixelsPerMeter else { return bytes }
    return PNGChunks.withPhysicalSize(
      bytes,
      pixelsPerMeter: UInt32(pixelsPerMeter.rounded())
    )
  }

  /// Paints the background, then the dark modules outside the logo's square, crisp (no
  /// antialiasing), `unit` pixels a module.
  private func drawModules(
    on context: OpaquePointer,
    excluding area: QRLogoArea,
    _ options: QRRenderOptions,
    unit: Double
  ) {
    let margin = options.margin
    Cairo.setSource(context, options.background)
    cairo_set_operator(context, CAIRO_OPERATOR_SOURCE)
    cairo_paint(context)
    cairo_set_operator(context, CAIRO_OPERATOR_OVER)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_NONE)
    Cairo.setSource(context, options.foreground)
    forEachDarkRun(excluding: area) { row, start, end in
      cairo_rectangle(
        context,
        Double(margin + start) * unit,
        Double(margin + row) * unit,
        Double(end - start) * unit,
        unit
      )
    }
    cairo_fill(context)
    cairo_set_antialias(context, CAIRO_ANTIALIAS_DEFAULT)
  }
}

extension QRLogo {
  /// Checks that the logo can be drawn (a PNG cairo reads, an SVG librsvg renders), so that a
  /// broken file is refused before any output.
  ///
  /// - Throws: ``PrintError`` with ``PrintError/Code/invalidLogo`` naming the problem.
  public func validateDrawing() throws(PrintError) {
    try LogoArtwork.validate(self)
  }
}

/// Adds chunks to a PNG file.
enum PNGChunks {
  /// The PNG with a `pHYs` chunk (square pixels, `pixelsPerMeter` per metre) after `IHDR`,
  /// which always comes first: 8 bytes of signature, then 25 of `IHDR`.
  static func withPhysicalSize(_ png: [UInt8], pixelsPerMeter: UInt32) -> [UInt8] {
    let headerEnd = 8 + 25
    guard png.count > headerEnd else { return png }
    var file = PNGFile(continuing: Array(png[..<headerEnd]))
    file.appendPhysicalSize(pixelsPerMeter: pixelsPerMeter)
    return file.bytes + png[headerEnd...]
  }
}

extension PrintError {
  /// A QR error as a print error: logo problems keep their meaning, options are options.
  init(_ error: QRError) {
    let code: Code =
      switch error.code {
      case .unreadableLogo: .unreadableInput
      case .invalidLogo: .invalidLogo
      case .logoTooLarge, .logoOverAlignmentPattern: .logoTooLarge
      case .library: .library
      case .empty, .tooLong, .invalidOption, .invalidColor, .imageTooLarge, .moduleTooSmall,
        .logoNeedsHighCorrection:
        .invalidOption
      }
    self.init(code, error.message)
  }
}
