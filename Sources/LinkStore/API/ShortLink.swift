public import Foundation
public import LinkKit

/// What a caller asks for when creating a short link: a route and its values as text, checked by
/// the route table exactly as `linkgen make` checks them.
///
/// ```swift
/// let request = NewShortLink(
///   route: "shared-checklist",
///   arguments: ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"],
///   maxVisits: 100
/// )
/// let link = try await store.createLink(request)
/// link.shortURL  // "https://openlist.example.com/s/k7m2xq9rtb4h"
/// ```
public struct NewShortLink: Sendable, Hashable {
  /// The route, as named in the route table.
  public var route: String
  /// The route's values as text: `"42"`, `"true"`, a UUID in either case, any text for strings.
  /// A JSON API passes strings as they are, numbers in decimal and booleans as `true`/`false`.
  public var arguments: [String: String]
  /// When the link stops opening; `nil` for never. Must be in the future.
  public var expiresAt: Date?
  /// How many human visits the link serves before it is exhausted; `nil` for no limit.
  /// Bots and link previews never use visits up.
  public var maxVisits: Int?
  /// A code of the caller's choosing (3–64 characters of `a`–`z`, `0`–`9`, `-`); `nil` for a
  /// random, unguessable code.
  public var slug: String?

  /// Creates a request.
  public init(
    route: String,
    arguments: [String: String],
    expiresAt: Date? = nil,
    maxVisits: Int? = nil,
    slug: String? = nil
  ) {
    self.route = route
    self.arguments = arguments
    self.expiresAt = expiresAt
    self.maxVisits = maxVisits
    self.slug = slug
  }
}

/// A stored short link with its route's links, built by LinkKit.
public struct ShortLink: Sendable, Hashable {
  /// The code after the short-link prefix (`k7m2xq9rtb4h`, or a slug).
  public let code: String
  /// The short link itself: `https://<canonical domain>/<prefix>/<code>`.
  public let shortURL: String
  /// The route and its values.
  public let values: RouteValues
  /// The route's links (custom scheme, universal link, stores, web), as `linkgen make` builds
  /// them.
  public let links: LinkSet
  /// When the link was created (whole seconds).
  public let createdAt: Date
  /// When it stops opening, if ever.
  public let expiresAt: Date?
  /// The most human visits it serves, if limited.
  public let maxVisits: Int?
  /// The human visits counted so far; counted only for links with ``maxVisits`` (the click
  /// counters count every link's hits).
  public let visits: Int
  /// Whether the code is a slug the creator chose.
  public let isCustomSlug: Bool
  /// The id of the API key that created the link, if one did.
  public let createdByKey: String?
  /// An imported link's old path (`/AbCd`), answered at the root of the link domain as well as
  /// at ``shortURL``; `nil` for links made here.
  public var keptPath: String? = nil
  /// An imported link's label (FDL's "Link name").
  public var label: String? = nil
  /// An imported link's preview text, kept by the importer (docs/migrate.md).
  public var card: SocialCard? = nil
  /// Where an imported link came from: `fdl`, `branch` or `csv`; `nil` for links made here.
  public var importedFrom: String? = nil

  /// The name of the link's route.
  public var route: String { values.routeName }
}

/// What a short-link code leads to now.
public enum ShortLinkState: Sendable, Hashable {
  /// The link opens (and, for ``LinkStore/visit(code:now:)``, this visit was counted).
  case active(ShortLink)
  /// The link's expiry has passed; show a page that says so, never a redirect.
  case expired(ShortLink)
  /// The link served all its visits; show a page that says so, never a redirect.
  case exhausted(ShortLink)
  /// No link has this code (or it was deleted).
  case notFound

  /// The link, unless none was found.
  public var link: ShortLink? {
    switch self {
    case .active(let link), .expired(let link), .exhausted(let link): link
    case .notFound: nil
    }
  }
}
