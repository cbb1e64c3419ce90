import CoreMetrics
import Hummingbird
import LinkKit
import LinkPages
import LinkQR

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
  /// ``formatName`` and the options' names; an item's place here is its bit in the set of
  /// items seen (no `Set<String>` made per request).
  static let itemNames = [formatName, "qr-size", "qr-margin", "qr-fg", "qr-bg", "qr-ecc"]
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
    cache = BoundedCache(capacity: cacheSize, byteLimit: cacheBytes, admitsOnSecondOffer: true)
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
    var seen: UInt8 = 0
    for item in items {
      guard let place = itemNames.firstIndex(of: item.name) else { continue }
      let value = item.value
      guard seen & 1 << place == 0, !value.isEmpty else { return .failure(QRRequestError()) }
      seen |= 1 << place
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
