extension QRCode {
  /// Calls `body(x, y, width, height)` for each rectangle of dark modules, leaving out the
  /// modules inside `area`: a run of dark modules in a row together with the same run (the
  /// same first and last module) in the rows right under it, as in the finder patterns. The
  /// rectangles cover every dark module once, and come top to bottom by their top row, left
  /// to right.
  ///
  /// Drawn as one filled path, they are the code with no seam anywhere: a renderer fills the
  /// whole path at once, so the edges rectangles share are never drawn, unlike separate
  /// fills or strokes side by side, whose antialiased edges leave light lines between them.
  package func forEachDarkRectangle(
    excluding area: QRLogoArea? = nil,
    _ body: (_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Void
  ) {
    // The runs of every row, `start << 16 | end`, so sorted by start within a row.
    var runs: [UInt32] = []
    runs.reserveCapacity(size * 10)
    var rowStart = [Int](repeating: 0, count: size + 1)
    var row = 0
    forEachDarkRun(excluding: area) { y, start, end in
      while row < y {
        row += 1
        rowStart[row] = runs.count
      }
      runs.append(UInt32(start << 16 | end))
    }
    while row < size {
      row += 1
      rowStart[row] = runs.count
    }
    func rowHas(_ run: UInt32, _ y: Int) -> Bool {
      var (low, high) = (rowStart[y], rowStart[y + 1])
      while low < high {
        let middle = (low + high) / 2
        if runs[middle] < run { low = middle + 1 } else { high = middle }
      }
      return low < rowStart[y + 1] && runs[low] == run
    }
    for y in 0..<size {
      for index in rowStart[y]..<rowStart[y + 1] {
        let run = runs[index]
        // Drawn already, as part of the rectangle of the row above.
        if y > 0, rowHas(run, y - 1) { continue }
        var height = 1
        while y + height < size, rowHas(run, y + height) { height += 1 }
        let (start, end) = (Int(run >> 16), Int(run & 0xFFFF))
        body(start, y, end - start, height)
      }
    }
  }
}
