import ArgumentParser
import LinkQR

/// How a command spells its QR options: `--ecc` for `qr` and `batch`, `--qr-ecc` for `make`,
/// where the prefix keeps them from taking the name of a route parameter (`--size`…).
protocol QROptionSpelling {
  /// The text between `--` and the option's name: `""` or `"qr-"`.
  static var prefix: String { get }
}

/// `--ecc`, `--size`…
enum PlainQRSpelling: QROptionSpelling {
  static let prefix = ""
}

/// `--qr-ecc`, `--qr-size`…
enum PrefixedQRSpelling: QROptionSpelling {
  static let prefix = "qr-"
}

/// The QR code options, written once for every command that draws codes and spelled the way
/// each command needs (see ``QROptionSpelling``).
struct QRStyleOptions<Spelling: QROptionSpelling>: ParsableArguments {
  @Option(
    name: .customLong(Spelling.prefix + "ecc"),
    help: ArgumentHelp(
      "The least error correction: L (7%), M (15%, the default), Q (25%) or H (30%); raised "
        + "to the highest level the code's version holds at no cost in size.",
      valueName: "level"
    )
  )
  var eccLevel: QRErrorCorrection?

  @Flag(
    name: .customLong(Spelling.prefix + "exact-ecc"),
    help: "Keep the --\(Spelling.prefix)ecc level as given instead of raising it for free."
  )
  var exactECC = false

  /// The error-correction level; M when not given.
  var ecc: QRErrorCorrection { eccLevel ?? .medium }

  @Option(
    name: .customLong(Spelling.prefix + "min-version"),
    help: ArgumentHelp(
      "The smallest QR version, 1-40 (default: the smallest that fits).",
      valueName: "n"
    )
  )
  var minVersion: Int?

  @Option(
    name: .customLong(Spelling.prefix + "scale"),
    help: ArgumentHelp("Pixels per module (default 8).", valueName: "px")
  )
  var scale: Int?

  @Option(
    name: .customLong(Spelling.prefix + "size"),
    help: ArgumentHelp(
      "The image's side, quiet zone included: 30mm, 3cm, 1.2in or 400px. PNG picks the "
        + "largest whole number of pixels per module that fits.",
      valueName: "length"
    )
  )
  var size: QRLength?

  @Option(
    name: .customLong(Spelling.prefix + "dpi"),
    help: ArgumentHelp(
      "Resolution for --\(Spelling.prefix)size, recorded in the PNG (default 300).",
      valueName: "dpi"
    )
  )
  var dpi: Int?

  @Option(
    name: .customLong(Spelling.prefix + "margin"),
    help: ArgumentHelp(
      "The quiet zone around the code, in modules (0-40, default 4). Scanners find a code by "
        + "this light band; under the standard's 4 modules is written with a warning.",
      valueName: "modules"
    )
  )
  var margin: Int = 4

  @Flag(
    name: .customLong(Spelling.prefix + "force"),
    help: ArgumentHelp(
      "Write an image whose modules are too small to scan reliably (under 2 pixels, or under "
        + "0.25 mm at a physical --\(Spelling.prefix)size), with a warning, instead of refusing it."
    )
  )
  var force = false

  @Option(
    name: .customLong(Spelling.prefix + "foreground"),
    help: ArgumentHelp(
      "Colour of the dark modules: #RGB, #RRGGBB or #RRGGBBAA (default black).",
      valueName: "color"
    )
  )
  var foreground: QRColor?

  @Option(
    name: .customLong(Spelling.prefix + "background"),
    help: ArgumentHelp(
      "Colour of the light modules and the quiet zone (default white).",
      valueName: "color"
    )
  )
  var background: QRColor?

  /// The option's name as this command spells it, for messages: `--qr-size`.
  static func name(_ option: String) -> String { "--" + Spelling.prefix + option }

  /// Checks what the options alone decide: ranges, and a scale or a size, not both.
  func validate() throws {
    if scale != nil, size != nil {
      throw ValidationError("give \(Self.name("scale")) or \(Self.name("size")), not both")
    }
    do throws(QRError) {
      try renderOptions().validate()
    } catch {
      throw ValidationError(error.message)
    }
    if let minVersion, !(1...40).contains(minVersion) {
      throw ValidationError(
        "\(Self.name("min-version")) must be between 1 and 40, not \(minVersion)"
      )
    }
  }

  /// Checks the options against where the code goes: no image option for the terminal, no
  /// `invert` (the command's own flag, spelled like these options) for an image.
  func validate(for destination: QRDestination, invert: Bool) throws {
    switch destination {
    case .terminal:
      let imageOnly: [(String, Bool)] = [
        ("scale", scale != nil), ("size", size != nil), ("dpi", dpi != nil),
        ("foreground", foreground != nil), ("background", background != nil),
      ]
      if let (name, _) = imageOnly.first(where: \.1) {
        throw ValidationError(
          "\(Self.name(name)) applies to PNG and SVG images, not to the terminal; use "
            + "\(Self.name("invert")) for a light terminal"
        )
      }
    case .image:
      if invert {
        throw ValidationError(
          "\(Self.name("invert")) is for terminal output; for an image, swap "
            + "\(Self.name("foreground")) and \(Self.name("background"))"
        )
      }
    }
  }

  /// The names of the options that were given, for `make`, which needs `--qr` for them.
  var givenOptions: [String] {
    let given: [(String, Bool)] = [
      ("ecc", eccLevel != nil), ("exact-ecc", exactECC), ("force", force),
      ("min-version", minVersion != nil), ("scale", scale != nil),
      ("size", size != nil), ("dpi", dpi != nil), ("margin", margin != 4),
      ("foreground", foreground != nil), ("background", background != nil),
    ]
    return given.filter(\.1).map { Self.name($0.0) }
  }

  /// The image options.
  func renderOptions() -> QRRenderOptions {
    var options = QRRenderOptions()
    if let scale { options.scale = .pixelsPerModule(scale) }
    if let size { options.scale = .fit(size) }
    options.dpi = dpi
    options.margin = margin
    options.foreground = foreground ?? .black
    options.background = background ?? .white
    return options
  }
}
