extension QRRenderOptions {
  /// The fewest device pixels a module of a PNG may take: at 1 pixel a module, any
  /// resampling (a printer driver, a screen's scaling, a camera) smears modules into each
  /// other.
  public static let minimumModulePixels = 2
  /// The smallest module at a stated print size, in millimetres: under it, printer dot gain
  /// and a phone camera's focus distance make modules unreadable.
  public static let minimumModuleMillimetres = 0.25
  /// The quiet zone the standard asks for, in modules.
  public static let standardMargin = 4

  /// Checks that the modules of `code`, drawn as `format` with these options, are large
  /// enough to scan: at least ``minimumModulePixels`` device pixels in a PNG, and at least
  /// ``minimumModuleMillimetres`` at a physical size (`30mm`, or a PNG with a ``dpi``).
  ///
  /// ```swift
  /// var options = QRRenderOptions()
  /// options.scale = .fit(try QRLength(parsing: "5mm"))
  /// try options.checkModuleSize(of: code, format: .png)
  /// // QRError.moduleTooSmall: "… the smallest that works is 11.1mm"
  /// ```
  ///
  /// - Throws: ``QRError`` with ``QRError/Code/moduleTooSmall``, naming the module's size and
  ///   the smallest size (or scale) that works; ``QRError/Code/invalidOption`` for options
  ///   out of range.
  public func checkModuleSize(of code: QRCode, format: QRImageFormat) throws(QRError) {
    try validate()
    let modules = code.size + 2 * margin
    let symbol = "this version \(code.version) code is \(modules) modules wide with its quiet zone"
    switch (format, scale) {
    case (.svg, .pixelsPerModule):
      return
    case (.png, .pixelsPerModule(let pixels)):
      let needed = neededPixels(physical: dpi != nil)
      guard pixels < needed else { return }
      throw QRError(
        .moduleTooSmall,
        "\(pixels) pixel(s) per module is too small to scan: a module needs at least "
          + "\(Self.minimumModulePixels) pixels"
          + (dpi.map { " and \(Self.minimumModuleMillimetres) mm (\(needed) pixels at \($0) dpi)" }
            ?? "")
          + "; the smallest scale that works is \(needed)"
      )
    case (.png, .fit(let length)):
      let dpi = dpi ?? Self.defaultDPI
      let needed = neededPixels(physical: length.unit != .pixels)
      let pixels = Int(length.pixels(dpi: dpi) / Double(modules))
      guard pixels < needed else { return }
      let smallest = Self.length(pixels: Double(needed * modules), in: length.unit, dpi: dpi)
      let resolution = length.unit == .pixels ? "" : " at \(dpi) dpi"
      throw QRError(
        .moduleTooSmall,
        "\(length)\(resolution) gives \(pixels) pixel(s) per module (\(symbol)); a module needs "
          + "at least \(needed) pixels\(length.unit == .pixels ? "" : " (\(Self.minimumModuleMillimetres) mm)")"
          + " to scan: the smallest size that works is \(smallest)\(resolution)"
      )
    case (.svg, .fit(let length)):
      let dpi = Double(QRRenderOptions.defaultDPI)
      let millimetres = length.pixels(dpi: Int(dpi)) / dpi * 25.4 / Double(modules)
      let needed = length.unit == .pixels ? Double(Self.minimumModulePixels) : 0
      if length.unit == .pixels, length.value / Double(modules) >= needed { return }
      if length.unit != .pixels, millimetres >= Self.minimumModuleMillimetres { return }
      let smallest =
        length.unit == .pixels
        ? Self.length(pixels: needed * Double(modules), in: .pixels, dpi: Int(dpi))
        : Self.length(
          pixels: Self.minimumModuleMillimetres * Double(modules) / 25.4 * dpi,
          in: length.unit,
          dpi: Int(dpi)
        )
      throw QRError(
        .moduleTooSmall,
        "\(length) makes modules of "
          + (length.unit == .pixels
            ? "\(Self.rounded(length.value / Double(modules))) px"
            : "\(Self.rounded(millimetres)) mm")
          + " (\(symbol)); a module needs at least "
          + (length.unit == .pixels
            ? "\(Self.minimumModulePixels) px" : "\(Self.minimumModuleMillimetres) mm")
          + " to scan: the smallest size that works is \(smallest)"
      )
    }
  }

  /// A warning when the quiet zone is narrower than the standard's 4 modules: a scanner finds
  /// a code by the light band around it, and with less, the code's edge merges into whatever
  /// surrounds it on the page (text, a frame, a dark background).
  public var quietZoneWarning: QRWarning? {
    guard margin < Self.standardMargin else { return nil }
    return QRWarning(
      .narrowQuietZone,
      "a quiet zone of \(margin) module(s) is under the \(Self.standardMargin) the QR standard "
        + "asks for; scanners find a code by the light band around it, so leave \(Self.standardMargin) "
        + "modules of background unless the image will sit on plain light paper"
    )
  }

  /// The fewest pixels per module: ``minimumModulePixels``, and with a physical size enough
  /// for ``minimumModuleMillimetres`` at the resolution.
  private func neededPixels(physical: Bool) -> Int {
    guard physical else { return Self.minimumModulePixels }
    let dpi = Double(dpi ?? Self.defaultDPI)
    let forLength = (Self.minimumModuleMillimetres / 25.4 * dpi).rounded(.up)
    return max(Self.minimumModulePixels, Int(forLength))
  }

  /// `pixels` at `dpi` in `unit`, rounded up to the unit's last shown digit (0.1 mm, 0.01 cm
  /// or in, 1 px).
  private static func length(pixels: Double, in unit: QRLength.Unit, dpi: Int) -> QRLength {
    let (perPixel, step): (Double, Double) =
      switch unit {
      case .millimetres: (25.4 / Double(dpi), 0.1)
      case .centimetres: (2.54 / Double(dpi), 0.01)
      case .inches: (1 / Double(dpi), 0.01)
      case .pixels: (1, 1)
      }
    let value = ((pixels * perPixel / step) - 1e-9).rounded(.up) * step
    return QRLength((value / step).rounded() * step, unit)
  }

  private static func rounded(_ value: Double) -> String {
    String((value * 100).rounded() / 100)
  }
}
