@_spi(Generated) import OpenAPIRuntime

/// The document's `StatsRow` (`#/components/schemas/StatsRow`), written by hand and put in the
/// generated code's place by the generator's `typeOverrides`
/// (Sources/LinkStoreServer/openapi-generator-config.yaml).
///
/// A row carries the `groupBy` columns and only those, each `null` when the hits had none (no
/// short link, no in-app browser, no referrer), and `visitors`, `null` when the grouping does not
/// keep the estimate. The type swift-openapi-generator 1.14.3 makes cannot tell a column left
/// out from a `null` one and leaves every `nil` property out of the JSON, which breaks the
/// document (and what the server has always sent); this one writes `null`. It reads as strictly
/// as the generated types: a missing required member or an unknown one fails.
package struct StatsRowBody: Codable, Hashable, Sendable {
  /// The `groupBy` columns' values: a column is present exactly when the rows are grouped by
  /// it; its value `nil` (sent as `null`) when the hits had none.
  package var columns: [Components.Schemas.StatsColumn: String?]
  package var clicks: Int
  /// `nil` (sent as `null`) when not estimated.
  package var visitors: Int?
  package var bots: Int
  package var botReasons: [String: Int]
  package var storeTaps: Int
  package var deferredOpens: Int
  package var scans: Int

  package init(
    columns: [Components.Schemas.StatsColumn: String?],
    clicks: Int,
    visitors: Int?,
    bots: Int,
    botReasons: [String: Int],
    storeTaps: Int,
    deferredOpens: Int,
    scans: Int
  ) {
    self.columns = columns
    self.clicks = clicks
    self.visitors = visitors
    self.bots = bots
    self.botReasons = botReasons
    self.storeTaps = storeTaps
    self.deferredOpens = deferredOpens
    self.scans = scans
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case day, route, link, platform, browser, referrer
    case clicks, visitors, bots, botReasons, storeTaps, deferredOpens, scans

    init(_ column: Components.Schemas.StatsColumn) {
      switch column {
      case .day: self = .day
      case .route: self = .route
      case .link: self = .link
      case .platform: self = .platform
      case .browser: self = .browser
      case .referrer: self = .referrer
      }
    }
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    var columns: [Components.Schemas.StatsColumn: String?] = [:]
    // `contains` tells a column left out (not grouped by) from a `null` one (no value).
    for column in Components.Schemas.StatsColumn.allCases
    where container.contains(CodingKeys(column)) {
      columns[column] = .some(
        try container.decodeIfPresent(String.self, forKey: CodingKeys(column))
      )
    }
    self.columns = columns
    clicks = try container.decode(Int.self, forKey: .clicks)
    // Required, and `null` allowed.
    guard container.contains(.visitors) else {
      throw DecodingError.keyNotFound(
        CodingKeys.visitors,
        .init(codingPath: decoder.codingPath, debugDescription: "required, null when not estimated")
      )
    }
    visitors = try container.decodeIfPresent(Int.self, forKey: .visitors)
    bots = try container.decode(Int.self, forKey: .bots)
    botReasons = try container.decode([String: Int].self, forKey: .botReasons)
    storeTaps = try container.decode(Int.self, forKey: .storeTaps)
    deferredOpens = try container.decode(Int.self, forKey: .deferredOpens)
    scans = try container.decode(Int.self, forKey: .scans)
    try decoder.ensureNoAdditionalProperties(knownKeys: Set(CodingKeys.allCases.map(\.rawValue)))
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    // `encode` of an Optional writes `null` for `nil`, where `encodeIfPresent` leaves it out.
    for column in Components.Schemas.StatsColumn.allCases {
      if let value = columns[column] { try container.encode(value, forKey: CodingKeys(column)) }
    }
    try container.encode(clicks, forKey: .clicks)
    try container.encode(visitors, forKey: .visitors)
    try container.encode(bots, forKey: .bots)
    try container.encode(botReasons, forKey: .botReasons)
    try container.encode(storeTaps, forKey: .storeTaps)
    try container.encode(deferredOpens, forKey: .deferredOpens)
    try container.encode(scans, forKey: .scans)
  }
}
