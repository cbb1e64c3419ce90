/// The parts of every link that depend only on the app, rendered once per table.
struct LinkPrefixes: Sendable {
  /// `https://<canonical domain>`.
  let universal: [UInt8]
  /// The web fallback base, when the table sets one.
  let web: [UInt8]?
  /// `https://apps.apple.com/app/id<N>`, when the table has an App Store ID.
  let appStore: String?
  /// `itms-apps://apps.apple.com/app/id<N>`.
  let appStoreApp: String?
  /// `https://play.google.com/store/apps/details?id=<package>&referrer=deep_link%3D`.
  let playStore: [UInt8]?
  /// `#Intent;scheme=<scheme>;package=<package>;S.browser_fallback_url=`.
  let intentMiddle: [UInt8]?
  /// The length of the app's scheme, which an intent link replaces with `intent`.
  let schemeLength: Int
  /// `universal`, encoded twice: the start of the Play Store referrer's link.
  let universalEncodedTwice: [UInt8]
  /// The web prefix (`web`, or `universal` without one), encoded: the start of an intent's
  /// fallback.
  let webEncoded: [UInt8]

  init(app: AppIdentity) {
    universal = Array(("https://" + app.canonicalDomain).utf8)
    web = app.webBase.map { Array($0.utf8) }
    if let id = app.ios?.appStoreID {
      appStore = "https://apps.apple.com/app/id" + id
      appStoreApp = "itms-apps://apps.apple.com/app/id" + id
    } else {
      appStore = nil
      appStoreApp = nil
    }
    if let package = app.android?.package {
      playStore = Array(
        "https://play.google.com/store/apps/details?id=\(package)&referrer=deep_link%3D".utf8
      )
      intentMiddle = Array(
        "#Intent;scheme=\(app.scheme);package=\(package);S.browser_fallback_url=".utf8
      )
    } else {
      playStore = nil
      intentMiddle = nil
    }
    schemeLength = app.scheme.utf8.count
    universalEncodedTwice = PercentEncoding.encoded(universal, times: 2)
    webEncoded = PercentEncoding.encoded(web ?? universal)
  }
}
