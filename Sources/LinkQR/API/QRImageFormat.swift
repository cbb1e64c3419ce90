/// The image files a ``QRCode`` renders to.
///
/// ```swift
/// QRImageFormat(fileExtension: "PNG")  // .png
/// QRImageFormat(fileExtension: "gif")  // nil
/// let bytes = try QRImageFormat.svg.render(code, QRRenderOptions())
/// ```
public enum QRImageFormat: String, Sendable, Hashable, CaseIterable {
  /// PNG, through libpng.
  case png
  /// SVG text.
  case svg

  /// The format named by a file extension (without the dot), in either case, or `nil`. With
  /// a file URL: `QRImageFormat(fileExtension: url.pathExtension)`.
  public init?(fileExtension: String) {
    self.init(rawValue: fileExtension.lowercased())
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
