#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A logo to draw in the centre of a QR code: a PNG or SVG image, and how much of the code it
/// may cover.
///
/// The code must be at error-correction level H; the logo goes over a square of light modules
/// (``QRCode/logoArea(fraction:)``) no larger than the code can restore
/// (``QRCode/largestLogoSide``), inset by one module and scaled to fit, its aspect ratio kept.
///
/// ```swift
/// let logo = try QRLogo(contentsOfFile: "logo.svg")
/// let code = try QRCode(encoding: link, errorCorrection: .high)
/// let svg = try code.svg(QRRenderOptions(), logo: logo)
/// ```
///
/// SVG output embeds the file as it is, in an `<image>` with a `data:` URL: the logo's markup
/// never mixes with the code's (no clashing ids or styles), and viewers draw an SVG `<image>`
/// without running scripts or loading anything else. PNG output and PDF sheets draw it with
/// cairo and librsvg (the `LinkPrint` library).
public struct QRLogo: Sendable, Hashable {
  /// The image formats a logo can be in.
  public enum Format: String, Sendable, Hashable, CaseIterable {
    /// A PNG image.
    case png
    /// An SVG drawing.
    case svg

    /// The media type, for a `data:` URL.
    public var mediaType: String {
      switch self {
      case .png: "image/png"
      case .svg: "image/svg+xml"
      }
    }
  }

  /// The largest logo file accepted: 2 MiB.
  public static let maximumBytes = 2 << 20

  /// The image's format, found from its first bytes.
  public let format: Format
  /// The file's bytes.
  public let bytes: [UInt8]
  /// The side of the cleared square as a fraction of the code's side (for example `0.2`), or
  /// `nil` for ``QRCode/defaultLogoShare`` (20%, or the largest the code allows when less).
  public var size: Double?

  /// A logo from the bytes of a PNG or SVG file.
  ///
  /// - Throws: ``QRError`` with ``QRError/Code/invalidLogo`` for empty or over-large data, or
  ///   data that is neither PNG (by its signature) nor SVG (UTF-8 text with an `<svg` element).
  public init(bytes: [UInt8], size: Double? = nil, name: String = "the logo") throws(QRError) {
    guard !bytes.isEmpty else { throw QRError(.invalidLogo, "\(name) is empty") }
    guard bytes.count <= Self.maximumBytes else {
      throw QRError(
        .invalidLogo,
        "\(name) is \(bytes.count) bytes; a logo may be at most \(Self.maximumBytes) bytes"
      )
    }
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      format = .png
    } else if let text = String(validating: bytes, as: UTF8.self), text.contains("<svg") {
      format = .svg
    } else {
      throw QRError(.invalidLogo, "\(name) is neither a PNG image nor an SVG drawing")
    }
    self.bytes = bytes
    self.size = size
  }

  /// A logo read from a PNG or SVG file.
  ///
  /// - Throws: ``QRError`` naming the file: ``QRError/Code/unreadableLogo`` when it cannot be
  ///   read, ``QRError/Code/invalidLogo`` when it is not a PNG or SVG image.
  public init(contentsOfFile path: String, size: Double? = nil) throws(QRError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw QRError(
        .unreadableLogo,
        "cannot read the logo \(path) (\(String(cString: strerror(errno))))"
      )
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress, $0.count)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else {
        throw QRError(
          .unreadableLogo,
          "cannot read the logo \(path) (\(String(cString: strerror(errno))))"
        )
      }
      if count == 0 { break }
      bytes += chunk[..<count]
      guard bytes.count <= Self.maximumBytes else {
        throw QRError(
          .invalidLogo,
          "the logo \(path) is larger than \(Self.maximumBytes) bytes, the most a logo may be"
        )
      }
    }
    try self.init(bytes: bytes, size: size, name: "the logo \(path)")
  }

  /// A `data:` URL of the image, base64-encoded.
  public var dataURL: String {
    "data:\(format.mediaType);base64," + Base64.encode(bytes)
  }
}

/// Standard base64 (RFC 4648, with padding).
enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8
  )

  static func encode(_ bytes: [UInt8]) -> String {
    let capacity = (bytes.count + 2) / 3 * 4
    return String(unsafeUninitializedCapacity: capacity) { out in
      var index = 0
      var position = 0
      while position + 3 <= bytes.count {
        let value =
          UInt32(bytes[position]) << 16 | UInt32(bytes[position + 1]) << 8
          | UInt32(bytes[position + 2])
        for shift in [18, 12, 6, 0] {
          out[index] = alphabet[Int(value >> UInt32(shift) & 63)]
          index += 1
        }
        position += 3
      }
      let rest = bytes.count - position
      if rest > 0 {
        var value = UInt32(bytes[position]) << 16
        if rest == 2 { value |= UInt32(bytes[position + 1]) << 8 }
        out[index] = alphabet[Int(value >> 18 & 63)]
        out[index + 1] = alphabet[Int(value >> 12 & 63)]
        out[index + 2] = rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "=")
        out[index + 3] = UInt8(ascii: "=")
        index += 4
      }
      return index
    }
  }
}
