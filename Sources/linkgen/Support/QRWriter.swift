import ArgumentParser
import Foundation
import LinkPrint
import LinkQR

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a QR code goes: the terminal (`-`) or a `.png` or `.svg` file.
enum QRDestination: Equatable {
  case terminal
  case image(path: String, format: QRImageFormat)

  /// Reads `-` or a file name whose extension names the format.
  init(_ text: String) throws(ValidationError) {
    if text == "-" {
      self = .terminal
      return
    }
    let url = URL(fileURLWithPath: text)
    guard let format = QRImageFormat(fileExtension: url.pathExtension) else {
      throw ValidationError(
        "cannot tell the image format of '\(text)'; name the file .png or .svg, or give - to "
          + "draw in the terminal"
      )
    }
    self = .image(path: text, format: format)
  }
}

extension QRStyleOptions {
  /// Encodes `text` and draws it in the terminal or writes the image (atomically). Warns on
  /// standard error about colours scanners may not read.
  ///
  /// With a logo the code is encoded for it (level H, a version without a central alignment
  /// pattern); SVG embeds the logo, PNG is drawn by LinkPrint (cairo, librsvg).
  func write(_ text: String, to destination: QRDestination, invert: Bool, logo: QRLogo? = nil)
    throws
  {
    if let logo, case .image(let path, let format) = destination {
      let options = renderOptions()
      let code = try QRCode(encodingForLogo: text, minimumVersion: minVersion)
      let bytes =
        format == .svg
        ? Array(try code.svg(options, logo: logo).utf8) : try code.png(options, logo: logo)
      for warning in options.warnings { Console.warning(warning) }
      try OutputWriter.write(Data(bytes), to: path)
      return
    }
    let code = try QRCode(encoding: text, errorCorrection: ecc, minimumVersion: minVersion)
    switch destination {
    case .terminal:
      Console.write(
        try code.terminalText(margin: margin, invert: invert, ansiColors: Self.colorTerminal)
      )
    case .image(let path, let format):
      let options = renderOptions()
      let bytes = try format.render(code, options)
      for warning in options.warnings { Console.warning(warning) }
      try OutputWriter.write(Data(bytes), to: path)
    }
  }

  /// Colours on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
  static var colorTerminal: Bool {
    guard isatty(1) == 1, getenv("NO_COLOR") == nil else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return true
  }
}
