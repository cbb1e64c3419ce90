public import LinkKit

extension AssociationFiles {
  /// The `assetlinks.json` file: one statement granting the Android app
  /// `delegate_permission/common.handle_all_urls` (and `get_login_creds` when the table's
  /// `association.webCredentials` is set), with the package and its SHA-256 certificate
  /// fingerprints (validated when the table was loaded: 32 upper-case colon-separated bytes).
  ///
  /// ```json
  /// [ { "relation": ["delegate_permission/common.handle_all_urls"],
  ///     "target": { "namespace": "android_app", "package_name": "com.example.openlist",
  ///                 "sha256_cert_fingerprints": ["14:6D:E9:…:44:E5"] } } ]
  /// ```
  ///
  /// - Parameters:
  ///   - table: The route table; it needs `app.android`.
  ///   - dynamicComponents: Also write Android 15's `relation_extensions` with
  ///     `dynamic_app_link_components`: the excludes first, then one rule per route, in the
  ///     AASA vocabulary. They narrow what the manifest declares; older Android ignores them.
  /// - Throws: ``AssociationError`` when the table has no Android app.
  public static func assetLinks(for table: RouteTable, dynamicComponents: Bool = false)
    throws(AssociationError) -> String
  {
    guard let android = table.app.android else { throw .needsAndroid("assetlinks.json") }
    var relations = [JSONValue.string(AssetLinksFile.handleAllURLs)]
    if table.association.webCredentials { relations.append(.string(AssetLinksFile.getLoginCreds)) }
    var statement: [(String, JSONValue)] = [
      ("relation", .array(relations)),
      (
        "target",
        .object([
          ("namespace", .string("android_app")),
          ("package_name", .string(android.package)),
          (
            "sha256_cert_fingerprints", .array(android.sha256CertFingerprints.map(JSONValue.string))
          ),
        ])
      ),
    ]
    if dynamicComponents {
      statement.append(
        (
          "relation_extensions",
          .object([
            (
              AssetLinksFile.handleAllURLs,
              .object([("dynamic_app_link_components", .array(dynamicComponentList(table)))])
            )
          ])
        )
      )
    }
    return JSONValue.array([.object(statement)]).rendered() + "\n"
  }

  static func dynamicComponentList(_ table: RouteTable) -> [JSONValue] {
    table.association.excludes.map { .object([("/", .string($0)), ("exclude", .bool(true))]) }
      + table.association.excludeFragments.map {
        .object([("#", .string($0)), ("exclude", .bool(true))])
      }
      + table.routes.map { .object(componentMembers($0)) }
  }
}
