import ArgumentParser
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
    help: ArgumentHelp("The link the QR code holds.", valueName: "link")
  )
  var qrLink: LinkSet.Key = .universal

  @Flag(help: "In the terminal, draw the dark modules in the text colour (for light backgrounds).")
  var qrInvert = false

  @OptionGroup var style: QRStyleOptions<PrefixedQRSpelling>

  @OptionGroup var scans: CountScansOptions

  func validate() throws {
    guard let destination else {
      let given =
        style.givenOptions + (qrLink != .universal ? ["--qr-link"] : [])
        + (qrInvert ? ["--qr-invert"] : []) + (scans.countScans ? ["--count-scans"] : [])
      if let name = given.first {
        throw ValidationError("\(name) needs --qr FILE (or --qr - for the terminal)")
      }
      return
    }
    try style.validate(for: try QRDestination(destination), invert: qrInvert)
  }

  /// Writes the QR code of the chosen link, when `--qr` is given: before the links are printed,
  /// so that an error leaves no output (and `--qr -` draws the code above the links).
  /// With `--count-scans`, the code holds the link with the scan marker (``ScanMarker``).
  func write(_ links: LinkSet, table: RouteTable, route: Route) throws {
    guard let destination else { return }
    guard let link = links[qrLink] else {
      throw LinkError(
        .linkNotConfigured,
        table.app.missingLinkReason(qrLink) ?? "there is no \(qrLink.rawValue) link"
      )
    }
    var content = link
    if scans.countScans {
      if let problem = ScanMarker.problem(route: route, link: qrLink) {
        throw CommandError(.usage, problem)
      }
      content = ScanMarker.adding(to: link)
    }
    try style.write(content, to: try QRDestination(destination), invert: qrInvert)
  }
}
