public import LinkKit

// The renderer's calls for typed routes: the same output as for the route's values
// (`RouteTable.values(of:)`), so that apps and backends that model routes as Swift types pass
// them directly.
extension PageRenderer {
  /// Share text for a typed route; see ``shareText(for:locale:fields:)-(RouteValues,_,_)``.
  ///
  /// ```swift
  /// let share = try pages.shareText(for: SharedChecklist(id: id), locale: "ko")
  /// ```
  public func shareText(
    for route: some LinkRoute,
    locale: String = "en",
    fields: [String: String] = [:]
  ) throws(PageError) -> ShareText {
    try shareText(for: try values(of: route), locale: locale, fields: fields)
  }

  /// The Smart App Banner tag for a typed route; see
  /// ``smartBannerMeta(for:)-(RouteValues)``.
  public func smartBannerMeta(for route: some LinkRoute) throws(PageError) -> String {
    try smartBannerMeta(for: try values(of: route))
  }

  /// The portable banner for a typed route; see
  /// ``bannerSnippet(for:locale:fields:platform:)-(RouteValues,_,_,_)``.
  public func bannerSnippet(
    for route: some LinkRoute,
    locale: String = "en",
    fields: [String: String] = [:],
    platform: Platform = .any
  ) throws(PageError) -> String {
    try bannerSnippet(
      for: try values(of: route),
      locale: locale,
      fields: fields,
      platform: platform
    )
  }

  /// The landing page for a typed route; see
  /// ``landingPage(for:locale:fields:platform:qrSVG:)-(RouteValues,_,_,_,_)``.
  public func landingPage(
    for route: some LinkRoute,
    locale: String = "en",
    fields: [String: String] = [:],
    platform: Platform = .any,
    qrSVG: String? = nil
  ) throws(PageError) -> String {
    try landingPage(
      for: try values(of: route),
      locale: locale,
      fields: fields,
      platform: platform,
      qrSVG: qrSVG
    )
  }

  private func values(of route: some LinkRoute) throws(PageError) -> RouteValues {
    do throws(LinkError) {
      return try table.values(of: route)
    } catch {
      throw PageError(.link, error.message)
    }
  }
}
