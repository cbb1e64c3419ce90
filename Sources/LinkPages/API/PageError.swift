/// Why share text, a banner or a landing page could not be rendered.
///
/// Errors name what was wrong and where: the template file and position for a template that
/// does not parse, the field for a bad display field, the link for a link that fails the URL
/// policy.
///
/// ```
/// Templates/en/page.mustache:12:7: the template does not parse (expected a section end)
/// ```
public struct PageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A templates folder cannot be read, or is not a folder.
    case unreadableTemplates
    /// A template file does not parse as Mustache, or is not UTF-8.
    case templateSyntax
    /// A template file is larger than ``PageRenderer/maximumTemplateSize``, or a folder holds
    /// more than ``PageRenderer/maximumTemplateCount`` templates.
    case templateTooLarge
    /// No template of the needed name exists, built in or in the user's folder.
    case missingTemplate
    /// A rendered landing page lacks the Content-Security-Policy meta with `{{csp}}`.
    case missingContentSecurityPolicy
    /// The locale is not a language tag such as `en`, `ko` or `pt-BR`.
    case invalidLocale
    /// A display field's name or value is not accepted.
    case invalidField
    /// A link or image URL fails the URL policy (only `https`, the app's scheme and
    /// linkgen's own `intent:` links reach an `href`).
    case unsafeURL
    /// The inline QR SVG holds something other than plain shapes.
    case unsafeSVG
    /// The route table lacks what the output needs (an App Store ID for the Smart App Banner).
    case missingAppIdentity
    /// Not even the link alone fits one SMS segment.
    case smsTooLong
    /// The values could not be turned into links (see the ``LinkError`` in the message).
    case link
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem and where it is.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
