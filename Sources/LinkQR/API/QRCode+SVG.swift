extension QRCode {
  /// The code as an SVG document: the background as one `<rect>` (left out when
  /// transparent) and every dark module in a single `<path>`, with `shape-rendering=
  /// "crispEdges"` and a `viewBox` in modules, quiet zone included, so it scales to any print
  /// size without blur.
  ///
  /// The `width` and `height` are the physical size for a ``QRRenderOptions/Scale/fit(_:)``
  /// scale (`30mm`), or modules × pixels per module. Only numbers and colours parsed into
  /// ``QRColor`` go into the markup, never the encoded text.
  ///
  /// ```swift
  /// let svg = try code.svg(QRRenderOptions())
  /// // <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="264" height="264"
  /// //  viewBox="0 0 33 33" shape-rendering="crispEdges">…
  /// ```
  ///
  /// - Throws: ``QRError`` with ``QRError/Code/invalidOption`` for options out of range.
  public func svg(_ options: QRRenderOptions = QRRenderOptions()) throws(QRError) -> String {
    try svg(options, logo: nil)
  }

  /// The code as an SVG document with a logo in the centre: the modules under the logo's
  /// square (``logoArea(fraction:)``) are left light, and the logo file is embedded as it is in
  /// an `<image>` with a `data:` URL, inset by one module and scaled to fit with its aspect
  /// ratio kept (see ``QRLogo`` for why it is not inlined).
  ///
  /// ```swift
  /// let code = try QRCode(encoding: link, errorCorrection: .high)
  /// let svg = try code.svg(QRRenderOptions(), logo: try QRLogo(contentsOfFile: "logo.png"))
  /// ```
  ///
  /// - Throws: ``QRError``: ``QRError/Code/logoNeedsHighCorrection`` unless the code is at level
  ///   H, ``QRError/Code/logoTooLarge`` when the logo would leave it unreadable, or
  ///   ``QRError/Code/invalidOption`` for options out of range.
  public func svg(_ options: QRRenderOptions, logo: QRLogo?) throws(QRError) -> String {
    try options.validate()
    let area = try logo.map { logo throws(QRError) in try logoArea(fraction: logo.size) }
    let parts = SVGParts(code: self, options: options, logo: logo)
    return String(capacity: parts.capacity) { out in
      writeDocument(&out, parts, excluding: area, inline: false)
    }
  }

  /// Appends the code to `out` as a page inlines it: ``svg(_:)`` with the default options,
  /// without the XML declaration and the final line feed. The desktop landing page draws its
  /// code this way, straight into the page, with no SVG text to make, check and copy.
  package func appendInlineSVG(to out: inout [UInt8]) {
    let parts = SVGParts(code: self, options: QRRenderOptions(), logo: nil)
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: parts.capacity)
    defer { buffer.deallocate() }
    var writer = TextWriter(buffer)
    writeDocument(&writer, parts, excluding: nil, inline: true)
    out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
  }

  /// The document: the opening (the XML declaration unless `inline`), the dark modules'
  /// path, the logo when there is one, and the closing tag (with a line feed unless `inline`).
  private func writeDocument(
    _ out: inout TextWriter,
    _ parts: SVGParts,
    excluding area: QRLogoArea?,
    inline: Bool
  ) {
    if !inline { out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n") }
    parts.writeOpening(&out)
    out.write("<path ")
    out.write(parts.fill)
    out.write(" d=\"")
    writePath(&out, margin: parts.margin, excluding: area)
    out.write("\"/>\n")
    if let area { parts.writeLogo(&out, area: area) }
    out.write(inline ? "</svg>" : "</svg>\n")
  }

  /// What the SVG document is made of besides the path: its size, colours and logo, as bytes.
  private struct SVGParts {
    let margin: Int
    /// The side in modules, quiet zone included: the `viewBox`.
    let modules: Int
    /// The `width` and `height`: pixels, or a physical length.
    let side: [UInt8]
    let fill: [UInt8]
    /// The background's fill attributes, or nil when it is transparent (no `<rect>`).
    let background: [UInt8]?
    /// The logo's `data:` URL.
    let image: [UInt8]?
    let capacity: Int

    /// The fill attributes of the foreground and the background (nil when it is transparent).
    struct Colors {
      let fill: [UInt8]
      let background: [UInt8]?

      init(_ options: QRRenderOptions) {
        fill = Array(QRCode.fillAttributes(options.foreground).utf8)
        background =
          options.background.alpha > 0
          ? Array(QRCode.fillAttributes(options.background).utf8) : nil
      }

      /// The colours of `options`: the default colours' made once (the desktop landing page
      /// draws its code with them on every page), others made now.
      static func of(_ options: QRRenderOptions) -> Colors {
        options.foreground == defaultOptions.foreground
          && options.background == defaultOptions.background ? defaults : Colors(options)
      }

      private static let defaultOptions = QRRenderOptions()
      private static let defaults = Colors(defaultOptions)
    }

    init(code: QRCode, options: QRRenderOptions, logo: QRLogo?) {
      margin = options.margin
      modules = code.size + 2 * options.margin
      switch options.scale {
      case .pixelsPerModule(let pixels): side = Array(String(modules * pixels).utf8)
      case .fit(let length): side = Array(length.description.utf8)
      }
      let colors = Colors.of(options)
      fill = colors.fill
      background = colors.background
      image = logo.map { Array($0.dataURL.utf8) }
      // Even a checkerboard, an outline of four corners per dark module, stays under 12 bytes
      // per grid point ("m-ddd ddd" and "h1v1h-1" per module, half of them dark).
      let runs = (code.size + 1) * (code.size + 1)
      capacity =
        400 + 2 * side.count + fill.count + (background?.count ?? 0) + runs * 12
        + (image?.count ?? 0)
    }

    /// The `<svg>` element's opening tag and the background's `<rect>`.
    func writeOpening(_ out: inout TextWriter) {
      out.write("<svg xmlns=\"http://www.w3.org/2000/svg\" ")
      if image != nil { out.write("xmlns:xlink=\"http://www.w3.org/1999/xlink\" ") }
      out.write("version=\"1.1\" width=\"")
      out.write(side)
      out.write("\" height=\"")
      out.write(side)
      out.write("\" viewBox=\"0 0 ")
      out.write(modules)
      out.write(UInt8(ascii: " "))
      out.write(modules)
      out.write("\" shape-rendering=\"crispEdges\">\n")
      if let background {
        out.write("<rect width=\"")
        out.write(modules)
        out.write("\" height=\"")
        out.write(modules)
        out.write("\" ")
        out.write(background)
        out.write("/>\n")
      }
    }

    /// The logo's `<image>`: the cleared square inset by one module.
    func writeLogo(_ out: inout TextWriter, area: QRLogoArea) {
      out.write("<image x=\"")
      out.write(margin + area.origin + 1)
      out.write("\" y=\"")
      out.write(margin + area.origin + 1)
      out.write("\" width=\"")
      out.write(area.side - 2)
      out.write("\" height=\"")
      out.write(area.side - 2)
      out.write("\" preserveAspectRatio=\"xMidYMid meet\" xlink:href=\"")
      if let image { out.write(image) }
      out.write("\"/>\n")
    }
  }

  /// The outlines of the dark area (``forEachDarkOutline(excluding:_:)``: the rectangles of
  /// its runs of dark modules, merged), in as few bytes as SVG allows: a relative move to an
  /// outline's first corner, then its edges, which turn at every corner, as `h` and `v` in
  /// turn, left open (filling closes a subpath by itself, and the nonzero rule leaves holes
  /// light), so the next move starts from the last corner: `M4 4h7v7h-7m8-7h2v1h-1…`. A
  /// negative number needs no space before it.
  private func writePath(_ out: inout TextWriter, margin: Int, excluding area: QRLogoArea?) {
    var pen: (x: Int, y: Int)?
    forEachDarkOutline(excluding: area) { corners in
      let first = corners[0]
      if let pen {
        out.write(UInt8(ascii: "m"))
        out.write(first.x - pen.x)
        if first.y - pen.y >= 0 { out.write(UInt8(ascii: " ")) }
        out.write(first.y - pen.y)
      } else {
        out.write(UInt8(ascii: "M"))
        out.write(first.x + margin)
        out.write(UInt8(ascii: " "))
        out.write(first.y + margin)
      }
      for index in 1..<corners.count {
        let (from, to) = (corners[index - 1], corners[index])
        if from.y == to.y {
          out.write(UInt8(ascii: "h"))
          out.write(to.x - from.x)
        } else {
          out.write(UInt8(ascii: "v"))
          out.write(to.y - from.y)
        }
      }
      pen = corners[corners.count - 1]
    }
  }

  /// `fill="#rrggbb"`, plus `fill-opacity` when the colour is not opaque.
  private static func fillAttributes(_ color: QRColor) -> String {
    var attributes = "fill=\"\(color.rgbHex)\""
    if color.alpha < 255 {
      let opacity = (color.opacity * 1000).rounded() / 1000
      attributes += " fill-opacity=\"\(opacity)\""
    }
    return attributes
  }
}
