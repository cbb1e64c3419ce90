/// The paired links for one route and values, with the store fallbacks.
///
/// ```swift
/// let links = try table.links(for: SharedChecklist(id: id))
/// links.scheme     // "openlist://shared-checklists?shared-checklistId=3f2504e0-…"
/// links.universal  // "https://openlist.example.com/shared-checklists/3f2504e0-…"
/// links.appStore   // "https://apps.apple.com/app/id1234567890"
/// ```
///
/// Store links are `nil` when the route table leaves out the platform they need.
public struct LinkSet: Sendable, Hashable {
  /// The custom-scheme link (`openlist://…`), which only the installed app opens.
  public let scheme: String
  /// The universal link (`https://<canonical domain>/…`), which opens the app when installed
  /// and the web otherwise.
  public let universal: String
  /// The App Store page (`https://apps.apple.com/app/id<N>`); needs `app.ios.appStoreID`.
  public let appStore: String?
  /// The App Store page opened in the App Store app (`itms-apps://apps.apple.com/app/id<N>`).
  public let appStoreApp: String?
  /// The Play Store page, whose install `referrer` carries the universal link
  /// (`referrer=deep_link%3D<encoded link>`), so the app can restore it after install through
  /// the Install Referrer API; needs `app.android`.
  public let playStore: String?
  /// A Chrome `intent:` link to the custom-scheme link, pinned to the app's package, with the
  /// web link as `S.browser_fallback_url`; needs `app.android`.
  public let androidIntent: String?
  /// The web fallback: the universal link's path and query on `app.web` when the table sets a
  /// web base, otherwise the universal link itself.
  public let web: String

  /// The names of the links, in the order they are printed.
  public enum Key: String, Sendable, Hashable, CaseIterable {
    /// ``LinkSet/scheme``.
    case scheme
    /// ``LinkSet/universal``.
    case universal
    /// ``LinkSet/appStore``.
    case appStore
    /// ``LinkSet/appStoreApp``.
    case appStoreApp
    /// ``LinkSet/playStore``.
    case playStore
    /// ``LinkSet/androidIntent``.
    case androidIntent
    /// ``LinkSet/web``.
    case web
  }

  /// The link of the given name, or `nil` when the table does not configure it.
  public subscript(key: Key) -> String? {
    switch key {
    case .scheme: scheme
    case .universal: universal
    case .appStore: appStore
    case .appStoreApp: appStoreApp
    case .playStore: playStore
    case .androidIntent: androidIntent
    case .web: web
    }
  }
}

/// The two kinds of link the parser reads back into a route.
public enum LinkKind: String, Sendable, Hashable, CaseIterable {
  /// A custom-scheme link, `openlist://…` or `myphotoapp:…`.
  case scheme
  /// A universal link, `https://<one of the app's domains>/…`.
  case universal
}
