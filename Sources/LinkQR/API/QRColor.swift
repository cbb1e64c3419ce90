#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An sRGB colour with alpha, for the dark modules (foreground) or the light ones
/// (background).
///
/// ```swift
/// try QRColor(parsing: "#1a237e")    // dark blue
/// try QRColor(parsing: "fff")        // white; the # is optional
/// try QRColor(parsing: "#ffffff00")  // transparent white
/// QRColor.black.contrastRatio(with: .white)  // 21.0
/// ```
public struct QRColor: Sendable, Hashable, CustomStringConvertible {
  /// Red, 0–255.
  public var red: UInt8
  /// Green, 0–255.
  public var green: UInt8
  /// Blue, 0–255.
  public var blue: UInt8
  /// Opacity, 0 (transparent) – 255 (opaque).
  public var alpha: UInt8

  /// Opaque black, the default foreground.
  public static let black = QRColor(red: 0, green: 0, blue: 0)
  /// Opaque white, the default background.
  public static let white = QRColor(red: 255, green: 255, blue: 255)

  /// A colour from its components.
  public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Reads `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (the `#` optional, either case), or the
  /// names `black`, `white` and `transparent`.
  ///
  /// - Throws: ``QRError`` with ``QRError/Code/invalidColor`` naming the text.
  public init(parsing text: String) throws(QRError) {
    switch text.lowercased() {
    case "black": self = .black
    case "white": self = .white
    case "transparent": self = QRColor(red: 255, green: 255, blue: 255, alpha: 0)
    default:
      let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
      let digits = hex.utf8.map(Self.hexValue)
      guard [3, 4, 6, 8].contains(digits.count), !digits.contains(nil) else {
        throw QRError(
          .invalidColor,
          "'\(text)' is not a colour; give #RGB, #RRGGBB or #RRGGBBAA in hex, or black, white, "
            + "transparent"
        )
      }
      let values = digits.compactMap { $0 }
      let components: [UInt8] =
        values.count <= 4
        ? values.map { $0 * 17 }
        : stride(from: 0, to: values.count, by: 2).map { values[$0] * 16 + values[$0 + 1] }
      self.init(
        red: components[0],
        green: components[1],
        blue: components[2],
        alpha: components.count == 4 ? components[3] : 255
      )
    }
  }

  /// `#rrggbb`, or `#rrggbbaa` when not opaque.
  public var description: String {
    "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
  }

  /// `#rrggbb`, without alpha (for SVG `fill`, with ``opacity`` beside it).
  public var rgbHex: String { "#" + hex(red) + hex(green) + hex(blue) }

  /// The alpha as a fraction, 0–1.
  public var opacity: Double { Double(alpha) / 255 }

  /// The WCAG 2 relative luminance (0 black – 1 white), after compositing over white paper.
  public var relativeLuminance: Double {
    func linear(_ component: UInt8) -> Double {
      // Composite over white, then undo the sRGB transfer function.
      let value = (Double(component) * opacity + 255 * (1 - opacity)) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The WCAG 2 contrast ratio with another colour: 1 (none) to 21 (black on white).
  public func contrastRatio(with other: QRColor) -> Double {
    let (a, b) = (relativeLuminance, other.relativeLuminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  private func hex(_ value: UInt8) -> String {
    let digits = Array("0123456789abcdef")
    return String([digits[Int(value >> 4)], digits[Int(value & 15)]])
  }
}
