/// Why a link could not be built or parsed.
///
/// Errors name what was wrong and where: the route, the parameter, and for parsing the
/// byte range of the input at fault. Their description points at it:
///
/// ```
/// parameter 'id' of route 'shared-checklist' must be a UUID, got "12345"
///   https://openlist.example.com/shared-checklists/12345
///                                                  ^~~~~
/// ```
public struct LinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The input, or a link being built, is longer than ``RouteTable/maximumURLLength``.
    case tooLong
    /// The link has more path segments than ``RouteTable/maximumPathSegments`` or more query
    /// items than ``RouteTable/maximumQueryItems``.
    case tooManyParts
    /// The input holds a character a link may not carry (a control, a space, a backslash…).
    case invalidCharacter
    /// A `%` is not followed by two hex digits, or the bytes it encodes are not UTF-8.
    case invalidPercentEncoding
    /// The input is not a URL of a shape linkgen reads (no scheme, userinfo, a port, an empty or
    /// `.`/`..` path segment, an encoded `/` in the path…).
    case malformedURL
    /// The scheme is neither the app's custom scheme nor `https`.
    case unknownScheme
    /// The host is not one of the app's domains (or is an IP address).
    case hostNotAllowed
    /// No route's template fits the URL.
    case noMatchingRoute
    /// The route table has no route of that name.
    case unknownRoute
    /// A typed route was asked for, but the URL is a link to another route.
    case routeMismatch
    /// The route has no parameter of that name.
    case unknownParameter
    /// A required parameter has no value.
    case missingParameter
    /// A query item of the route appears more than once.
    case duplicateParameter
    /// A value does not fit its parameter's type or constraints.
    case invalidValue
    /// The route table does not configure that kind of link: a store link or the `intent:`
    /// link without the app's store identity (see ``LinkSet``).
    case linkNotConfigured
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem.
  public let message: String
  /// The route concerned, when one is.
  public let route: String?
  /// The parameter concerned, when one is.
  public let parameter: String?
  /// The URL being parsed, when the error comes from parsing.
  public let input: String?
  /// The UTF-8 byte offsets of the faulty part of ``input``; empty where something is missing
  /// (the caret then points at where it should be).
  public let range: Range<Int>?

  /// Creates an error.
  public init(
    _ code: Code,
    _ message: String,
    route: String? = nil,
    parameter: String? = nil,
    input: String? = nil,
    range: Range<Int>? = nil
  ) {
    self.code = code
    self.message = message
    self.route = route
    self.parameter = parameter
    self.input = input
    self.range = range
  }

  /// The message, followed by the input with a caret under the faulty part when the input is
  /// short enough to show.
  public var description: String {
    guard let input, let range, input.utf8.count <= 300,
      !input.unicodeScalars.contains(where: { ForbiddenScalars.contains($0) })
    else { return message }
    let bytes = Array(input.utf8)
    let lower = min(range.lowerBound, bytes.count)
    let upper = min(max(range.upperBound, lower), bytes.count)
    let lead = String(decoding: bytes[..<lower], as: UTF8.self).count
    let width = max(1, String(decoding: bytes[lower..<upper], as: UTF8.self).count)
    let marker = "^" + String(repeating: "~", count: width - 1)
    return "\(message)\n  \(input)\n  \(String(repeating: " ", count: lead))\(marker)"
  }
}
