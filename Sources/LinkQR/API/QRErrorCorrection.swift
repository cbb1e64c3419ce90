/// How much of a QR code can be damaged or covered and still scan; more correction makes a
/// bigger symbol for the same text.
///
/// ```swift
/// QRErrorCorrection(name: "q")   // .quartile
/// QRErrorCorrection.medium.name  // "M"
/// ```
public enum QRErrorCorrection: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Level L: about 7% of the codewords can be restored.
  case low = 0
  /// Level M: about 15%; the usual default.
  case medium
  /// Level Q: about 25%.
  case quartile
  /// Level H: about 30%; needed for a logo over the centre.
  case high

  /// The letter used by the standard and on the command line: `L`, `M`, `Q` or `H`.
  public var name: String {
    switch self {
    case .low: "L"
    case .medium: "M"
    case .quartile: "Q"
    case .high: "H"
    }
  }

  /// The level named by its letter, in either case (`"M"`, `"m"`), or `nil`.
  public init?(name: String) {
    guard let level = Self.allCases.first(where: { $0.name == name.uppercased() }) else {
      return nil
    }
    self = level
  }

  /// The most bytes a version 40 symbol holds in byte (8-bit) mode at this level.
  public var byteCapacity: Int {
    switch self {
    case .low: 2953
    case .medium: 2331
    case .quartile: 1663
    case .high: 1273
    }
  }

  /// The letter, as in ``name``.
  public var description: String { name }
}
