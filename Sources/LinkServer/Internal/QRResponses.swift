import CoreMetrics
import Hummingbird
import LinkKit
import LinkPages
package import LinkQR

/// `GET <universal link>?qr=png|svg`: the QR code of the link. The link has parsed already,
/// and the code holds its canonical universal link, never the request's text; the options are
/// bounded; images are cached with their headers.
struct QRResponses: Sendable {
  /// What a request asks for.
  struct Options: Hashable, Sendable {
    var format = QRImageFormat.png
    /// The image's side in pixels, quiet zone included; 8 pixels per module when `nil`.
    var size: Int?
    var margin = 4
    var foreground = QRColor.black
    var background = QRColor.white
    var errorCorrection = QRErrorCorrection.medium
  }

  struct Key: Hashable, Sendable {
    let link: String
    let options: Options
  }

  /// The query item that asks for a QR code, and those that set its options.
  static let formatName = "qr"
  static let optionNames: Set<String> = ["qr-size", "qr-margin", "qr-fg", "qr-bg", "qr-ecc"]
  static let sizes = 64...2048
  static let margins = 0...16

  /// What the 400 answer says: the rules, and nothing of the request.
  static let rules = """
    Bad QR code options. A link's QR code is GET <link>?qr=png or ?qr=svg, with optional
    qr-size=<pixels, 64-2048, at least 2 a module: a longer link needs more>,
    qr-margin=<modules, 0-16>, qr-ecc=L|M|Q|H, and
    qr-fg=<colour> / qr-bg=<colour> (hex such as 1a237e, or black, white, transparent) with
    dark modules on a light background and a contrast of at least 4.5:1. Each at most once.

    """

  let cache: BoundedCache<Key, CannedResponse>
  let cacheControl: String
  let security: SecurityHeaders
  let metrics: ServerMetrics
  /// The images' headers, made once per format.
  let pngTemplate: ResponseTemplate
  let svgTemplate: ResponseTemplate

  init(
    cacheSize: Int,
    cacheBytes: Int = .max,
    maxAge: Int,
    security: SecurityHeaders,
    metrics: ServerMetrics
  ) {
    cache = BoundedCache(capacity: cacheSize, byteLimit: cacheBytes)
    cacheControl = "public, max-age=\(maxAge)"
    self.security = security
    self.metrics = metrics
    let cacheControl = cacheControl
    func template(_ contentType: String) -> ResponseTemplate {
      ResponseTemplate(
        contentType: contentType,
        cacheControl: cacheControl,
        policy: SecurityHeaders.defaultPolicy,
        extra: [],
        security: security
      )
    }
    pngTemplate = template("image/png")
    svgTemplate = template("image/svg+xml")
  }

  /// The options the link's undeclared query items (``ParsedLink/ignoredQueryItems``, already
  /// decoded) ask for: `nil` when they do not ask for a QR code, a failure when they ask
  /// wrongly.
  static func options(_ items: [ParsedLink.QueryItem]) -> Result<Options, QRRequestError>? {
    guard items.contains(where: { $0.name == formatName }) else { return nil }
    var options = Options()
    var seen: Set<String> = []
    for item in items where item.name == formatName || optionNames.contains(item.name) {
      let value = item.value
      guard seen.insert(item.name).inserted, !value.isEmpty else {
        return .failure(QRRequestError())
      }
      switch item.name {
      case "qr":
        guard let format = QRImageFormat(rawValue: value.lowercased()) else {
          return .failure(QRRequestError())
        }
        options.format = format
      case "qr-size":
        guard value.utf8.count <= 4, let size = Int(value), sizes.contains(size) else {
          return .failure(QRRequestError())
        }
        options.size = size
      case "qr-margin":
        guard value.utf8.count <= 2, let margin = Int(value), margins.contains(margin) else {
          return .failure(QRRequestError())
        }
        options.margin = margin
      case "qr-ecc":
        guard let level = QRErrorCorrection(name: value) else { return .failure(QRRequestError()) }
        options.errorCorrection = level
      default:
        guard value.utf8.count <= 11, let color = try? QRColor(parsing: value) else {
          return .failure(QRRequestError())
        }
        if item.name == "qr-fg" { options.foreground = color } else { options.background = color }
      }
    }
    var render = QRRenderOptions()
    render.foreground = options.foreground
    render.background = options.background
    guard render.warnings.isEmpty else { return .failure(QRRequestError()) }
    return .success(options)
  }

  /// The image, if it is in the cache (counted as a hit).
  func cached(_ key: Key) -> CannedResponse? {
    let image = cache.value(for: key)
    if image != nil { metrics.qrCacheHits.increment() }
    return image
  }

  /// Encodes and renders the image, and keeps it (counted as a miss).
  func renderAndStore(_ key: Key) throws(QRError) -> CannedResponse {
    metrics.qrCacheMisses.increment()
    let options = key.options
    let code = try QRCode(encoding: key.link, errorCorrection: options.errorCorrection)
    var render = QRRenderOptions()
    render.margin = options.margin
    render.foreground = options.foreground
    render.background = options.background
    if let size = options.size { render.scale = .fit(QRLength(Double(size), .pixels)) }
    // A size that leaves a module under 2 pixels would not scan: 400, as `linkgen qr` refuses it.
    try render.checkModuleSize(of: code, format: options.format)
    let bytes = try options.format.render(code, render)
    let image = CannedResponse(options.format == .png ? pngTemplate : svgTemplate, body: bytes)
    cache.store(image, for: key)
    return image
  }
}

/// A QR request with options out of range: answered 400 with ``QRResponses/rules``.
struct QRRequestError: Error {}

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
