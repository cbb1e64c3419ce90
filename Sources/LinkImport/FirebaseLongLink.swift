public import LinkKit

/// A Firebase Dynamic Links long link, read strictly against a route table.
///
/// FDL's "manually constructed" links put everything in the query:
/// `https://links.example.com/?link=<deep link>&apn=…&ibi=…&st=…`. linkgen honours such a link
/// only where it is safe to: the deep link must be a universal link of the table (parsed by
/// LinkKit's parser, which names what is wrong when it is not), and every app identifier it
/// carries must be the table's own app. The fallback links (`afl`, `ifl`, `ipfl`, `ofl`) are
/// never followed: they are reported in ``ignored``. The social card (`st`, `sd`, `si`) is
/// kept only under the rule of ``FirebaseSocialCard``.
///
/// ```swift
/// let long = try FirebaseLongLink(
///   url: "https://openlist.example.com/?link=https%3A%2F%2Fopenlist.example.com%2Finvite%2FABC123&ibi=com.example.openlist",
///   table: table
/// )
/// long.link.route.name  // "invite"
/// ```
///
/// Parameters FDL never defined (`fbclid`, `gclid`, anything a platform appends to a shared
/// link) are ignored and reported, never used: refusing them would break links that were
/// shared through apps that append them.
public struct FirebaseLongLink: Sendable, Hashable {
  /// The most query items a long link may carry.
  public static let maximumParameters = 64

  /// The deep link (`link`), decoded.
  public let deepLink: String
  /// The deep link parsed by the route table: the route whose landing page answers.
  public let link: ParsedLink
  /// The app parameters the link carries (`apn`, `ibi`, `ipbi`, `isi`, `ius`, `amv`, `imv`),
  /// decoded; the identifiers among them are the table's own.
  public let appParameters: [FirebaseParameter: String]
  /// The social card, when `si` passes the rule (see ``FirebaseSocialCard``).
  public let card: FirebaseSocialCard?
  /// Why the card parameters were dropped, when the link has some and they were.
  public let cardRejection: String?
  /// The analytics parameters (`utm_*`, `at`, `ct`, `mt`, `pt`), decoded.
  public let analytics: [FirebaseParameter: String]
  /// The parameters linkgen does not act on: the fallbacks, `efr`, `d`, and unknown names.
  public let ignored: [IgnoredParameter]

  /// The label a click of this link is counted under: its `utm_source`, if any.
  public var referrerLabel: String? { analytics[.utmSource] }

  /// The fallback links the long link carried, which were not followed.
  public var ignoredFallbacks: [IgnoredParameter] {
    ignored.filter { $0.reason == .fallbackNotFollowed }
  }

  /// Reads a whole long link: `https://<a domain of the table>/?<parameters>`.
  ///
  /// - Throws: ``FirebaseLongLinkError`` with ``FirebaseLongLinkError/Code/notALongLink`` when
  ///   the link is not on a domain of the table or has a path, and the codes of
  ///   ``init(query:table:imageHosts:)`` otherwise.
  public init(
    url: String,
    table: RouteTable,
    imageHosts: Set<String>? = nil
  ) throws(FirebaseLongLinkError) {
    let query = try LongLinkURL.query(of: url, domains: table.app.domains)
    try self.init(query: query, table: table, imageHosts: imageHosts)
  }

  /// Reads the query of a long link (the text after `?`, still percent-encoded, as in a
  /// request target).
  ///
  /// Items are `name=value` pairs split on `&`, decoded as a browser's `URLSearchParams`
  /// does (`+` is a space) but strictly: a bad escape, bytes that are not UTF-8 or a control
  /// character is ``FirebaseLongLinkError/Code/malformedQuery``.
  ///
  /// - Parameter imageHosts: the hosts a social image may be on; `nil` means
  ///   ``FirebaseSocialCard/defaultImageHosts(for:)``.
  public init(
    query: String,
    table: RouteTable,
    imageHosts: Set<String>? = nil
  ) throws(FirebaseLongLinkError) {
    let items = try LongLinkQuery.decode(query)
    try self.init(parameters: items, table: table, imageHosts: imageHosts)
  }

  /// Reads decoded parameters, such as the columns of a Takeout export row.
  ///
  /// Empty values count as absent, as in FDL's export, where an unused column is empty.
  ///
  /// - Throws: ``FirebaseLongLinkError``: a missing or foreign deep link, an app identifier
  ///   that is not the table's, a parameter given twice.
  public init(
    parameters: [ParsedLink.QueryItem],
    table: RouteTable,
    imageHosts: Set<String>? = nil
  ) throws(FirebaseLongLinkError) {
    let sorted = try SortedParameters(parameters)
    guard let deepLink = sorted.known[.link] else {
      throw FirebaseLongLinkError(
        .missingDeepLink,
        "the long link has no 'link' parameter (the deep link)",
        parameter: "link"
      )
    }
    self.deepLink = deepLink
    self.link = try Self.parseDeepLink(deepLink, table: table)
    self.appParameters = try AppParameterCheck.check(sorted.known, app: table.app)
    let cardResult = FirebaseSocialCard.read(
      sorted.known,
      imageHosts: imageHosts ?? FirebaseSocialCard.defaultImageHosts(for: table)
    )
    self.card = cardResult.card
    self.cardRejection = cardResult.rejection
    self.analytics = sorted.known.filter { FirebaseParameter.analytics.contains($0.key) }
    self.ignored = sorted.ignored
  }

  static func parseDeepLink(
    _ deepLink: String,
    table: RouteTable
  ) throws(FirebaseLongLinkError) -> ParsedLink {
    let parsed: ParsedLink
    do {
      parsed = try table.parse(deepLink)
    } catch {
      throw FirebaseLongLinkError(
        .deepLinkNotInTable,
        "the deep link ('link') is not a link of the route table",
        parameter: "link",
        linkError: error
      )
    }
    guard parsed.kind == .universal else {
      throw FirebaseLongLinkError(
        .deepLinkNotUniversal,
        "the deep link ('link') is the app's \(parsed.kind) link; a long link's deep link must be "
          + "a universal link (https on a domain of the table)",
        parameter: "link"
      )
    }
    return parsed
  }
}

/// A parameter of a long link that linkgen reads but does not act on.
public struct IgnoredParameter: Sendable, Hashable, CustomStringConvertible {
  /// Why it is ignored.
  public enum Reason: String, Sendable, Hashable {
    /// `afl`, `ifl`, `ipfl`, `ofl`: linkgen never sends anyone to a fallback link; the landing
    /// page offers the stores instead.
    case fallbackNotFollowed
    /// `efr`, `d`: FDL's preview page and debug flowchart, which linkgen does not have.
    case noMeaningHere
    /// A name FDL never defined.
    case unknown
  }

  /// The parameter's name, decoded.
  public let name: String
  /// Its value, decoded.
  public let value: String
  /// Why it is ignored.
  public let reason: Reason

  /// `name (reason)`: the value is left out, since logs must not carry query values.
  public var description: String { "\(name) (\(reason.rawValue))" }
}
