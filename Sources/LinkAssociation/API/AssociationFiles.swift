/// The association files and app snippets for a route table, each as text ready to save:
///
/// | call | file |
/// |------|------|
/// | ``appleAppSiteAssociation(for:legacy:)`` | `/.well-known/apple-app-site-association` |
/// | ``assetLinks(for:dynamicComponents:)`` | `/.well-known/assetlinks.json` |
/// | ``entitlements(for:developerMode:appClip:)`` | the Associated Domains entitlement |
/// | ``infoPlist(for:queriedSchemes:)`` | `CFBundleURLTypes` and `LSApplicationQueriesSchemes` |
/// | ``androidManifest(for:activity:)`` | the App Links and custom-scheme intent filters |
///
/// ```swift
/// let table = try RouteTable(contentsOf: URL(filePath: "linkgen.json"))
/// let aasa = try AssociationFiles.appleAppSiteAssociation(for: table)
/// ```
///
/// Output is deterministic (same table, same bytes) and every value is escaped for where it
/// lands: JSON through LinkKit's `JSONValue`, XML text and attributes through entity escaping.
public enum AssociationFiles {}

/// Why an association file cannot be generated from a route table.
public struct AssociationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A sentence naming the problem and the fix.
  public let message: String

  /// Creates an error.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }

  static func needsIOS(_ file: String) -> AssociationError {
    AssociationError(
      "the route table has no app.ios (teamID and bundleID), which \(file) needs to name the app"
    )
  }

  static func needsAndroid(_ file: String) -> AssociationError {
    AssociationError(
      "the route table has no app.android (package and sha256CertFingerprints), which \(file) "
        + "needs to name the app"
    )
  }
}
