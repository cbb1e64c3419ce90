extension QRCode {
  /// Calls `body` with the corners of each outline of the dark modules, leaving out the modules
  /// inside `area`: closed polygons on the module grid (corners from 0 to `size`), each as the
  /// list of its corners in order, that filled together with the nonzero rule cover exactly the
  /// dark modules. Outer outlines run clockwise (on screen, y down) and holes counter-clockwise.
  ///
  /// An outline is the rectangles of the runs of dark modules (``forEachDarkRun(excluding:_:)``)
  /// merged: its corners are only where the edge of the dark area turns, so a code costs about
  /// a sixth fewer points than as a rectangle per run, and no two subpaths of the fill ever
  /// share an edge. PDF sheets, SVG files and the desktop landing page all draw codes this way.
  ///
  /// The corners are lent, not copied: `body` gets one buffer, reused for every outline and
  /// valid only during the call (copy it with `Array(corners)` to keep it). A code costs two
  /// allocations however many outlines it has.
  package func forEachDarkOutline(
    excluding area: QRLogoArea? = nil,
    _ body: (_ corners: UnsafeBufferPointer<(x: Int, y: Int)>) -> Void
  ) {
    let side = size + 1
    let edges = UnsafeMutablePointer<UInt8>.allocate(capacity: side * side + 8)
    defer { edges.deallocate() }
    // An outline has at most as many corners as edges; ``trace`` writes a point at every
    // step, kept or not, so the last one lands at most at `edgeCount`.
    let edgeCount = outlineEdges(excluding: area, into: edges)
    let corners = UnsafeMutablePointer<(x: Int, y: Int)>.allocate(capacity: edgeCount + 1)
    defer { corners.deallocate() }
    Self.nextDirection.withUnsafeBufferPointer { next in
      for start in 0..<(side * side) {
        // A saddle point (two dark modules touching at a corner) starts two outlines.
        while edges[start] != 0 {
          let count = Self.trace(from: start, side: side, edges: edges, next: next, into: corners)
          body(UnsafeBufferPointer(start: corners, count: count))
        }
      }
    }
  }

  /// Follows one outline from grid point `start` (which has an unused edge), clearing the edges
  /// it uses, and writes its corners (the points where it turns) at `corners`; returns their
  /// number.
  @inline(__always)
  private static func trace(
    from start: Int,
    side: Int,
    edges: UnsafeMutablePointer<UInt8>,
    next: UnsafeBufferPointer<UInt8>,
    into corners: UnsafeMutablePointer<(x: Int, y: Int)>
  ) -> Int {
    var (at, x, y) = (start, start % side, start / side)
    var heading = 4  // none yet
    var count = 0
    var out = edges[at]
    repeat {
      // Nearly every point has one edge out: the turn rule only matters at saddle points.
      let direction =
        out & (out &- 1) == 0 ? out.trailingZeroBitCount : Int(next[heading &<< 4 | Int(out)])
      edges[at] = out & ~(1 &<< UInt8(truncatingIfNeeded: direction))
      // A corner where the outline turns, without a branch (turns come in no order a branch
      // predictor learns): the point is written either way and kept only at a turn.
      corners[count] = (x, y)
      count &+= direction != heading ? 1 : 0
      heading = direction
      // 0 right, 1 down, 2 left, 3 up: one step of +1 or -1 along x (even) or y (odd).
      let sign = 1 &- (direction & 2)
      let (dx, dy) = (direction & 1 == 0 ? sign : 0, direction & 1 == 0 ? 0 : sign)
      (x, y, at) = (x &+ dx, y &+ dy, at &+ dx &+ dy &* side)
      out = edges[at]
    } while out != 0
    return count
  }

  /// For each grid point (`size + 1` a side, row by row) its edges out: bit d for direction d
  /// (0 right, 1 down, 2 left, 3 up), each a side of a dark module between it and a light one
  /// (or the edge of the symbol), with the dark module on its right. Found without branches
  /// from the four modules around each point, eight points at a time (a byte each in a word;
  /// `edges` has 8 bytes to spare). Returns at least the number of edges.
  private func outlineEdges(excluding area: QRLogoArea?, into edges: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    let (size, side, padded) = (self.size, self.size + 1, self.size + 2)
    // The modules with a light border (module x, y at x + 1, y + 1), 1 for dark; a word to
    // spare at the end for the last row's loads.
    let darkCount = padded * padded + 16
    let dark = UnsafeMutableRawPointer.allocate(byteCount: darkCount, alignment: 8)
    defer { dark.deallocate() }
    dark.initializeMemory(as: UInt8.self, repeating: 0, count: darkCount)
    markDark(in: dark, padded: padded, excluding: area)
    let (ones, twos, nibbles) = Self.wordMasks
    var count = 0
    for y in 0...size {
      let (above, below, row) = (dark + y * padded, dark + (y + 1) * padded, edges + y * side)
      var sums: UInt64 = 0
      for x in stride(from: 0, through: size, by: 8) {
        // The modules up-left, up-right, down-left and down-right of points x to x + 7 (the
        // bytes past the row's end are overwritten by the next row, or land in the spare).
        let (nw, ne) = (
          above.loadUnaligned(fromByteOffset: x, as: UInt64.self),
          above.loadUnaligned(fromByteOffset: x + 1, as: UInt64.self)
        )
        let (sw, se) = (
          below.loadUnaligned(fromByteOffset: x, as: UInt64.self),
          below.loadUnaligned(fromByteOffset: x + 1, as: UInt64.self)
        )
        let bits = (se & ~ne) | (sw & ~se) << 1 | (nw & ~sw) << 2 | (ne & ~nw) << 3
        UnsafeMutableRawPointer(row).storeBytes(of: bits, toByteOffset: x, as: UInt64.self)
        // The edges of each byte (at most 4) added up bytewise.
        let pairs = (bits & ones) &+ (bits >> 1 & ones)
        sums &+= (pairs & twos) &+ (pairs >> 2 & twos)
      }
      // At most 4 × 23 a byte: the eight bytes added as four 16-bit lanes, then as one.
      let lanes = (sums & nibbles) &+ (sums >> 8 & nibbles)
      count &+= Int(truncatingIfNeeded: (lanes &* 0x0001_0001_0001_0001) >> 48)
    }
    return count
  }

  /// The masks the edge counts are added up with: bits 0 and 2 of each byte, bits 0 and 1,
  /// and the low byte of each 16-bit lane.
  private static let wordMasks: (UInt64, UInt64, UInt64) = (
    0x5555_5555_5555_5555, 0x3333_3333_3333_3333, 0x00FF_00FF_00FF_00FF
  )

  /// Sets the byte of each dark module outside `area` to 1 in `dark` (`padded` bytes a row,
  /// module x, y at x + 1, y + 1; all 0 before), a word of modules at a time.
  private func markDark(in dark: UnsafeMutableRawPointer, padded: Int, excluding area: QRLogoArea?)
  {
    let darkBits = 0x0101_0101_0101_0101 &* UInt64(Self.darkBit)
    modules.withUnsafeBytes { modules in
      guard let from = modules.baseAddress else { return }
      for y in 0..<size {
        let (source, row) = (from + y * size, dark + (y + 1) * padded + 1)
        var x = 0
        while x + 8 <= size {
          let word = source.loadUnaligned(fromByteOffset: x, as: UInt64.self) & darkBits
          row.storeBytes(of: word, toByteOffset: x, as: UInt64.self)
          x += 8
        }
        for x in x..<size {
          row.storeBytes(
            of: source.load(fromByteOffset: x, as: UInt8.self) & Self.darkBit,
            toByteOffset: x,
            as: UInt8.self
          )
        }
      }
    }
    guard let area else { return }
    let (low, high) = (max(area.origin, 0), min(area.origin + area.side, size))
    for y in low..<max(low, high) {
      (dark + (y + 1) * padded + 1 + low).initializeMemory(
        as: UInt8.self,
        repeating: 0,
        count: high - low
      )
    }
  }

  /// The direction to leave a grid point by, from the heading it was reached with (4 at an
  /// outline's start) and its unused edges out (`heading << 4 | edges`): a right turn first,
  /// then straight on, then a left turn, so that where two dark modules touch only at a
  /// corner each keeps its own outline; at a start, the lowest direction.
  private static let nextDirection: [UInt8] = (0..<80).map { index in
    let (heading, out) = (index >> 4, index & 15)
    guard out != 0 else { return 0 }
    guard heading < 4 else { return UInt8(out.trailingZeroBitCount) }
    let turns = [(heading + 1) % 4, heading, (heading + 3) % 4, (heading + 2) % 4]
    return UInt8(turns.first { out & (1 << $0) != 0 } ?? 0)
  }
}
