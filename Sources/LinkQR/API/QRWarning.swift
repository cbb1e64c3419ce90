/// Something about a QR code's options that works but that scanners may not read well.
///
/// ```swift
/// for warning in options.warnings where warning.code == .lowContrast {
///   print("warning: \(warning)")
/// }
/// ```
public struct QRWarning: Sendable, Hashable, CustomStringConvertible {
  /// The kind of warning, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The WCAG contrast ratio of the colours is below 4.5:1.
    case lowContrast
    /// The modules are lighter than the background (inverted colours).
    case lightOnDark
    /// The quiet zone is narrower than the 4 modules the standard asks for.
    case narrowQuietZone
    /// The modules are smaller than scanners read reliably, and were drawn anyway (forced).
    case moduleTooSmall
  }

  /// The kind of warning.
  public let code: Code
  /// A sentence naming the problem and the fix.
  public let message: String

  /// Creates a warning.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
