import Foundation

// The colours of the landing and 404 pages, derived from the table's `pages.themeColor` so that
// text and links reach 4.5:1 and the buttons' fill 3:1 against the page in each colour scheme
// (WCAG 2.2, 1.4.3 and 1.4.11; relative luminance as WCAG defines it). docs/pages.md explains
// the rule; `linkgen validate` reports what ``PagePalette/problems`` finds.

/// An sRGB colour with 8-bit channels.
package struct RGBColor: Sendable, Hashable {
  package var red: UInt8
  package var green: UInt8
  package var blue: UInt8

  package init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `#rgb` or `#rrggbb` (the forms the route table accepts); `nil` for anything else.
  package init?(hex: String) {
    guard hex.hasPrefix("#") else { return nil }
    var digits = String(hex.dropFirst())
    if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
    guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16)
    else { return nil }
    self.init(
      red: UInt8(value >> 16 & 0xFF),
      green: UInt8(value >> 8 & 0xFF),
      blue: UInt8(value & 0xFF)
    )
  }

  /// `#rrggbb`, lower case.
  package var hex: String {
    "#" + [red, green, blue].map { String(format: "%02x", $0) }.joined()
  }

  /// The WCAG relative luminance, 0 (black) to 1 (white).
  package var luminance: Double {
    func linear(_ channel: UInt8) -> Double {
      let value = Double(channel) / 255
      return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }

  /// The WCAG contrast ratio between two colours, 1 to 21.
  package func contrast(with other: RGBColor) -> Double {
    let (a, b) = (luminance, other.luminance)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }

  /// This colour moved `amount` (0 to 1) of the way to `other`, in sRGB, rounded to 8 bits.
  package func mixed(with other: RGBColor, _ amount: Double) -> RGBColor {
    func channel(_ a: UInt8, _ b: UInt8) -> UInt8 {
      UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded())
    }
    return RGBColor(
      red: channel(red, other.red),
      green: channel(green, other.green),
      blue: channel(blue, other.blue)
    )
  }

  package static let white = RGBColor(red: 255, green: 255, blue: 255)
  package static let black = RGBColor(red: 0, green: 0, blue: 0)
}

/// The page colours for the light and the dark colour scheme.
package struct PagePalette: Sendable, Hashable {
  /// The colours of one scheme.
  package struct Scheme: Sendable, Hashable {
    /// `light` or `dark`.
    package let name: String
    package let background: RGBColor
    package let text: RGBColor
    /// Secondary text (the description).
    package let muted: RGBColor
    /// Borders of buttons and fields (non-text UI, 3:1).
    package let border: RGBColor
    /// The app name and links: the brand, or the nearest shade or tint of it that reaches 4.5:1.
    package let accent: RGBColor
    /// The fill of the main buttons: the brand, or a shade or tint of it, 3:1 against the page.
    package let fill: RGBColor
    /// The label on ``fill`` (4.5:1 against it).
    package let onFill: RGBColor
    /// Sentences for `linkgen validate`: where the brand cannot be brought to the ratio.
    package let problems: [String]

    /// The template values: each colour as `#rrggbb`.
    var templateValues: [String: String] {
      [
        "background": background.hex, "text": text.hex, "muted": muted.hex,
        "border": border.hex, "accent": accent.hex, "fill": fill.hex, "onFill": onFill.hex,
      ]
    }
  }

  /// The contrast text and links need (WCAG 1.4.3, AA).
  package static let textRatio = 4.5
  /// The contrast user-interface components need (WCAG 1.4.11).
  package static let interfaceRatio = 3.0
  /// How far a colour may be shaded or tinted (mixed with black or white) and still read as the
  /// brand; beyond it the page uses its neutral colours and `linkgen validate` warns.
  package static let largestShift = 0.5
  /// The accent when the table gives no `themeColor`.
  package static let defaultBrand = RGBColor(red: 0x25, green: 0x63, blue: 0xEB)

  package let brand: RGBColor
  package let light: Scheme
  package let dark: Scheme

  /// The palette for a table's `pages.themeColor` (`#rgb` or `#rrggbb`; the default blue when
  /// `nil` or not a colour).
  package init(themeColor: String?) {
    brand = themeColor.flatMap(RGBColor.init(hex:)) ?? Self.defaultBrand
    light = Self.scheme(
      "light",
      brand: brand,
      background: .white,
      text: RGBColor(red: 0x1D, green: 0x1D, blue: 0x1F),
      muted: RGBColor(red: 0x4A, green: 0x4A, blue: 0x50),
      border: RGBColor(red: 0x76, green: 0x76, blue: 0x7C)
    )
    dark = Self.scheme(
      "dark",
      brand: brand,
      background: RGBColor(red: 0x12, green: 0x12, blue: 0x12),
      text: RGBColor(red: 0xF2, green: 0xF2, blue: 0xF4),
      muted: RGBColor(red: 0xBD, green: 0xBD, blue: 0xC4),
      border: RGBColor(red: 0x8A, green: 0x8A, blue: 0x90)
    )
  }

  /// Both schemes' problems.
  package var problems: [String] { light.problems + dark.problems }

  /// The template values: `light.*` and `dark.*`.
  var templateValues: [String: Any] {
    ["light": light.templateValues, "dark": dark.templateValues]
  }

  private static func scheme(
    _ name: String,
    brand: RGBColor,
    background: RGBColor,
    text: RGBColor,
    muted: RGBColor,
    border: RGBColor
  ) -> Scheme {
    var problems: [String] = []
    let accent = Self.accent(brand, on: background)
    if accent == nil {
      problems.append(
        "pages.themeColor \(brand.hex) has \(Self.ratio(brand, background)) against the \(name) "
          + "background \(background.hex), and no shade or tint of it reaches "
          + "4.5:1; \(name) pages show the app name and links in the text colour"
      )
    }
    let button = Self.button(brand, on: background, labels: [.white, text, background])
    if button == nil {
      problems.append(
        "pages.themeColor \(brand.hex): no shade or tint of it makes a button that stands out "
          + "from the \(name) background (3:1) with a label that reaches 4.5:1; "
          + "\(name) pages draw the buttons in the text colour"
      )
    }
    return Scheme(
      name: name,
      background: background,
      text: text,
      muted: muted,
      border: border,
      accent: accent ?? text,
      fill: button?.fill ?? text,
      onFill: button?.label ?? background,
      problems: problems
    )
  }

  /// The mixes of `brand` with black and white, nearest first, up to ``largestShift``.
  private static func candidates(_ brand: RGBColor) -> [RGBColor] {
    var result = [brand]
    for step in 1...Int(largestShift * 100) {
      let amount = Double(step) / 100
      result.append(brand.mixed(with: .black, amount))
      result.append(brand.mixed(with: .white, amount))
    }
    return result
  }

  /// The nearest shade or tint of `brand` that reaches 4.5:1 against `background`.
  static func accent(_ brand: RGBColor, on background: RGBColor) -> RGBColor? {
    candidates(brand).first { $0.contrast(with: background) >= textRatio }
  }

  /// The nearest shade or tint of `brand` that reaches 3:1 against `background` and carries one
  /// of `labels` (in order of preference) at 4.5:1.
  static func button(_ brand: RGBColor, on background: RGBColor, labels: [RGBColor])
    -> (fill: RGBColor, label: RGBColor)?
  {
    for fill in candidates(brand) where fill.contrast(with: background) >= interfaceRatio {
      if let label = labels.first(where: { $0.contrast(with: fill) >= textRatio }) {
        return (fill, label)
      }
    }
    return nil
  }

  private static func ratio(_ a: RGBColor, _ b: RGBColor) -> String {
    String(format: "%.2f:1", a.contrast(with: b))
  }
}
