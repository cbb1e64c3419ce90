extension QRCode {
  /// Calls `body` with the corners of each outline of the dark modules, leaving out the modules
  /// inside `area`: closed polygons on the module grid (corners from 0 to `size`), each as the
  /// list of its corners in order, that filled together with the nonzero rule cover exactly the
  /// dark modules. Outer outlines run clockwise (on screen, y down) and holes counter-clockwise.
  ///
  /// An outline is the rectangles of the runs of dark modules (``forEachDarkRun(excluding:_:)``)
  /// merged: its corners are only where the edge of the dark area turns, so a code costs about
  /// a sixth fewer points than as a rectangle per run, and no two subpaths of the fill ever
  /// share an edge. PDF sheets and SVG files both draw codes this way.
  package func forEachDarkOutline(
    excluding area: QRLogoArea? = nil,
    _ body: (_ corners: [(x: Int, y: Int)]) -> Void
  ) {
    var edges = outlineEdges(excluding: area)
    let side = size + 1
    let (stepX, stepY) = ([1, 0, -1, 0], [0, 1, 0, -1])
    var corners: [(x: Int, y: Int)] = []
    for start in edges.indices {
      // A saddle point (two dark modules touching at a corner) starts two outlines.
      while edges[start] != 0 {
        corners.removeAll(keepingCapacity: true)
        var (x, y) = (start % side, start / side)
        var heading = 4  // none yet
        while edges[y * side + x] != 0 {
          let out = edges[y * side + x]
          let direction = Int(Self.nextDirection[heading << 4 | Int(out)])
          edges[y * side + x] = out & ~(1 << direction)
          if direction != heading { corners.append((x, y)) }
          heading = direction
          (x, y) = (x + stepX[direction], y + stepY[direction])
        }
        body(corners)
      }
    }
  }

  /// For each grid point (`size + 1` a side, row by row) its edges out: bit d for direction d
  /// (0 right, 1 down, 2 left, 3 up), each a side of a dark module between it and a light one
  /// (or the edge of the symbol), with the dark module on its right.
  private func outlineEdges(excluding area: QRLogoArea?) -> [UInt8] {
    // The modules with a light border, 1 for dark.
    let padded = size + 2
    var dark = [UInt8](repeating: 0, count: padded * padded)
    for y in 0..<size {
      for x in 0..<size where modules[y * size + x] & Self.darkBit != 0 {
        if let area, area.contains(x: x, y: y) { continue }
        dark[(y + 1) * padded + x + 1] = 1
      }
    }
    let side = size + 1
    var edges = [UInt8](repeating: 0, count: side * side)
    for y in 0..<size {
      for x in 0..<size where dark[(y + 1) * padded + x + 1] != 0 {
        let at = (y + 1) * padded + x + 1
        if dark[at - padded] == 0 { edges[y * side + x] |= 1 }  // top, rightwards
        if dark[at + 1] == 0 { edges[y * side + x + 1] |= 2 }  // right side, downwards
        if dark[at + padded] == 0 { edges[(y + 1) * side + x + 1] |= 4 }  // bottom, leftwards
        if dark[at - 1] == 0 { edges[(y + 1) * side + x] |= 8 }  // left side, upwards
      }
    }
    return edges
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
