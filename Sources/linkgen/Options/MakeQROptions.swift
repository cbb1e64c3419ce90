import ArgumentParser
import LinkBatch
import LinkKit
import LinkQR

/// `linkgen make … --qr FILE`: the QR code options of `make`, spelled `--qr-…` so that they
/// cannot take the name of a route parameter (`--size`, `--scale`…).
struct MakeQROptions: ParsableArguments {
  @Option(
    name: .customLong("qr"),
    help: ArgumentHelp(
      "Also write a QR code of the link: a .png or .svg file, or - to draw it in the terminal.",
      discussion: """
        Written atomically (a temporary file, then renamed). Examples:
          linkgen make shared-checklist --id <uuid> --qr invite.png
          linkgen make invite --code AB12CD34 --qr card.svg --qr-size 30mm
          linkgen make home --qr - --qr-link scheme
        """,
      valueName: "file"
    )
  )
  var destination: String?

  @Option(
    help: ArgumentHelp(
      "The link the QR code holds: scheme, universal (default), appStore, appStoreApp, "
        + "playStore, androidIntent or web.",
      valueName: "link"
    ),
    transform: QRArgument.link
  )
  var qrLink: LinkSet.Key = .universal

  @Option(
    help: ArgumentHelp("QR error correction: L, M, Q or H.", valueName: "level"),
    transform: QRArgument.errorCorrection
  )
  var qrEcc: QRErrorCorrection = .medium

  @Option(help: ArgumentHelp("The smallest QR version, 1-40.", valueName: "n"))
  var qrMinVersion: Int?

  @Option(help: ArgumentHelp("Pixels per module (default 8).", valueName: "px"))
  var qrScale: Int?

  @Option(
    help: ArgumentHelp(
      "The image's side, quiet zone included: 30mm, 3cm, 1.2in or 400px.",
      valueName: "length"
    ),
    transform: QRArgument.length
  )
  var qrSize: QRLength?

  @Option(help: ArgumentHelp("Resolution for --qr-size (default 300).", valueName: "dpi"))
  var qrDpi: Int?

  @Option(help: ArgumentHelp("The quiet zone, in modules.", valueName: "modules"))
  var qrMargin: Int = 4

  @Option(
    help: ArgumentHelp("Colour of the dark modules (default black).", valueName: "color"),
    transform: QRArgument.color
  )
  var qrForeground: QRColor?

  @Option(
    help: ArgumentHelp("Colour of the light modules (default white).", valueName: "color"),
    transform: QRArgument.color
  )
  var qrBackground: QRColor?

  @Flag(help: "In the terminal, draw the dark modules in the text colour (for light backgrounds).")
  var qrInvert = false

  /// Writes the QR code of the chosen link, when `--qr` is given: before the links are printed,
  /// so that an error leaves no output (and `--qr -` draws the code above the links).
  func write(_ links: LinkSet, table: RouteTable, format: OutputFormat) throws(Failure) {
    guard let destination else {
      let given: [(String, Bool)] = [
        ("link", qrLink != .universal), ("ecc", qrEcc != .medium),
        ("min-version", qrMinVersion != nil),
        ("scale", qrScale != nil), ("size", qrSize != nil), ("dpi", qrDpi != nil),
        ("margin", qrMargin != 4), ("foreground", qrForeground != nil),
        ("background", qrBackground != nil), ("invert", qrInvert),
      ]
      if let (name, _) = given.first(where: \.1) {
        throw Failure(
          "--qr-\(name) needs --qr FILE (or --qr - for the terminal)",
          status: Failure.usage
        )
      }
      return
    }
    if destination == "-", format == .json {
      throw Failure(
        "--qr - draws on standard output, which --format json keeps for JSON; write a .png or "
          + ".svg file instead",
        status: Failure.usage
      )
    }
    guard let link = links[qrLink] else {
      throw Failure(
        table.app.missingLinkReason(qrLink) ?? "there is no \(qrLink.rawValue) link",
        status: Failure.usage
      )
    }
    let settings = QRSettings(
      errorCorrection: qrEcc,
      minimumVersion: qrMinVersion,
      scale: qrScale,
      size: qrSize,
      dpi: qrDpi,
      margin: qrMargin,
      foreground: qrForeground,
      background: qrBackground,
      invert: qrInvert,
      prefix: "--qr-"
    )
    try settings.write(link, to: destination)
  }
}
