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
///
/// ```swift
/// do {
///   let aasa = try AssociationFiles.appleAppSiteAssociation(for: table)
/// } catch {
///   switch error.code {  // error is an AssociationError: the function throws only that
///   case .missingIOSApp: print("add app.ios to the route table")
///   default: print(error)
///   }
/// }
/// ```
public struct AssociationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of problem, for programs that react to it.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// The file names the iOS app, but the route table has no `app.ios`.
    case missingIOSApp
    /// The file names the Android app, but the route table has no `app.android`.
    case missingAndroidApp
    /// App Clip entitlements were asked for, but the table has no
    /// `association.appClipBundleID`.
    case missingAppClip
    /// A scheme to query with `canOpenURL(_:)` is not a URL scheme.
    case invalidQueriedScheme
    /// More schemes to query than iOS reads (``AssociationFiles/maximumQueriedSchemes``).
    case tooManyQueriedSchemes
    /// The activity for the intent filters is not a Java class name.
    case invalidActivity
    /// An additional path prefix for the intent filters does not start and end with `/`.
    case invalidPathPrefix
    /// The generated file would exceed the size the platform downloads (128 KB for the AASA).
    case fileTooLarge
  }

  /// The kind of problem.
  public let code: Code
  /// A sentence naming the problem and the fix.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }

  static func needsIOS(_ file: String) -> AssociationError {
    AssociationError(
      .missingIOSApp,
      "the route table has no app.ios (teamID and bundleID), which \(file) needs to name the app"
    )
  }

  static func needsAndroid(_ file: String) -> AssociationError {
    AssociationError(
      .missingAndroidApp,
      "the route table has no app.android (package and sha256CertFingerprints), which \(file) "
        + "needs to name the app"
    )
  }
}
