import ArgumentParser
import LinkKit
import LinkQR

extension Linkgen {
  /// `linkgen qr <text>`
  struct QR: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "qr",
      abstract: "Draw a QR code of any text: a PNG or SVG file, or the terminal.",
      discussion: """
        The text is encoded byte for byte (UTF-8, byte mode), into the same symbol \
        libqrencode makes. The \
        format comes from the --out file's extension (.png or .svg); without --out, \
        or with --out -, the code is drawn in the terminal with half blocks \
        (--invert for a light background). PNGs are 1-bit: grayscale for black on \
        white, a two-colour palette otherwise. A warning is printed when the \
        colours' contrast is too low for scanners. Give - as the text to read it \
        from standard input (a final newline is dropped).

        Examples:
          linkgen qr 'https://openlist.example.com/invite/AB12CD34' --out invite.png
          linkgen qr 'https://openlist.example.com/invite/AB12CD34' \\
              --out card.svg --size 30mm --ecc Q
          linkgen qr 'WIFI:T:WPA;S:home;P:secret;;' --out wifi.png --scale 12
          echo 'hello' | linkgen qr - --invert
          linkgen qr 'https://openlist.example.com/invite/AB12CD34' \\
              --out logo.png --logo brand.svg --scale 10
          linkgen qr 'https://openlist.example.com/s/k7m2xq9rtb4h' --out card.png \\
              --count-scans

        With --logo (PNG or SVG) the code is made at error correction H, in a \
        version without an alignment pattern at its centre, and the logo covers \
        a centred square, 20% of the side unless --logo-size says otherwise (the \
        share measured to read like a plain code), never more than half of what \
        each error-correction block can restore (docs/print.md, logo rules). \
        SVG output embeds the logo file as an <image>; PNG output is drawn by cairo.

        --ecc is the least error correction: the code gets the smallest version \
        that holds the text, then the highest level that version holds it at, for \
        free (--exact-ecc keeps the level). A module under 2 pixels (PNG), or \
        under 0.25 mm at a --size in mm, cm or in, is too small to scan and is \
        refused with the smallest size that works (--force writes it, with a \
        warning). A --margin under 4 modules, the quiet zone scanners find a code \
        by, is written with a warning.

        Exit status: 0 on success, 64 for a usage error (a logo too large for the \
        code, or modules too small to scan, among them), 65 when the text is empty \
        or too long for any QR version, 66 when the logo cannot be read, 73 when \
        the file cannot be written.
        """
    )

    @OptionGroup(title: "QR code") var style: QRStyleOptions<PlainQRSpelling>

    @OptionGroup(title: "Logo") var logo: LogoOptions

    @OptionGroup(title: "Scans") var scans: CountScansOptions

    @Option(
      help: ArgumentHelp(
        "The image to write: a .png or .svg file, or - for the terminal (the default).",
        valueName: "file"
      ),
      completion: .file(extensions: ["png", "svg"])
    )
    var out = "-"

    @Flag(
      help: "In the terminal, draw the dark modules in the text colour (for light backgrounds)."
    )
    var invert = false

    @Argument(help: ArgumentHelp("The text to encode, or - for standard input.", valueName: "text"))
    var text: String

    func validate() throws {
      let destination = try QRDestination(out)
      try style.validate(for: destination, invert: invert)
      try logo.validate(ecc: style.eccLevel)
      if logo.logo != nil, destination == .terminal {
        throw ValidationError("--logo needs an image: write a .png or .svg file with --out")
      }
    }

    func run() throws {
      let capacity = QRErrorCorrection.low.byteCapacity
      let content =
        text == "-"
        ? try StandardInput.readText(
          limit: capacity,
          tooLong: "standard input is longer than \(capacity) bytes, the most a QR code holds"
        ) : text
      if scans.countScans, !content.lowercased().hasPrefix("https://") {
        throw CommandError(
          .usage,
          "--count-scans marks a link linkgen serve answers (a short link, https://…); the text "
            + "is not an https link"
        )
      }
      try style.write(
        scans.countScans ? ScanMarker.adding(to: content) : content,
        to: try QRDestination(out),
        invert: invert,
        logo: try logo.load()
      )
    }
  }
}
