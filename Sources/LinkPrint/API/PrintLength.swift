/// A printed length, held in PostScript points (1/72 inch): `10mm`, `0.5cm`, `0.25in`, `6pt`.
///
/// ```swift
/// let margin = try PrintLength(parsing: "10mm")
/// margin.points       // 28.346…
/// margin.millimetres  // 10.0
/// ```
public struct PrintLength: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Points per millimetre.
  static let pointsPerMillimetre = 72 / 25.4

  /// The length in points.
  public let points: Double

  /// A length in points.
  public init(points: Double) {
    self.points = points
  }

  /// A length in millimetres.
  public static func millimetres(_ value: Double) -> PrintLength {
    PrintLength(points: value * pointsPerMillimetre)
  }

  /// The length in millimetres.
  public var millimetres: Double { points / Self.pointsPerMillimetre }

  /// Reads a number followed by `mm`, `cm`, `in` or `pt` (`0` needs no unit).
  ///
  /// - Throws: ``PrintError`` with ``PrintError/Code/invalidOption`` naming the text.
  public init(parsing text: String) throws(PrintError) {
    guard let points = Self.points(text, allowZero: true) else {
      throw PrintError(
        .invalidOption,
        "'\(text)' is not a length; give a number and a unit: 10mm, 1cm, 0.4in or 12pt"
      )
    }
    self.init(points: points)
  }

  /// The length in points of `text`, or `nil`.
  static func points(_ text: some StringProtocol, allowZero: Bool) -> Double? {
    let lowered = text.lowercased()
    if allowZero, lowered == "0" { return 0 }
    let units: [(String, Double)] = [
      ("mm", pointsPerMillimetre), ("cm", 10 * pointsPerMillimetre), ("in", 72), ("pt", 1),
    ]
    guard let (unit, scale) = units.first(where: { lowered.hasSuffix($0.0) }),
      let value = Double(lowered.dropLast(unit.count)), value.isFinite,
      allowZero ? value >= 0 : value > 0
    else { return nil }
    return value * scale
  }

  /// `10mm`, rounded to a hundredth of a millimetre.
  public var description: String { PrintSize.millimetreText(millimetres) + "mm" }

  /// Orders by length.
  public static func < (lhs: PrintLength, rhs: PrintLength) -> Bool { lhs.points < rhs.points }
}

/// A width and height, in points: a paper size (`a4`, `letter`, `210x297mm`) or a card size
/// (`85x55mm`, `3.5x2in`).
///
/// ```swift
/// try PrintSize(parsing: "a4")        // 595.28 × 841.89 pt
/// try PrintSize(parsing: "85x55mm")   // a business card
/// ```
public struct PrintSize: Sendable, Hashable, CustomStringConvertible {
  /// The width in points.
  public let width: Double
  /// The height in points.
  public let height: Double

  /// A size in points.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// A size in millimetres.
  public static func millimetres(_ width: Double, _ height: Double) -> PrintSize {
    PrintSize(
      width: width * PrintLength.pointsPerMillimetre,
      height: height * PrintLength.pointsPerMillimetre
    )
  }

  /// ISO A3, 297 × 420 mm.
  public static let a3 = millimetres(297, 420)
  /// ISO A4, 210 × 297 mm.
  public static let a4 = millimetres(210, 297)
  /// ISO A5, 148 × 210 mm.
  public static let a5 = millimetres(148, 210)
  /// US Letter, 8.5 × 11 in.
  public static let letter = PrintSize(width: 612, height: 792)
  /// US Legal, 8.5 × 14 in.
  public static let legal = PrintSize(width: 612, height: 1008)
  /// A business card, 85 × 55 mm: the default card.
  public static let businessCard = millimetres(85, 55)

  /// The named paper sizes.
  public static let named: [(name: String, size: PrintSize)] = [
    ("a3", a3), ("a4", a4), ("a5", a5), ("letter", letter), ("legal", legal),
  ]

  /// Reads a paper name (`a3`, `a4`, `a5`, `letter`, `legal`) or `<width>x<height><unit>` with
  /// a unit of `mm`, `cm`, `in` or `pt` (`210x297mm`, `8.5x11in`).
  ///
  /// - Throws: ``PrintError`` with ``PrintError/Code/invalidOption`` naming the text.
  public init(parsing text: String) throws(PrintError) {
    let lowered = text.lowercased()
    if let named = Self.named.first(where: { $0.name == lowered }) {
      self = named.size
      return
    }
    let parts = lowered.split(separator: "x", maxSplits: 1)
    let unit = ["mm", "cm", "in", "pt"].first { lowered.hasSuffix($0) }
    guard parts.count == 2, let unit,
      let width = PrintLength.points(
        parts[0].hasSuffix(unit) ? parts[0] : parts[0] + unit,
        allowZero: false
      ),
      let height = PrintLength.points(parts[1], allowZero: false)
    else {
      throw PrintError(
        .invalidOption,
        "'\(text)' is not a size; give WIDTHxHEIGHT and a unit (85x55mm, 3.5x2in) or a paper "
          + "name (\(Self.named.map(\.name).joined(separator: ", ")))"
      )
    }
    self.init(width: width, height: height)
  }

  /// The name of a standard paper of this size (either orientation), if any.
  public var paperName: String? {
    Self.named.first { abs($0.size.width - width) < 0.5 && abs($0.size.height - height) < 0.5 }?
      .name
  }

  /// `85x55mm`.
  public var description: String {
    Self.millimetreText(width / PrintLength.pointsPerMillimetre) + "x"
      + Self.millimetreText(height / PrintLength.pointsPerMillimetre) + "mm"
  }

  static func millimetreText(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }
}
