import CCairo
import LinkQR

/// Draws a QR code's dark modules as one dashed line: a stroke one module thick, with butt caps
/// and bevel joins, that runs along each row holding dark modules from a point before its first
/// dark module to a point past its last, then down to the next such row and back along it; its
/// dash pattern is on over each run of dark modules and off everywhere else (the gaps between
/// runs, and the whole way from one row to the next, every corner included, so no join is ever
/// drawn).
///
/// A path with a segment per run costs four coordinates per run, each formatted by cairo with
/// `printf` and then deflated, and every separate stroke costs cairo a recording, an analysis
/// and a replay when the page is written; that was two thirds of a sheet's time. As one dashed
/// stroke, a run costs two short numbers (its length and the gap after it), a row two points,
/// and a code one stroke. The modules stay exact vectors drawn by each PDF renderer's own
/// stroking code (no glyph cache, no bitmap), on the same 300 dpi grid.
///
/// Where the dashes fall is measured along the line, so the line's corners must be exactly
/// where the dash lengths assume: their x coordinates are multiples of ``grid`` (1/8 point),
/// which cairo's fixed-point coordinates (1/256 point) and the three decimals it writes hold
/// exactly, and the line only ever goes down, so the rounding of the rows' y coordinates never
/// adds up along it.
///
/// cairo objects belong to one thread: each ``CardPainter`` keeps its own.
struct ModuleRows {
  /// The grid of the corners' x coordinates, in points.
  static let grid = 0.125

  /// The dash pattern and the corners of the code being drawn; kept to reuse their storage.
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
    // The off part before the first run (it goes at the end of the pattern: see below).
    var head = 0.0
    // Where the line is (after the last dash added), along the current row.
    var position = 0.0
    code.forEachDarkRun(excluding: area) { runRow, start, end in
      let left = x + Double(start) * module
      if runRow != row {
        let top = y + (Double(runRow) + 0.5) * module
        // Where this row's line starts: before its first run, on the grid.
        let turn = ((left - module) / Self.grid).rounded(.down) * Self.grid
        if let corner = points.last {
          // Off: from the previous row's last run to its corner, down, and back or on along
          // this row to the first run.
          let off = (corner.x - position) + (top - corner.y) + abs(corner.x - turn) + (left - turn)
          points.append((corner.x, top))
          points.append((turn, top))
          dashes.append(off)
        } else {
          points.append((turn, top))
          head = left - turn
        }
        row = runRow
        points.append((0, top))
      } else {
        dashes.append(left - position)
      }
      let right = x + Double(end) * module
      dashes.append(right - left)
      position = right
      // The row's corner: past its last run (so far), on the grid.
      points[points.count - 1].x = ((right + module) / Self.grid).rounded(.up) * Self.grid
    }
    guard let first = points.first, let last = points.last else { return }
    // The rest of the line is off, and so is its start: the pattern ends with both, and
    // starts (its phase) where the start's part of that last dash begins.
    dashes.append(last.x - position + module + head)
    let phase = dashes.reduce(0, +) - head
    cairo_set_line_width(context, module)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    dashes.withUnsafeBufferPointer {
      cairo_set_dash(context, $0.baseAddress, Int32($0.count), phase)
    }
    cairo_move_to(context, first.x, first.y)
    for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
  }
}
