/// The app a route table describes: its custom scheme, its universal-link domains and its
/// store identities.
public struct AppIdentity: Sendable, Hashable {
  /// A display name (`OpenList`), for share text and landing pages.
  public let name: String?
  /// The custom URL scheme, lower case (`openlist`).
  public let scheme: String
  /// The universal-link domains; the first is canonical and the one the builder uses.
  public let domains: [String]
  /// The iOS app, when the table has one.
  public let ios: IOSApp?
  /// The Android app, when the table has one.
  public let android: AndroidApp?
  /// The web fallback base (`https://openlist.example.com`), without a trailing slash.
  public let webBase: String?

  /// The domain the builder writes universal links on.
  public var canonicalDomain: String { domains[0] }
}

/// The iOS side of an app.
public struct IOSApp: Sendable, Hashable {
  /// The 10-character Team ID (`ABCDE12345`), the App ID prefix.
  public let teamID: String
  /// The bundle identifier (`com.example.openlist`).
  public let bundleID: String
  /// The numeric App Store ID (`1234567890`), when the app is on the store.
  public let appStoreID: String?

  /// The App ID that associated-domain files name: `<team ID>.<bundle ID>`.
  public var appID: String { "\(teamID).\(bundleID)" }
}

/// The Android side of an app.
public struct AndroidApp: Sendable, Hashable {
  /// The application ID (`com.example.openlist`).
  public let package: String
  /// SHA-256 fingerprints of the signing certificates, upper-case colon-separated hex.
  public let sha256CertFingerprints: [String]
}
