/// The image files a ``QRCode`` renders to.
///
/// ```swift
/// QRImageFormat(path: "invite.PNG")  // .png
/// QRImageFormat(path: "invite.gif")  // nil
/// let bytes = try QRImageFormat.svg.render(code, QRRenderOptions())
/// ```
public enum QRImageFormat: String, Sendable, Hashable, CaseIterable {
  /// PNG, through libpng.
  case png
  /// SVG text.
  case svg

  /// The format named by a file's extension, in either case, or `nil`.
  public init?(path: String) {
    guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
    self.init(rawValue: path[path.index(after: dot)...].lowercased())
  }

  /// The file extension, without the dot.
  public var fileExtension: String { rawValue }

  /// The file's bytes.
  public func render(_ code: QRCode, _ options: QRRenderOptions) throws(QRError) -> [UInt8] {
    switch self {
    case .png: try code.png(options)
    case .svg: Array(try code.svg(options).utf8)
    }
  }
}
