import Foundation
import LinkKit
import Testing

/// The route table's optional `association` object.
struct AssociationSettingsTests {
  private static let app = #"""
    "app": {"scheme": "openlist", "domains": ["openlist.example.com"],
            "ios": {"teamID": "ABCDE12345", "bundleID": "com.example.openlist"}},
    "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/"}]
    """#

  private func load(_ association: String?, app: String = AssociationSettingsTests.app)
    throws(RouteTableError)
    -> RouteTable
  {
    let extra = association.map { ", \"association\": \($0)" } ?? ""
    return try RouteTable(json: Data("{\(app)\(extra)}".utf8), source: "t.json")
  }

  private func problems(_ association: String, app: String = AssociationSettingsTests.app)
    -> [String]
  {
    do {
      _ = try load(association, app: app)
      return []
    } catch {
      return error.problems.map(\.description)
    }
  }

  @Test func absentMeansNone() throws {
    #expect(try load(nil).association == .none)
    #expect(try load("{}").association == .none)
  }

  @Test func readsEveryKey() throws {
    let table = try load(
      #"{"excludes": ["/account/*", "/oauth/callback", "/a%20b/?"], "excludeFragments": ["no_universal_links"], "webCredentials": true, "appClipBundleID": "com.example.openlist.Clip"}"#
    )
    #expect(
      table.association
        == AssociationSettings(
          excludes: ["/account/*", "/oauth/callback", "/a%20b/?"],
          excludeFragments: ["no_universal_links"],
          webCredentials: true,
          appClipBundleID: "com.example.openlist.Clip"
        )
    )
  }

  @Test(arguments: [
    (#"{"excludes": ["account/*"]}"#, "association.excludes[0]: 'account/*' is not a path pattern"),
    (#"{"excludes": ["/a b"]}"#, "association.excludes[0]: '/a b' has U+0020"),
    (#"{"excludes": ["/café"]}"#, "association.excludes[0]: '/café' has U+00E9"),
    (##"{"excludes": ["/x#y"]}"##, "association.excludes[0]: '/x#y' has '#'"),
    (#"{"excludes": ["/*"]}"#, "association.excludes[0]: '/*' excludes every path"),
    (#"{"excludes": ["/?*/"]}"#, "association.excludes[0]: '/?*/' excludes every path"),
    (
      #"{"excludes": ["/x%2"]}"#,
      "association.excludes[0]: '/x%2' has a '%' that is not followed by two hex digits"
    ),
    (
      #"{"excludes": ["/$(lang)/x"]}"#,
      "association.excludes[0]: '/$(lang)/x' uses a substitution variable"
    ),
    (#"{"excludes": ["/a", "/a"]}"#, "association.excludes[1]: '/a' is listed twice"),
    (
      ##"{"excludeFragments": ["#top"]}"##,
      "association.excludeFragments[0]: write the fragment without its '#'"
    ),
    (#"{"excludeFragments": ["*"]}"#, "association.excludeFragments[0]: '*' matches every link"),
    (
      #"{"appClipBundleID": "com.other.Clip"}"#,
      "association.appClipBundleID: 'com.other.Clip' is not a child"
    ),
    (
      #"{"appClipBundleID": "com.example.openlist."}"#,
      "association.appClipBundleID: 'com.example.openlist.' is not a bundle ID"
    ),
    (
      #"{"webcredentials": true}"#,
      "association.webcredentials: unknown key 'webcredentials'; did you mean 'webCredentials'?"
    ),
    (#"{"excludes": "/a"}"#, "association.excludes: expected an array"),
  ])
  func invalidSettingsNameTheField(_ association: String, _ message: String) {
    let found = problems(association)
    #expect(found.contains { $0.hasPrefix(message) }, "\(found)")
  }

  @Test func anAppClipNeedsTheIOSApp() {
    let app = #"""
      "app": {"scheme": "openlist", "domains": ["openlist.example.com"]},
      "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/"}]
      """#
    let found = problems(#"{"appClipBundleID": "com.example.openlist.Clip"}"#, app: app)
    #expect(
      found == [
        "association.appClipBundleID: an App Clip belongs to the iOS app; add app.ios with its teamID and bundleID"
      ]
    )
  }

  @Test func problemsAreReportedWithTheOthers() {
    let app = #"""
      "app": {"scheme": "http", "domains": ["openlist.example.com"]},
      "routes": [{"name": "home", "scheme": "http://home", "universal": "/"}]
      """#
    let found = problems(#"{"excludes": ["nope"]}"#, app: app)
    #expect(found.contains { $0.hasPrefix("app.scheme") })
    #expect(found.contains { $0.hasPrefix("association.excludes[0]") })
  }
}
