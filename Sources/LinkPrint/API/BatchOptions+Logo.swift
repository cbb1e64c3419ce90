public import LinkBatch
public import LinkQR

extension BatchOptions {
  /// A logo in the centre of every code of the batch (PNG or SVG), as `linkgen batch --logo`
  /// draws it; `nil` (the default) for plain codes.
  ///
  /// The rules are those of ``LinkQR/QRCode/png(_:logo:)`` and `QRCode.svg(_:logo:)`: each
  /// code is encoded at error-correction level H, in a version without an alignment pattern at
  /// its centre (``LinkQR/QRCode/init(encodingForLogo:minimumVersion:)``), and the logo covers
  /// a centred square no larger than the code can restore (``LinkQR/QRLogo/size``, or
  /// ``LinkQR/QRCode/defaultLogoShare``). A row whose code cannot take the logo fails, with its line, like any bad
  /// row. PNGs are drawn by cairo (librsvg for an SVG logo); SVGs embed the logo file.
  ///
  /// ```swift
  /// var options = BatchOptions(route: "invite", input: .file(rows), outputDirectory: cards)
  /// options.errorCorrection = .high  // a logo needs level H
  /// options.logo = try QRLogo(contentsOfFile: "logo.svg")
  /// let summary = try BatchRunner(table: table, options: options).run()
  /// ```
  ///
  /// Check the logo with ``LinkQR/QRLogo/validateDrawing()`` first: a logo that cannot be drawn
  /// would otherwise fail every PNG row. `BatchRunner` refuses a logo unless
  /// ``errorCorrection`` is `.high`.
  public var logo: QRLogo? {
    get { logoDrawing?.logo }
    set {
      logoDrawing = newValue.map { logo in
        BatchLogo(logo: logo) { code, options, logo throws(BatchLogoError) in
          do throws(PrintError) {
            return try code.png(options, logo: logo)
          } catch {
            throw BatchLogoError(error.message)
          }
        }
      }
    }
  }
}
