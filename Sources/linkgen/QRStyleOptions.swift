import ArgumentParser
import LinkQR

/// The QR code options of `linkgen qr` and `linkgen batch`.
struct QRStyleOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Error correction: L (7%), M (15%, the default), Q (25%) or H (30%).",
      valueName: "level"
    ),
    transform: QRArgument.errorCorrection
  )
  var ecc: QRErrorCorrection?

  @Option(
    help: ArgumentHelp(
      "The smallest QR version, 1-40 (default: the smallest that fits).",
      valueName: "n"
    )
  )
  var minVersion: Int?

  @Option(help: ArgumentHelp("Pixels per module (default 8).", valueName: "px"))
  var scale: Int?

  @Option(
    help: ArgumentHelp(
      "The image's side, quiet zone included: 30mm, 3cm, 1.2in or 400px. PNG picks the "
        + "largest whole number of pixels per module that fits.",
      valueName: "length"
    ),
    transform: QRArgument.length
  )
  var size: QRLength?

  @Option(
    help: ArgumentHelp(
      "Resolution for --size, recorded in the PNG (default 300).",
      valueName: "dpi"
    )
  )
  var dpi: Int?

  @Option(help: ArgumentHelp("The quiet zone around the code, in modules.", valueName: "modules"))
  var margin: Int = 4

  @Option(
    help: ArgumentHelp(
      "Colour of the dark modules: #RGB, #RRGGBB, #RRGGBBAA (default black).",
      valueName: "color"
    ),
    transform: QRArgument.color
  )
  var foreground: QRColor?

  @Option(
    help: ArgumentHelp(
      "Colour of the light modules and the quiet zone (default white).",
      valueName: "color"
    ),
    transform: QRArgument.color
  )
  var background: QRColor?

  /// The settings, with `invert` for the terminal.
  func settings(invert: Bool = false) -> QRSettings {
    QRSettings(
      errorCorrection: ecc ?? .medium,
      minimumVersion: minVersion,
      scale: scale,
      size: size,
      dpi: dpi,
      margin: margin,
      foreground: foreground,
      background: background,
      invert: invert
    )
  }
}
