/// What the association files (`apple-app-site-association`, `assetlinks.json`, entitlements)
/// say beyond the routes: the paths the app must never claim, shared web credentials and an
/// App Clip. Read from the optional top-level `association` object of the route table:
///
/// ```json
/// "association": {
///   "excludes": ["/account/*", "/oauth/callback"],
///   "excludeFragments": ["no_universal_links"],
///   "webCredentials": true,
///   "appClipBundleID": "com.example.openlist.Clip"
/// }
/// ```
///
/// A table without the object has ``none``: no excludes, no web credentials, no App Clip.
public struct AssociationSettings: Sendable, Hashable {
  /// Path patterns the app never opens, in the AASA pattern syntax (`*` any run of
  /// characters, `?` one character), each starting with `/`, as written in URLs
  /// (percent-encoded). Generators place them before every route rule, so they win.
  public let excludes: [String]
  /// Fragment patterns that keep a link in the browser whatever its path, such as
  /// `no_universal_links` for `https://…/page#no_universal_links`.
  public let excludeFragments: [String]
  /// Whether the app shares web credentials (passwords, passkeys) with the domains: adds the
  /// `webcredentials` service to the AASA and the entitlements, and the `get_login_creds`
  /// relation to `assetlinks.json`.
  public let webCredentials: Bool
  /// The bundle ID of the App Clip (`com.example.openlist.Clip`), a child of the app's bundle
  /// ID; adds the `appclips` service.
  public let appClipBundleID: String?

  /// No excludes, no web credentials, no App Clip.
  public static let none = AssociationSettings()

  /// Creates settings; ``RouteTable`` validates the ones it reads from a table.
  public init(
    excludes: [String] = [],
    excludeFragments: [String] = [],
    webCredentials: Bool = false,
    appClipBundleID: String? = nil
  ) {
    self.excludes = excludes
    self.excludeFragments = excludeFragments
    self.webCredentials = webCredentials
    self.appClipBundleID = appClipBundleID
  }
}
