/// How a ``QRCode`` is drawn: size, quiet zone and colours. The defaults give black modules
/// on white, 8 pixels per module, with the 4-module quiet zone the standard asks for.
///
/// ```swift
/// var options = QRRenderOptions()
/// options.scale = .fit(try QRLength(parsing: "30mm"))  // 30 mm wide at 300 dpi
/// options.foreground = try QRColor(parsing: "#1a237e")
/// let png = try code.png(options)
/// ```
public struct QRRenderOptions: Sendable, Hashable {
  /// How big a module is.
  public enum Scale: Sendable, Hashable {
    /// Pixels per module (PNG; the SVG's size in user units).
    case pixelsPerModule(Int)
    /// The whole symbol, quiet zone included, fits this length: PNG picks the largest whole
    /// number of pixels per module that fits at ``QRRenderOptions/dpi``; SVG gets exactly
    /// this `width` and `height`.
    case fit(QRLength)
  }

  /// The default resolution for physical sizes: 300 dots per inch.
  public static let defaultDPI = 300
  /// The largest side, in pixels, of a PNG this renders.
  public static let maximumPixels = 20_000

  /// The module size; 8 pixels per module by default.
  public var scale: Scale = .pixelsPerModule(8)
  /// Dots per inch for a physical ``Scale/fit(_:)`` size and the PNG `pHYs` chunk; `nil`
  /// means 300 for physical sizes and no `pHYs` otherwise.
  public var dpi: Int?
  /// The quiet zone around the symbol, in modules (0–40); 4 by default, the standard's
  /// minimum.
  public var margin = 4
  /// The colour of the dark modules.
  public var foreground = QRColor.black
  /// The colour of the light modules and the quiet zone.
  public var background = QRColor.white

  /// The defaults.
  public init() {}

  /// Checks the ranges of the options.
  ///
  /// - Throws: ``QRError`` with ``QRError/Code/invalidOption``.
  public func validate() throws(QRError) {
    guard (0...40).contains(margin) else {
      throw QRError(.invalidOption, "the margin must be 0 to 40 modules, not \(margin)")
    }
    if let dpi, !(1...10_000).contains(dpi) {
      throw QRError(.invalidOption, "the resolution must be 1 to 10000 dpi, not \(dpi)")
    }
    switch scale {
    case .pixelsPerModule(let pixels) where !(1...1000).contains(pixels):
      throw QRError(.invalidOption, "the scale must be 1 to 1000 pixels per module, not \(pixels)")
    case .fit(let length) where !(length.value > 0 && length.value.isFinite):
      throw QRError(.invalidOption, "the size must be a positive length, not \(length)")
    default: break
    }
  }

  /// Warnings about colours scanners may not read: a WCAG contrast ratio below 4.5 between
  /// foreground and background (transparent colours counted over white paper), or light
  /// modules on a dark background, which many scanners (zbar among them) do not decode.
  ///
  /// ```swift
  /// var options = QRRenderOptions()
  /// options.foreground = try QRColor(parsing: "#999")
  /// options.warnings.map(\.code)  // [.lowContrast]
  /// ```
  public var warnings: [QRWarning] {
    var warnings: [QRWarning] = []
    let ratio = foreground.contrastRatio(with: background)
    if ratio < 4.5 {
      let shown = (ratio * 100).rounded() / 100
      warnings.append(
        QRWarning(
          .lowContrast,
          "the contrast between \(foreground) and \(background) is \(shown):1; scanners need a "
            + "strong contrast, at least 4.5:1 (black on white is 21:1)"
        )
      )
    }
    if foreground.relativeLuminance > background.relativeLuminance {
      warnings.append(
        QRWarning(
          .lightOnDark,
          "the modules (\(foreground)) are lighter than the background (\(background)); many "
            + "scanners read only dark modules on a light background"
        )
      )
    }
    return warnings
  }

  /// The margin and pixels per module of a PNG of `code`.
  package func pixelsPerModule(for code: QRCode) throws(QRError) -> Int {
    try validate()
    let modules = code.size + 2 * margin
    switch scale {
    case .pixelsPerModule(let pixels):
      guard modules * pixels <= Self.maximumPixels else {
        throw QRError(
          .imageTooLarge,
          "\(modules) modules at \(pixels) pixels each make a \(modules * pixels) px image; "
            + "the largest is \(Self.maximumPixels) px"
        )
      }
      return pixels
    case .fit(let length):
      let dpi = dpi ?? Self.defaultDPI
      let side = length.pixels(dpi: dpi)
      let perModule = side / Double(modules)
      guard perModule >= 1 else {
        let resolution = length.unit == .pixels ? "" : " at \(dpi) dpi"
        throw QRError(
          .invalidOption,
          "\(length)\(resolution) is \(Int(side)) px, too small for the \(modules) modules "
            + "(quiet zone included) of this version \(code.version) code"
        )
      }
      guard side <= Double(Self.maximumPixels) else {
        throw QRError(
          .imageTooLarge,
          "\(length) at \(dpi) dpi is \(Int(side)) px; the largest is \(Self.maximumPixels) px"
        )
      }
      return Int(perModule)
    }
  }
}
