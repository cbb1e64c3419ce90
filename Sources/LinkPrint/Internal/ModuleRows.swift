import CCairo
import LinkQR

/// Draws a QR code's dark modules as one dashed line: a stroke one module thick, with butt caps
/// and bevel joins, that runs left to right along each row holding dark modules, across the
/// whole symbol (from a point a module before it to a point a module past it), then straight
/// to the start of the next such row; its dash pattern is on over each run of dark modules and
/// off everywhere else (the gaps between runs, the ends of the rows and the whole way from one
/// row to the next, every corner included, so no join is ever drawn).
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
/// exactly. The rows' y coordinates are rounded, but a move from one row to the next goes a
/// module or two down for the symbol's width across, so its length changes by a fortieth of
/// that rounding at most, and as the line only ever goes down these changes nearly cancel:
/// they add up to under a thousandth of a point along the whole line.
///
/// cairo objects belong to one thread: each ``CardPainter`` keeps its own.
struct ModuleRows {
  /// The grid of the corners' x coordinates, in points.
  static let grid = 0.125

  /// The dash pattern, the corners and the runs of the code being drawn; kept to reuse their
  /// storage.
  private var dashes: [Double] = []
  private var points: [(x: Double, y: Double)] = []
  private var runs: [(row: Int, start: Int, end: Int)] = []

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
    runs.removeAll(keepingCapacity: true)
    code.forEachDarkRun(excluding: area) { runs.append(($0, $1, $2)) }
    // The ends of every row's line, on the grid.
    let left = ((x - module) / Self.grid).rounded(.down) * Self.grid
    let right = ((x + Double(code.size + 1) * module) / Self.grid).rounded(.up) * Self.grid
    // The off part since the last dash, and the one before the first (it goes at the end of
    // the pattern: see below).
    var off = 0.0
    var head: Double?
    func on(_ from: Double, _ to: Double) {
      if head == nil { head = off } else { dashes.append(off) }
      dashes.append(to - from)
      off = 0
    }
    var first = 0
    while first < runs.count {
      let row = runs[first].row
      let top = y + (Double(row) + 0.5) * module
      // From the previous row's end to this one's start (off).
      if let previous = points.last {
        let (across, down) = (previous.x - left, top - previous.y)
        off += (across * across + down * down).squareRoot()
      }
      points.append((left, top))
      var at = left
      while first < runs.count, runs[first].row == row {
        let near = x + Double(runs[first].start) * module
        let far = x + Double(runs[first].end) * module
        off += near - at
        on(near, far)
        at = far
        first += 1
      }
      off += right - at
      points.append((right, top))
    }
    guard let head, let start = points.first else { return }
    // The rest of the line is off, and so is its start: the pattern ends with both, and
    // starts (its phase) where the start's part of that last dash begins.
    dashes.append(off + head)
    let phase = dashes.reduce(0, +) - head
    cairo_set_line_width(context, module)
    cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_BEVEL)
    dashes.withUnsafeBufferPointer {
      cairo_set_dash(context, $0.baseAddress, Int32($0.count), phase)
    }
    cairo_move_to(context, start.x, start.y)
    for point in points.dropFirst() { cairo_line_to(context, point.x, point.y) }
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
  }
}
