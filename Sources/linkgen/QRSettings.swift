import Foundation
import LinkPrint
import LinkQR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The QR options of a command as given (`nil` when left out), and how to apply them.
struct QRSettings {
  var errorCorrection = QRErrorCorrection.medium
  var minimumVersion: Int?
  var scale: Int?
  var size: QRLength?
  var dpi: Int?
  var margin = 4
  var foreground: QRColor?
  var background: QRColor?
  var invert = false
  /// How the options are spelled on this command (`--` or `--qr-`), for messages.
  var prefix = "--"
  /// A logo for the centre of the code (PNG and SVG images only).
  var logo: QRLogo?

  /// The image options; fails when both a scale and a size are given.
  func renderOptions() throws(Failure) -> QRRenderOptions {
    var options = QRRenderOptions()
    if scale != nil, size != nil {
      throw Failure(
        "give \(prefix)scale or \(prefix)size, not both",
        status: Failure.usage
      )
    }
    if let scale { options.scale = .pixelsPerModule(scale) }
    if let size { options.scale = .fit(size) }
    options.dpi = dpi
    options.margin = margin
    options.foreground = foreground ?? .black
    options.background = background ?? .white
    do throws(QRError) {
      try options.validate()
    } catch {
      throw error.failure
    }
    return options
  }

  /// Encodes `text` and writes it to `destination`: a `.png` or `.svg` file (atomically), or
  /// the terminal for `-`. The options are checked before the text is encoded. Warns on
  /// standard error about colours scanners may not read.
  func write(_ text: String, to destination: String) throws(Failure) {
    if destination == "-" {
      if logo != nil {
        throw Failure(
          "\(prefix)logo needs an image: write a .png or .svg file",
          status: Failure.usage
        )
      }
      try checkTerminalOptions()
      let code = try encode(text)
      do throws(QRError) {
        let drawing = try code.terminalText(
          margin: margin,
          invert: invert,
          ansiColors: Self.colorTerminal
        )
        print(drawing, terminator: "")
      } catch {
        throw error.failure
      }
      return
    }
    guard let format = QRImageFormat(path: destination) else {
      throw Failure(
        "cannot tell the image format of '\(destination)'; name the file .png or .svg, or give - "
          + "to draw in the terminal",
        status: Failure.usage
      )
    }
    guard !invert else {
      throw Failure(
        "\(prefix)invert is for terminal output; for an image, swap \(prefix)foreground and "
          + "\(prefix)background",
        status: Failure.usage
      )
    }
    let options = try renderOptions()
    let bytes: [UInt8]
    if let logo {
      bytes = try render(text, format: format, options: options, logo: logo)
    } else {
      let code = try encode(text)
      do throws(QRError) {
        bytes = try format.render(code, options)
      } catch {
        throw error.failure
      }
    }
    for warning in options.warnings { Console.warning(warning) }
    try OutputWriter.write(Data(bytes), to: destination)
  }

  /// A code with a logo: level H, a version without a central alignment pattern; SVG embeds
  /// the logo, PNG is drawn by LinkPrint (cairo, librsvg).
  private func render(
    _ text: String,
    format: QRImageFormat,
    options: QRRenderOptions,
    logo: QRLogo
  ) throws(Failure) -> [UInt8] {
    let code: QRCode
    do throws(QRError) {
      code = try QRCode(encodingForLogo: text, minimumVersion: minimumVersion)
      if format == .svg { return Array(try code.svg(options, logo: logo).utf8) }
    } catch {
      throw error.failure
    }
    do throws(PrintError) {
      return try code.png(options, logo: logo)
    } catch {
      throw error.failure
    }
  }

  private func encode(_ text: String) throws(Failure) -> QRCode {
    do throws(QRError) {
      return try QRCode(
        encoding: text,
        errorCorrection: errorCorrection,
        minimumVersion: minimumVersion
      )
    } catch {
      throw error.failure
    }
  }

  private func checkTerminalOptions() throws(Failure) {
    let imageOnly: [(String, Bool)] = [
      ("scale", scale != nil), ("size", size != nil), ("dpi", dpi != nil),
      ("foreground", foreground != nil), ("background", background != nil),
    ]
    if let (name, _) = imageOnly.first(where: \.1) {
      throw Failure(
        "\(prefix)\(name) applies to PNG and SVG images, not to the terminal; use \(prefix)invert "
          + "for a light terminal",
        status: Failure.usage
      )
    }
    guard (0...40).contains(margin) else {
      throw Failure("the margin must be 0 to 40 modules, not \(margin)", status: Failure.usage)
    }
  }

  /// Colours on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
  static var colorTerminal: Bool {
    guard isatty(1) == 1, getenv("NO_COLOR") == nil else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return true
  }
}
