import ArgumentParser

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Linkgen {
  /// `linkgen qr <text>`
  struct QR: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "qr",
      abstract: "Draw a QR code of any text: a PNG or SVG file, or the terminal.",
      discussion: """
        The text is encoded byte for byte (UTF-8, byte mode) by libqrencode. The
        format comes from the --out file's extension (.png or .svg); without --out,
        or with --out -, the code is drawn in the terminal with half blocks
        (--invert for a light background). PNGs are 1-bit: grayscale for black on
        white, a two-colour palette otherwise. A warning is printed when the
        colours' contrast is too low for scanners. Give - as the text to read it
        from standard input (a final newline is dropped).

        Examples:
          linkgen qr 'https://openlist.example.com/invite/AB12CD34' --out invite.png
          linkgen qr 'https://openlist.example.com/invite/AB12CD34' \\
              --out card.svg --size 30mm --ecc Q
          linkgen qr 'WIFI:T:WPA;S:home;P:secret;;' --out wifi.png --scale 12
          echo 'hello' | linkgen qr - --invert

        Exit status: 0 on success, 64 for a usage error, 65 when the text is empty
        or too long for any QR version, 73 when the file cannot be written.
        """
    )

    @OptionGroup(title: "QR code") var style: QRStyleOptions

    @Option(
      help: ArgumentHelp(
        "The image to write: a .png or .svg file, or - for the terminal (the default).",
        valueName: "file"
      )
    )
    var out = "-"

    @Flag(
      help: "In the terminal, draw the dark modules in the text colour (for light backgrounds)."
    )
    var invert = false

    @Argument(help: ArgumentHelp("The text to encode, or - for standard input.", valueName: "text"))
    var text: String

    func run() throws {
      try reportingFailures { () throws(Failure) in
        let content = text == "-" ? try Self.readStandardInput() : text
        try style.settings(invert: invert).write(content, to: out)
      }
    }

    /// Reads standard input, never more than a QR code can hold (plus a line break).
    static func readStandardInput() throws(Failure) -> String {
      let limit = 2953 + 2
      var bytes: [UInt8] = []
      var chunk = [UInt8](repeating: 0, count: 4096)
      while bytes.count <= limit {
        let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 {
          if errno == EINTR { continue }
          throw Failure(
            "cannot read standard input (\(String(cString: strerror(errno))))",
            status: Failure.noInput
          )
        }
        if count == 0 { break }
        bytes += chunk[..<count]
      }
      guard bytes.count <= limit else {
        throw Failure("standard input is longer than 2953 bytes, the most a QR code holds")
      }
      if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
      if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
