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
      try check(code, options, format)
      let bytes =
        format == .svg
        ? Array(try code.svg(options, logo: logo).utf8) : try code.png(options, logo: logo)
      try OutputWriter.write(Data(bytes), to: path)
      return
    }
    let code = try QRCode(
      encoding: text,
      errorCorrection: ecc,
      minimumVersion: minVersion,
      exactErrorCorrection: exactECC
    )
    switch destination {
    case .terminal:
      if let warning = renderOptions().quietZoneWarning { Console.warning(warning) }
      Console.write(
        try code.terminalText(margin: margin, invert: invert, ansiColors: Self.colorTerminal)
      )
    case .image(let path, let format):
      let options = renderOptions()
      try check(code, options, format)
      let bytes = try format.render(code, options)
      try OutputWriter.write(Data(bytes), to: path)
    }
  }

  /// Refuses modules too small to scan (draws them with a warning under `--force`), and warns
  /// about a narrow quiet zone and colours scanners may not read.
  func check(_ code: QRCode, _ options: QRRenderOptions, _ format: QRImageFormat) throws {
    if let refusal = try Self.moduleSizeProblem(code, options, format) {
      guard force else {
        throw QRError(.moduleTooSmall, refusal.message + "; \(Self.name("force")) writes it anyway")
      }
      Console.warning(
        QRWarning(.moduleTooSmall, refusal.message + " (written anyway: \(Self.name("force")))")
      )
    }
    for warning in options.warnings + [options.quietZoneWarning].compactMap({ $0 }) {
      Console.warning(warning)
    }
  }

  /// Why the modules are too small to scan, or `nil` (or an error for options out of range).
  private static func moduleSizeProblem(
    _ code: QRCode,
    _ options: QRRenderOptions,
    _ format: QRImageFormat
  ) throws(QRError) -> QRError? {
    do throws(QRError) {
      try options.checkModuleSize(of: code, format: format)
      return nil
    } catch {
      guard error.code == .moduleTooSmall else { throw error }
      return error
    }
  }

  /// Colours on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb`.
  static var colorTerminal: Bool {
    guard isatty(1) == 1, getenv("NO_COLOR") == nil else { return false }
    if let term = getenv("TERM"), String(cString: term) == "dumb" { return false }
    return true
  }
}
