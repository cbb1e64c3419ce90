import CCairo
import LinkQR

/// Draws a QR code's dark modules as one dashed line: a stroke one module thick, with butt caps
/// and bevel joins, that runs along every row holding dark modules, from the row's first dark
/// module to one module past its last, then straight on to one module before the next row's
/// first; its dash pattern is on over each run of dark modules and off everywhere else (the gaps
/// between runs, and the whole way from one row to the next, corners included).
///
/// A path with a segment per run costs four coordinates per run, each formatted by cairo with
/// `printf` and then deflated, and every separate stroke costs cairo a recording, an analysis
/// and a replay when the page is written; that was two thirds of a sheet's time. As one dashed
/// stroke, a run costs two short numbers (its length and the gap after it, whole multiples of
/// the module), a row two points, and a code one stroke. The modules stay exact vectors drawn by
/// each PDF renderer's own stroking code (no glyph cache, no bitmap), on the same 300 dpi grid.
///
/// cairo objects belong to one thread: each ``CardPainter`` keeps its own.
struct ModuleRows {
  /// The dash pattern and the points of the code being drawn; kept to reuse their storage.
  private var dashes: [Double] = []
  private var points: [(x: Double, y: Double)] = []

  /// Draws the dark modules of `code`, leaving out those inside `area`, with the symbol's
  /// top-left corner at `x`, `y` (the quiet zone is the caller's) and modules `module` points
  /// wide, in the context's current source colour.
  mutating func draw(
    _ code: QRCode,
    excluding area: QRLogoArea?,
    on context: OpaquePointer,
    x: Double,
    y: Double,
    module: Double
  ) {
    dashes.removeAll(keepingCapacity: true)
    points.removeAll(keepingCapacity: true)
    var row = -1
    var last = 0
    code.forEachDarkRun(excluding: area) { runRow, start, end in
      let top = y + (Double(runRow) + 0.5) * module
      let right = x + Double(end) * module
      if runRow == row {
        // Off over the gap, on over the run; the row's line now ends with this run.
        dashes.append(Double(start - last) * module)
        points[points.count - 1].x = right
      } else {
        let left = x + Double(start) * module
        if let previous = points.last {
          // Off: one module past the previous row's last run, down to this row, and back
          // along it to one module before this run; every corner of the line is in the off
          // part (no join drawn), and every segment is horizontal or vertical.
          let corner = previous.x + module
          let turn = left - module
          points[points.count - 1].x = corner
          points.append((corner, top))
          points.append((turn, top))
          dashes.append(module + (top - previous.y) + abs(corner - turn) + module)
        }
        points.append((left, top))
        points.append((right, top))
        row = runRow
      }
      dashes.append(Double(end - start) * module)
      last = end
    }
    guard let first = points.first else { return }
    // The final gap (the line ends with the last run).
    dashes.append(module)
    cairo_set_line_width(context, module)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    dashes.withUnsafeBufferPointer { cairo_set_dash(context, $0.baseAddress, Int32($0.count), 0) }
    cairo_move_to(context, first.x, first.y)
    for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
  }
}
