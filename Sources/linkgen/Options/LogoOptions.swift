import ArgumentParser
import LinkPrint
import LinkQR

/// `--logo FILE [--logo-size PERCENT]`: a logo in the centre of QR codes (`qr`, `batch`, `sheet`).
struct LogoOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A PNG or SVG logo for the centre of the code; forces error correction H and a version "
        + "without a central alignment pattern (docs/print.md, logo rules).",
      valueName: "file"
    ),
    completion: .file(extensions: ["png", "svg"])
  )
  var logo: String?

  @Option(
    help: ArgumentHelp(
      "The logo's square as a percentage of the code's side (default 20, measured to read as "
        + "well as a plain code; less when the code allows less); a logo that would make the "
        + "code unreadable (above about 20-34%, by version) is refused.",
      valueName: "percent"
    )
  )
  var logoSize: LogoPercent?

  /// Checks the combination with the error-correction level the user gave, if any.
  func validate(ecc: QRErrorCorrection?) throws {
    if logo == nil, logoSize != nil { throw ValidationError("--logo-size needs --logo FILE") }
    if logo != nil, let ecc, ecc != .high {
      throw ValidationError(
        "a logo needs error correction H; leave --ecc out (H is chosen for you) or give --ecc H"
      )
    }
  }

  /// The logo read and checked (it must draw with librsvg or cairo), or `nil`.
  func load() throws -> QRLogo? {
    guard let logo else { return nil }
    let loaded = try QRLogo(contentsOfFile: logo, size: logoSize.map { $0.value / 100 })
    try loaded.validateDrawing()
    return loaded
  }
}

/// `--logo-size 20` or `20%`.
struct LogoPercent: ExpressibleByArgument {
  let value: Double

  init?(argument: String) {
    let number = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
    guard let value = Double(number), value > 0, value <= 100 else { return nil }
    self.value = value
  }

  static var defaultCompletionKind: CompletionKind { .default }
}
