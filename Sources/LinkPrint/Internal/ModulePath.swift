import CCairo
import LinkQR

/// Draws a QR code's dark modules as one filled path: a closed rectangle per run of dark modules
/// (merged with the same run in the rows under it: `QRCode.forEachDarkRectangle`), filled at
/// once.
///
/// One fill, not a stroke or a fill per row: a renderer computes the coverage of the whole
/// path, so where two rectangles meet nothing is drawn twice or left out, and no light seam
/// can appear between rows at any resolution. (A dashed stroke per code, drawn before, left
/// one-pixel seams through the finder patterns in poppler's Splash at 150 dpi.) The corners are
/// computed from whole module numbers, never added up, so rectangles that share an edge share
/// its exact coordinates.
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
    code.forEachDarkRectangle(excluding: area) { column, row, width, height in
      let left = x + Double(column) * module
      let right = x + Double(column + width) * module
      let top = y + Double(row) * module
      let bottom = y + Double(row + height) * module
      cairo_move_to(context, left, top)
      cairo_line_to(context, right, top)
      cairo_line_to(context, right, bottom)
      cairo_line_to(context, left, bottom)
      cairo_close_path(context)
    }
    cairo_fill(context)
  }
}
