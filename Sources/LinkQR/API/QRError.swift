/// Why a QR code could not be encoded or rendered.
///
/// ```swift
/// do {
///   _ = try QRCode(encoding: String(repeating: "x", count: 3000))
/// } catch {
///   print(error)  // the text is 3000 bytes; a QR code at level M holds at most 2331 …
/// }
/// ```
public struct QRError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// There is nothing to encode.
    case empty
    /// The text does not fit in any QR version at the requested level.
    case tooLong
    /// A version, scale, margin, size or resolution is out of range.
    case invalidOption
    /// A colour could not be read.
    case invalidColor
    /// The modules would be too small to scan: under 2 pixels in a PNG, or under 0.25 mm at
    /// the stated print size (``QRRenderOptions/checkModuleSize(of:format:)``).
    case moduleTooSmall
    /// The image would be too large to write.
    case imageTooLarge
    /// A system library failed. LinkQR no longer throws this code (it wrote PNG files through
    /// libpng, and now writes them itself); it stays for programs that switch on it.
    case library
    /// A logo file cannot be read (no such file, no permission, an I/O error).
    case unreadableLogo
    /// A logo is not a PNG or SVG image, or is larger than ``QRLogo/maximumBytes``.
    case invalidLogo
    /// A logo would cover more of the code than its error correction can restore.
    case logoTooLarge
    /// A logo was asked for on a code whose error correction is not level H.
    case logoNeedsHighCorrection
    /// A logo was asked for on a code with an alignment pattern at its centre (versions 7–13,
    /// 21–27, 35–40); ``QRCode/init(encodingForLogo:minimumVersion:)`` avoids them.
    case logoOverAlignmentPattern
  }

  /// The kind of failure.
  public let code: Code
  /// What went wrong, in a sentence for people.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
