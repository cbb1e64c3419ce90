import CCairo
import LinkQR

/// Draws a QR code's dark modules as one filled path: the outlines of the dark area
/// (`QRCode.forEachDarkOutline`), which are the rectangles of its runs of dark modules merged,
/// filled at once with the nonzero rule.
///
/// One fill, not a stroke or a fill per row: a renderer computes the coverage of the whole
/// path, so nothing is drawn twice or left out where runs meet, and no light seam can appear
/// between rows at any resolution. (A dashed stroke per code, drawn before, left one-pixel
/// seams through the finder patterns in poppler's Splash at 150 dpi.) Outlines rather than a
/// rectangle per run: a sixth fewer points for cairo to format and deflate. The corners are
/// computed from whole module numbers, never added up, so they sit exactly on the 300 dpi grid.
enum ModulePath {
  /// Fills the dark modules of `code`, leaving out those inside `area`, with the symbol's
  /// top-left corner at `x`, `y` (the quiet zone is the caller's) and modules `module` points
  /// wide, in the context's current source colour.
  static func fill(
    _ code: QRCode,
    excluding area: QRLogoArea?,
    on context: OpaquePointer,
    x: Double,
    y: Double,
    module: Double
  ) {
    cairo_new_path(context)
    code.forEachDarkOutline(excluding: area) { corners in
      for (index, corner) in corners.enumerated() {
        let (px, py) = (x + Double(corner.x) * module, y + Double(corner.y) * module)
        if index == 0 { cairo_move_to(context, px, py) } else { cairo_line_to(context, px, py) }
      }
      cairo_close_path(context)
    }
    cairo_fill(context)
  }
}
