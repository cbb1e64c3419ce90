/// A query parameter Firebase Dynamic Links documented for a long link, and what linkgen does
/// with it.
public enum FirebaseParameter: String, Sendable, Hashable, CaseIterable {
  /// The deep link: must be a universal link of the route table.
  case link
  /// Android package name: must be the table's `app.android.package`.
  case apn
  /// Android fallback link: never followed, reported as ignored.
  case afl
  /// Android minimum version code: kept as information, not enforced.
  case amv
  /// iOS bundle ID: must be the table's `app.ios.bundleID`.
  case ibi
  /// iOS fallback link: never followed, reported as ignored.
  case ifl
  /// iOS custom URL scheme: must be the table's `app.scheme`.
  case ius
  /// iPad fallback link: never followed, reported as ignored.
  case ipfl
  /// iPad bundle ID: must be the table's `app.ios.bundleID`.
  case ipbi
  /// App Store ID: must be the table's `app.ios.appStoreID`.
  case isi
  /// iOS minimum app version: kept as information, not enforced.
  case imv
  /// Skip FDL's app preview page: has no meaning on a landing page, reported as ignored.
  case efr
  /// Link for other platforms: never followed, reported as ignored.
  case ofl
  /// Social title: the Open Graph title, under the card rule.
  case st
  /// Social description: the Open Graph description, under the card rule.
  case sd
  /// Social image: the Open Graph image, only if https on an allowed host.
  case si
  /// Campaign source: the referrer label of the click.
  case utmSource = "utm_source"
  /// Campaign medium.
  case utmMedium = "utm_medium"
  /// Campaign name.
  case utmCampaign = "utm_campaign"
  /// Campaign term.
  case utmTerm = "utm_term"
  /// Campaign content.
  case utmContent = "utm_content"
  /// App Store affiliate token.
  case at
  /// App Store campaign token.
  case ct
  /// App Store media type.
  case mt
  /// App Store provider token.
  case pt
  /// Debug flowchart: has no meaning on a landing page, reported as ignored.
  case d

  /// The fallback links, which linkgen never follows.
  public static let fallbacks: Set<FirebaseParameter> = [.afl, .ifl, .ipfl, .ofl]

  /// The campaign and App Store analytics parameters.
  public static let analytics: [FirebaseParameter] = [
    .utmSource, .utmMedium, .utmCampaign, .utmTerm, .utmContent, .at, .ct, .mt, .pt,
  ]
}
