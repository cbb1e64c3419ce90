public import Foundation

extension LinkClient {
  /// A route parameter's value: a string, a whole number or a boolean, as the route table
  /// types it. Literals work: `["id": "6f1c…", "count": 3, "pinned": true]`.
  public enum Value: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, CustomStringConvertible
  {
    case string(String)
    case integer(Int)
    case bool(Bool)

    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A whole-number value.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// The value as the link writes it.
    public var description: String {
      switch self {
      case .string(let text): text
      case .integer(let number): String(number)
      case .bool(let flag): String(flag)
      }
    }
  }

  /// What ``LinkClient/create(_:)`` sends: a route of the server's table and its values.
  public struct NewLink: Sendable, Hashable {
    /// The name of a route of the server's table.
    public var route: String
    /// The route's values by parameter name (optional ones may be left out).
    public var params: [String: Value]
    /// When the link stops opening; `nil`: never.
    public var expiresAt: Date?
    /// How many people's visits the link serves; `nil`: no limit.
    public var maxVisits: Int?
    /// The code to use instead of a generated one (3–64 of `a`–`z`, `0`–`9`, `-`).
    public var slug: String?

    /// A link of `route` with its values.
    public init(
      route: String,
      params: [String: Value] = [:],
      expiresAt: Date? = nil,
      maxVisits: Int? = nil,
      slug: String? = nil
    ) {
      self.route = route
      self.params = params
      self.expiresAt = expiresAt
      self.maxVisits = maxVisits
      self.slug = slug
    }
  }

  /// A short link as the server describes it.
  public struct Link: Sendable, Hashable {
    /// The short link's code.
    public var code: String
    /// The short link itself: `https://<domain>/s/<code>`.
    public var short: String
    /// The route's name.
    public var route: String
    /// Every parameter's value, defaults filled in.
    public var params: [String: Value]
    /// The route's links by kind: `scheme` and `universal` always; `appStore`, `appStoreApp`,
    /// `playStore`, `androidIntent` and `web` when the table's app has them.
    public var links: [String: String]
    /// When the link stops opening (known when it was just created).
    public var expiresAt: Date?
    /// How many visits it serves (known when it was just created).
    public var maxVisits: Int?
  }

  /// A column ``LinkClient/stats(route:link:from:to:groupBy:)`` can group by.
  public enum StatsColumn: String, Sendable, Hashable, CaseIterable {
    case day, route, link, platform, browser, referrer
  }

  /// Click counts, as `linkgen stats --format json` prints them.
  public struct Stats: Sendable, Hashable {
    /// The first and last day counted (`YYYY-MM-DD`).
    public var from: String
    /// The last day counted (`YYYY-MM-DD`).
    public var to: String
    /// The columns the rows are grouped by.
    public var groupBy: [StatsColumn]
    /// One row per combination of the grouping columns.
    public var rows: [Row]
    /// Counts imported links brought from the service they left, never added to ``rows``.
    public var beforeMove: [HistoryRow]

    /// One combination of the grouping columns and its counts; a column the rows are not
    /// grouped by, or that the hits had none of, is `nil`.
    public struct Row: Sendable, Hashable {
      public var day, route, link, platform, browser, referrer: String?
      /// Visits by people.
      public var clicks: Int
      /// The unique-visitor estimate; `nil` when grouped by platform, browser or referrer.
      public var visitors: Int?
      /// Hits by bots, crawlers and link previews.
      public var bots: Int
      /// Bot hits by reason (`crawler:slack`, `method:head`, `prefetch`…).
      public var botReasons: [String: Int]
      /// Taps on the landing page's store buttons.
      public var storeTaps: Int
      /// Opens the apps reported after install (`POST /api/v1/opens`).
      public var deferredOpens: Int
      /// Scans of printed codes made with `--count-scans` (links with the scan marker
      /// `src=qr`), counted apart from the clicks and deferred opens.
      public var scans: Int
    }

    /// A count from before the move (`source` `fdl`), in the old service's words.
    public struct HistoryRow: Sendable, Hashable {
      public var route, link: String?
      public var source, platform, event: String
      /// How many.
      public var count: Int
    }
  }
}

// MARK: The generated types, mapped

extension LinkClient.Value {
  init(_ value: Components.Schemas.ParamValue) {
    switch value {
    case .case1(let text): self = .string(text)
    case .case2(let number): self = .integer(number)
    case .case3(let flag): self = .bool(flag)
    }
  }

  var generated: Components.Schemas.ParamValue {
    switch self {
    case .string(let text): .case1(text)
    case .integer(let number): .case2(number)
    case .bool(let flag): .case3(flag)
    }
  }
}

extension LinkClient.NewLink {
  var generated: Components.Schemas.NewLink {
    Components.Schemas.NewLink(
      route: route,
      params: params.isEmpty
        ? nil
        : .init(
          additionalProperties: params.mapValues { .ParamValue($0.generated) }
        ),
      expiresAt: expiresAt,
      maxVisits: maxVisits,
      slug: slug
    )
  }
}

extension LinkClient.Link {
  init(_ link: Components.Schemas.CreatedLink) {
    self.init(
      code: link.code,
      short: link.short,
      route: link.route,
      params: link.params.additionalProperties.mapValues(LinkClient.Value.init),
      links: Self.links(link.links),
      expiresAt: link.expiresAt,
      maxVisits: link.maxVisits
    )
  }

  init(_ link: Components.Schemas.ResolvedLink) {
    self.init(
      code: link.code,
      short: link.short,
      route: link.route,
      params: link.params.additionalProperties.mapValues(LinkClient.Value.init),
      links: Self.links(link.links)
    )
  }

  static func links(_ links: Components.Schemas.Links) -> [String: String] {
    var all = links.additionalProperties
    all["scheme"] = links.scheme
    all["universal"] = links.universal
    all["appStore"] = links.appStore
    all["appStoreApp"] = links.appStoreApp
    all["playStore"] = links.playStore
    all["androidIntent"] = links.androidIntent
    all["web"] = links.web
    return all
  }
}

extension LinkClient.Stats {
  init(_ stats: Components.Schemas.Stats) {
    self.init(
      from: stats.from,
      to: stats.to,
      groupBy: stats.groupBy.compactMap { LinkClient.StatsColumn(rawValue: $0.rawValue) },
      rows: stats.rows.map { row in
        Row(
          day: row.day,
          route: row.route,
          link: row.link,
          platform: row.platform,
          browser: row.browser,
          referrer: row.referrer,
          clicks: row.clicks,
          visitors: row.visitors,
          bots: row.bots,
          botReasons: row.botReasons.additionalProperties,
          storeTaps: row.storeTaps,
          deferredOpens: row.deferredOpens,
          scans: row.scans
        )
      },
      beforeMove: stats.beforeMove.map { row in
        HistoryRow(
          route: row.route,
          link: row.link,
          source: row.source,
          platform: row.platform,
          event: row.event,
          count: row.count
        )
      }
    )
  }
}
