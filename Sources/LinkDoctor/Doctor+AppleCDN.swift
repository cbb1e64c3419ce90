import Foundation
import LinkAssociation
import LinkKit

extension Doctor {
  /// `apple-cdn`: what Apple's CDN serves for the domain (what devices really get), compared
  /// with what the origin serves.
  mutating func checkAppleCDN() {
    guard table.app.ios != nil else { return }
    let url = options.appleCDNURL + domain
    let response: HTTPResponse
    switch client.get(url, userAgent: UserAgent.doctor.value, maxBytes: AASAFile.maximumSize + 1) {
    case .success(let fetched):
      response = fetched
    case .failure(let failure):
      add(
        "apple-cdn",
        .warn,
        "cannot reach Apple's CDN at \(url): \(failure.message)",
        fix: "run the doctor from a network that reaches \(options.appleCDNURL)"
      )
      return
    }
    guard response.status == 200 else {
      add(
        "apple-cdn",
        .fail,
        "Apple's CDN has no file for \(domain) (\(url) answers \(response.status)): devices "
          + "get nothing, and universal links do not open the app",
        fix: "make the aasa checks pass, then wait: the CDN fetches the file within about a "
          + "day. Nothing may stop Apple's fetcher (AASA-Bot, from 17.0.0.0/8): no bot "
          + "challenge, firewall or geo block. On development devices, "
          + "applinks:\(domain)?mode=developer fetches from the origin directly"
      )
      return
    }
    compare(cdn: response.body, url: url)
  }

  private mutating func compare(cdn: [UInt8], url: String) {
    guard let origin = originAASA else {
      add(
        "apple-cdn",
        .fail,
        "Apple's CDN serves a file for \(domain) (\(cdn.count) bytes), but the origin serves "
          + "none Apple could fetch now",
        fix: "fix the aasa checks: when the CDN next refetches, devices lose the file"
      )
      return
    }
    if cdn == origin || Self.sameJSON(cdn, origin) {
      add("apple-cdn", .pass, "Apple's CDN serves the same file as the origin")
      return
    }
    add(
      "apple-cdn",
      .fail,
      "Apple's CDN serves another file than the origin (\(cdn.count) bytes there, "
        + "\(origin.count) here): devices still get the old one",
      fix: "wait: the CDN refetches within about a day (devices then within a week), if "
        + "nothing blocks Apple's fetcher (AASA-Bot, 17.0.0.0/8). To test now, install a "
        + "development build with applinks:\(domain)?mode=developer, which reads the origin. "
        + "See \(url)"
    )
  }

  /// Whether two documents are the same JSON value (Apple's CDN may re-serialise the file).
  static func sameJSON(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard let one = try? JSONSerialization.jsonObject(with: Data(first)) as? NSDictionary,
      let other = try? JSONSerialization.jsonObject(with: Data(second)) as? NSDictionary
    else { return false }
    return one.isEqual(other)
  }
}
