@_spi(Generated) import OpenAPIRuntime

package import struct Foundation.Date

/// The document's `CreatedLink` (`#/components/schemas/CreatedLink`), written by hand and put in
/// the generated code's place by the generator's `typeOverrides`
/// (Sources/LinkStoreServer/openapi-generator-config.yaml).
///
/// The document requires `expiresAt` and `maxVisits`, `null` when the link has none. The type
/// swift-openapi-generator 1.14.3 makes leaves a `nil` property out of the JSON instead, which
/// breaks the document (and what the server has always sent); this one writes `null`. It reads as
/// strictly as the generated types: a missing required member or an unknown one fails.
package struct CreatedLinkBody: Codable, Hashable, Sendable {
  package var code: Components.Schemas.Code
  package var short: String
  package var route: String
  /// The route's values by parameter name; `nil` for a parameter without one (sent as `null`).
  package var params: [String: Components.Schemas.ParamValue?]
  package var links: Components.Schemas.Links
  package var expiresAt: Date?
  package var maxVisits: Int?

  package init(
    code: Components.Schemas.Code,
    short: String,
    route: String,
    params: [String: Components.Schemas.ParamValue?],
    links: Components.Schemas.Links,
    expiresAt: Date?,
    maxVisits: Int?
  ) {
    self.code = code
    self.short = short
    self.route = route
    self.params = params
    self.links = links
    self.expiresAt = expiresAt
    self.maxVisits = maxVisits
  }

  package enum CodingKeys: String, CodingKey, CaseIterable {
    case code, short, route, params, links, expiresAt, maxVisits
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    code = try container.decode(Components.Schemas.Code.self, forKey: .code)
    short = try container.decode(String.self, forKey: .short)
    route = try container.decode(String.self, forKey: .route)
    params = try container.decode([String: Components.Schemas.ParamValue?].self, forKey: .params)
    links = try container.decode(Components.Schemas.Links.self, forKey: .links)
    // Required, and `null` allowed: `decodeNil` tells an absent member from a `null` one.
    guard container.contains(.expiresAt), container.contains(.maxVisits) else {
      throw DecodingError.keyNotFound(
        container.contains(.expiresAt) ? CodingKeys.maxVisits : CodingKeys.expiresAt,
        .init(codingPath: decoder.codingPath, debugDescription: "required, null when none")
      )
    }
    expiresAt = try container.decodeIfPresent(Date.self, forKey: .expiresAt)
    maxVisits = try container.decodeIfPresent(Int.self, forKey: .maxVisits)
    try decoder.ensureNoAdditionalProperties(knownKeys: Set(CodingKeys.allCases.map(\.rawValue)))
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(code, forKey: .code)
    try container.encode(short, forKey: .short)
    try container.encode(route, forKey: .route)
    try container.encode(params, forKey: .params)
    try container.encode(links, forKey: .links)
    // `encode` of an Optional writes `null` for `nil`, where `encodeIfPresent` leaves it out.
    try container.encode(expiresAt, forKey: .expiresAt)
    try container.encode(maxVisits, forKey: .maxVisits)
  }
}
