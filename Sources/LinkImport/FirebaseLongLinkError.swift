public import LinkKit

/// Why a Firebase Dynamic Links long link is not honoured.
///
/// A long link is honoured only when its deep link (`link`) is a universal link of the route
/// table and every app identifier it names is the table's own app. Anything else is refused
/// with one of these codes; the server answers a refused long link with its 404 page.
public struct FirebaseLongLinkError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The link has no `link` parameter, or an empty one.
    case missingDeepLink
    /// A parameter FDL defines appears more than once (which value would win is a guess).
    case duplicateParameter
    /// The query is not well formed: a bad `%` escape, bytes that are not UTF-8, a control
    /// character, more than ``FirebaseLongLink/maximumParameters`` items, or more than
    /// ``LinkKit/RouteTable/maximumURLLength`` bytes.
    case malformedQuery
    /// The long link itself is not `https://<a domain of the table>/?…`.
    case notALongLink
    /// The deep link is not a link of the route table; ``FirebaseLongLinkError/linkError``
    /// holds the parser's error.
    case deepLinkNotInTable
    /// The deep link parses, but as the app's custom-scheme link: FDL's `link` is an https
    /// link, and only a universal link has a landing page.
    case deepLinkNotUniversal
    /// `apn` is not the table's Android package (or the table has no Android app).
    case unknownAndroidPackage
    /// `ibi` or `ipbi` is not the table's iOS bundle ID (or the table has no iOS app).
    case unknownBundleID
    /// `isi` is not the table's App Store ID (or the table has none).
    case unknownAppStoreID
    /// `ius` is not the table's custom scheme.
    case unknownScheme
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem and the parameter concerned.
  public let message: String
  /// The FDL parameter concerned (`link`, `apn`, …), when one is.
  public let parameter: String?
  /// The route table parser's error, for ``Code/deepLinkNotInTable``.
  public let linkError: LinkError?

  /// Creates an error.
  public init(
    _ code: Code,
    _ message: String,
    parameter: String? = nil,
    linkError: LinkError? = nil
  ) {
    self.code = code
    self.message = message
    self.parameter = parameter
    self.linkError = linkError
  }

  /// The message, followed by the parser's explanation when there is one.
  public var description: String {
    guard let linkError else { return message }
    return "\(message): \(linkError.description)"
  }
}
