/// A printed length, such as the side of a QR code on a card: `30mm`, `3cm`, `1.2in`, `400px`.
///
/// ```swift
/// let side = try QRLength(parsing: "30mm")
/// side.pixels(dpi: 300)  // 354.33…
/// side.description       // "30mm"
/// ```
public struct QRLength: Sendable, Hashable, CustomStringConvertible {
  /// The units a length can be given in.
  public enum Unit: String, Sendable, Hashable, CaseIterable {
    /// Millimetres.
    case millimetres = "mm"
    /// Centimetres.
    case centimetres = "cm"
    /// Inches.
    case inches = "in"
    /// Pixels: independent of the resolution.
    case pixels = "px"
  }

  /// The number, greater than zero.
  public let value: Double
  /// The unit.
  public let unit: Unit

  /// A length from a number and a unit.
  public init(_ value: Double, _ unit: Unit) {
    self.value = value
    self.unit = unit
  }

  /// Reads a number followed by `mm`, `cm`, `in` or `px`, such as `30mm` or `1.5in`.
  ///
  /// - Throws: ``QRError`` with ``QRError/Code/invalidOption`` naming the text.
  public init(parsing text: String) throws(QRError) {
    let lowered = text.lowercased()
    guard let unit = Unit.allCases.first(where: { lowered.hasSuffix($0.rawValue) }),
      let value = Double(lowered.dropLast(unit.rawValue.count)),
      value.isFinite, value > 0
    else {
      throw QRError(
        .invalidOption,
        "'\(text)' is not a size; give a positive number and a unit: 30mm, 3cm, 1.2in or 400px"
      )
    }
    self.init(value, unit)
  }

  /// The length in pixels at `dpi` dots per inch (the resolution is ignored for `px`).
  public func pixels(dpi: Int) -> Double {
    switch unit {
    case .millimetres: value / 25.4 * Double(dpi)
    case .centimetres: value / 2.54 * Double(dpi)
    case .inches: value * Double(dpi)
    case .pixels: value
    }
  }

  /// The length as given, for an SVG `width` (`30mm`, `1.5in`, `400px`).
  public var description: String {
    let number =
      value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    return number + unit.rawValue
  }
}
