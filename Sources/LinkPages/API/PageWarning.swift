/// Something worth telling the user about a rendering that still succeeded.
///
/// ```swift
/// let share = try pages.shareText(for: values, locale: "fr")
/// for warning in share.warnings {
///   print("warning: \(warning)")  // there are no templates for locale 'fr'; using 'en'
/// }
/// ```
public struct PageWarning: Sendable, Hashable, CustomStringConvertible {
  /// The kind of warning, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// There are no templates for the locale or its language, so English ones are used.
    case localeFallback
    /// The SMS text was shortened (display fields cut, or the link alone) to fit one segment.
    case smsShortened
  }

  /// The kind of warning.
  public let code: Code
  /// A sentence naming what happened.
  public let message: String

  /// Creates a warning.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
