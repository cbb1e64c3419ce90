public import LinkKit

extension AssociationFiles {
  /// The `apple-app-site-association` file: one detail for the iOS app whose `components`
  /// are the table's excludes (first, so they win), then one rule per route; plus
  /// `webcredentials` and `appclips` when the table's `association` asks for them.
  ///
  /// ```json
  /// { "applinks": { "details": [ { "appIDs": ["ABCDE12345.com.example.openlist"],
  ///   "components": [ { "/": "/account/*", "exclude": true, "comment": "…" },
  ///                   { "/": "/shared-checklists/????????-????-????-????-????????????", … } ] } ] } }
  /// ```
  ///
  /// - Parameters:
  ///   - table: The route table; it needs `app.ios`.
  ///   - legacy: Also write the form iOS 12 and earlier read: `"apps": []`, the detail's app as
  ///     `appID` (which iOS 13+ reads too) and a `paths` list with the excludes first as
  ///     `NOT ` entries. iOS 13+ ignores `paths` when `components` is present.
  ///   - additionalPaths: Path patterns the app also opens beyond the table's routes, after the
  ///     excludes (the server's short links: `/s/*`).
  ///   - keptPaths: Imported links' old paths (``KeptPathClaims/paths``), each claimed exactly
  ///     after the excludes, in a component without a comment to keep the file small.
  /// - Throws: ``AssociationError`` when the table has no iOS app or the file would exceed
  ///   the 128 KB Apple downloads.
  public static func appleAppSiteAssociation(
    for table: RouteTable,
    legacy: Bool = false,
    additionalPaths: [String] = [],
    keptPaths: [String] = []
  ) throws(AssociationError) -> String {
    guard let ios = table.app.ios else { throw .needsIOS("the apple-app-site-association file") }
    let association = table.association
    let components = aasaComponents(
      for: table,
      additionalPaths: additionalPaths,
      keptPaths: keptPaths
    )
    var detail: [(String, JSONValue)]
    if legacy {
      let paths =
        association.excludes.map { JSONValue.string("NOT " + $0) }
        + (additionalPaths + keptPaths + uniqueRoutePaths(table)).map(JSONValue.string)
      detail = [("appID", .string(ios.appID)), ("paths", .array(paths))]
    } else {
      detail = [("appIDs", .array([.string(ios.appID)]))]
    }
    detail.append(("components", .array(components)))
    var applinks: [(String, JSONValue)] = []
    if legacy { applinks.append(("apps", .array([]))) }
    applinks.append(("details", .array([.object(detail)])))
    var root: [(String, JSONValue)] = [("applinks", .object(applinks))]
    if association.webCredentials {
      root.append(("webcredentials", .object([("apps", .array([.string(ios.appID)]))])))
    }
    if let clip = association.appClipBundleID {
      root.append(("appclips", .object([("apps", .array([.string("\(ios.teamID).\(clip)")]))])))
    }
    return try sizeChecked(JSONValue.object(root).rendered() + "\n")
  }

  /// The detail's `components`, in the order iOS reads them: the excludes (paths, then
  /// fragments), the additional paths, the kept paths, then one rule per route.
  static func aasaComponents(
    for table: RouteTable,
    additionalPaths: [String],
    keptPaths: [String]
  ) -> [JSONValue] {
    let association = table.association
    var components: [JSONValue] = []
    for (index, pattern) in association.excludes.enumerated() {
      components.append(
        .object([
          ("/", .string(pattern)), ("exclude", .bool(true)),
          ("comment", .string("association.excludes[\(index)]")),
        ])
      )
    }
    for (index, pattern) in association.excludeFragments.enumerated() {
      components.append(
        .object([
          ("#", .string(pattern)), ("exclude", .bool(true)),
          ("comment", .string("association.excludeFragments[\(index)]")),
        ])
      )
    }
    for (index, pattern) in additionalPaths.enumerated() {
      components.append(
        .object([("/", .string(pattern)), ("comment", .string("additionalPaths[\(index)]"))])
      )
    }
    components += keptPaths.map { .object([("/", .string($0))]) }
    for route in table.routes {
      components.append(
        .object(componentMembers(route) + [("comment", .string("route \(route.name)"))])
      )
    }
    return components
  }

  /// The file's text, unless it is over the 128 KB Apple downloads.
  private static func sizeChecked(_ text: String) throws(AssociationError) -> String {
    let size = text.utf8.count
    guard size <= AASAFile.maximumSize else {
      throw AssociationError(
        .fileTooLarge,
        "the apple-app-site-association file would be \(size) bytes, over the \(AASAFile.maximumSize)-byte "
          + "(128 KB) limit Apple downloads; merge routes or excludes into broader patterns"
      )
    }
    return text
  }

  /// `"/"` and `"?"` for a route's rule (shared with Android's dynamic components).
  static func componentMembers(_ route: Route) -> [(String, JSONValue)] {
    var members: [(String, JSONValue)] = [("/", .string(RoutePatterns.path(route)))]
    if let items = RoutePatterns.query(route) {
      members.append(("?", .object(items.map { ($0.0, JSONValue.string($0.1)) })))
    }
    return members
  }

  /// The routes' path patterns for legacy `paths`, without repeats (routes that differ only
  /// in their query share one).
  static func uniqueRoutePaths(_ table: RouteTable) -> [String] {
    var seen = Set<String>()
    return table.routes.map(RoutePatterns.path).filter { seen.insert($0).inserted }
  }
}
