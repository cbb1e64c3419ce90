import LinkPages
package import LinkQR

/// The desktop landing page's QR code, drawn straight into the page from the code's matrix:
/// the same markup as `QRCode.svg()` with the default options, as the page inlines it (no XML
/// declaration, no final line feed), without making, checking and copying SVG text per page.
package struct QRDrawing: PageDrawing {
  let code: QRCode

  package init(code: QRCode) { self.code = code }

  /// The default options' margin and pixels per module.
  static let margin = 4
  static let pixels = 8
  static let fill = Array("fill=\"\(QRColor.black.rgbHex)\"".utf8)
  static let background = Array("fill=\"\(QRColor.white.rgbHex)\"".utf8)

  package var estimatedSize: Int { 300 + (code.size + 1) * (code.size + 1) * 3 }

  package func draw(into out: inout [UInt8]) {
    let modules = code.size + 2 * Self.margin
    out.append(contentsOf: #"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width=""#.utf8)
    Self.write(modules * Self.pixels, &out)
    out.append(contentsOf: #"" height=""#.utf8)
    Self.write(modules * Self.pixels, &out)
    out.append(contentsOf: #"" viewBox="0 0 "#.utf8)
    Self.write(modules, &out)
    out.append(UInt8(ascii: " "))
    Self.write(modules, &out)
    out.append(contentsOf: "\" shape-rendering=\"crispEdges\">\n<rect width=\"".utf8)
    Self.write(modules, &out)
    out.append(contentsOf: #"" height=""#.utf8)
    Self.write(modules, &out)
    out.append(contentsOf: #"" "#.utf8)
    out.append(contentsOf: Self.background)
    out.append(contentsOf: "/>\n<path ".utf8)
    out.append(contentsOf: Self.fill)
    out.append(contentsOf: #" d=""#.utf8)
    writePath(&out)
    out.append(contentsOf: "\"/>\n</svg>".utf8)
  }

  /// The outlines of the dark modules as `QRCode.svg()` writes them: a move to each outline's
  /// first corner (relative after the first), then its edges as `h` and `v`. Each outline is
  /// written through a pointer into a scratch buffer sized for it, then appended to the page
  /// whole (one append an outline, not a checked append a byte).
  private func writePath(_ out: inout [UInt8]) {
    var pen: (x: Int, y: Int)?
    var scratch = [UInt8](repeating: 0, count: 1024)
    code.forEachDarkOutline { corners in
      // A move is at most 2 letters and 2 numbers, an edge 1 letter and 1 number; a number
      // (a coordinate or a step on a grid of at most 185 points a side) at most 4 bytes.
      let needed = 10 + corners.count * 5
      if scratch.count < needed { scratch = [UInt8](repeating: 0, count: 2 * needed) }
      let written = scratch.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        var path = PathWriter(base: base)
        path.move(to: corners[0], from: pen)
        for index in 1..<corners.count {
          path.edge(from: corners[index - 1], to: corners[index])
        }
        return path.count
      }
      scratch.withUnsafeBufferPointer { out.append(contentsOf: $0[..<written]) }
      pen = corners[corners.count - 1]
    }
  }

  /// Writes path commands at a pointer (the caller sized the buffer).
  private struct PathWriter {
    let base: UnsafeMutablePointer<UInt8>
    var count = 0

    /// `M x y` to the first outline's first corner (the margin added), `m dx dy` after it
    /// (no space before a negative `dy`).
    mutating func move(to first: (x: Int, y: Int), from pen: (x: Int, y: Int)?) {
      if let pen {
        byte(UInt8(ascii: "m"))
        number(first.x - pen.x)
        if first.y - pen.y >= 0 { byte(UInt8(ascii: " ")) }
        number(first.y - pen.y)
      } else {
        byte(UInt8(ascii: "M"))
        number(first.x + QRDrawing.margin)
        byte(UInt8(ascii: " "))
        number(first.y + QRDrawing.margin)
      }
    }

    /// `h dx` along a row, `v dy` along a column.
    mutating func edge(from: (x: Int, y: Int), to: (x: Int, y: Int)) {
      if from.y == to.y {
        byte(UInt8(ascii: "h"))
        number(to.x - from.x)
      } else {
        byte(UInt8(ascii: "v"))
        number(to.y - from.y)
      }
    }

    mutating func byte(_ value: UInt8) {
      base[count] = value
      count += 1
    }

    /// A decimal integer, `-` first when negative.
    mutating func number(_ value: Int) {
      if value < 0 { byte(UInt8(ascii: "-")) }
      var magnitude = value.magnitude
      var digits = 1
      var rest = magnitude
      while rest >= 10 {
        rest /= 10
        digits += 1
      }
      var at = count + digits - 1
      repeat {
        base[at] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        at -= 1
      } while magnitude > 0
      count += digits
    }
  }

  /// A decimal integer, `-` first when negative.
  static func write(_ value: Int, _ out: inout [UInt8]) {
    if value < 0 { out.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    repeat {
      withUnsafeMutableBytes(of: &digits) { $0[count] = UInt8(ascii: "0") + UInt8(magnitude % 10) }
      magnitude /= 10
      count += 1
    } while magnitude > 0 && count < 8
    withUnsafeBytes(of: &digits) { digits in
      for index in stride(from: count - 1, through: 0, by: -1) { out.append(digits[index]) }
    }
  }
}
