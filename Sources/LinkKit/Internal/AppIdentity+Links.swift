extension AppIdentity {
  /// Why the app's link sets have no link of kind `key`, or `nil` when they have one. The
  /// store links need the app's store identifiers in the route table.
  ///
  /// ```swift
  /// table.app.missingLinkReason(.playStore)
  /// // "the route table configures no playStore link: add app.android (package, …)"
  /// ```
  package func missingLinkReason(_ key: LinkSet.Key) -> String? {
    switch key {
    case .scheme, .universal, .web: return nil
    case .appStore, .appStoreApp:
      guard ios?.appStoreID == nil else { return nil }
      return "the route table configures no \(key.rawValue) link: add app.ios.appStoreID"
    case .playStore, .androidIntent:
      guard android == nil else { return nil }
      return "the route table configures no \(key.rawValue) link: add app.android "
        + "(package, sha256CertFingerprints)"
    }
  }
}
