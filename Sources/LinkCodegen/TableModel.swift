import LinkKit

/// One model of a route table for every code writer: the routes and their parameters as the
/// parsers and builders of every language see them, the links every value set gets, and the
/// rules every parser enforces (``LinkRules``). The Swift and the Kotlin writers each add only
/// their own names (``SwiftPlan``, ``KotlinPlan``); what a link means is decided here, once.
struct TableModel {
  /// A parameter as the parsers read it.
  struct ParameterModel {
    let parameter: Parameter
    /// Its position in the route's parameters (and in the parsers' value slots).
    let index: Int
    /// Whether it fills a path segment in either template: its values then cannot contain `/`
    /// or be `.` or `..`.
    let isInPath: Bool
    /// An optional parameter without a default (a nullable value).
    var isOptional: Bool { parameter.isOptional && parameter.defaultValue == nil }
  }

  /// A route, its parameters and its two templates.
  struct RouteModel {
    let route: Route
    let parameters: [ParameterModel]
    var name: String { route.name }
    var scheme: LinkPattern { route.schemePattern }
    var universal: LinkPattern { route.universalPattern }
  }

  /// The parts of every link that depend only on the app, as LinkKit renders them.
  struct AppLinks {
    /// The custom scheme, lower case.
    let scheme: String
    /// `https://<canonical domain>`.
    let universalPrefix: String
    /// Every universal-link domain, lower case; the first is canonical.
    let domains: [String]
    /// The web fallback base, when the table sets one.
    let webBase: String?
    /// `https://apps.apple.com/app/id<N>`, when the table has an App Store ID.
    let appStore: String?
    /// `itms-apps://apps.apple.com/app/id<N>`.
    let appStoreApp: String?
    /// `https://play.google.com/store/apps/details?id=<package>&referrer=deep_link%3D`, to which
    /// the universal link is appended encoded twice; `nil` without `app.android`.
    let playStorePrefix: String?
    /// `#Intent;scheme=<scheme>;package=<package>;S.browser_fallback_url=`, between the scheme
    /// link's data and the encoded web link of an `intent:` link; `nil` without `app.android`.
    let intentMiddle: String?
    /// The name of the install referrer's item that carries the deep link.
    static let referrerItem = "deep_link"

    init(_ app: AppIdentity) {
      let package = app.android?.package
      scheme = app.scheme
      universalPrefix = "https://" + app.canonicalDomain
      domains = app.domains.map { $0.lowercased() }
      webBase = app.webBase
      appStore = app.ios?.appStoreID.map { "https://apps.apple.com/app/id" + $0 }
      appStoreApp = app.ios?.appStoreID.map { "itms-apps://apps.apple.com/app/id" + $0 }
      playStorePrefix = package.map {
        "https://play.google.com/store/apps/details?id=\($0)&referrer=\(Self.referrerItem)%3D"
      }
      intentMiddle = package.map {
        "#Intent;scheme=\(app.scheme);package=\($0);S.browser_fallback_url="
      }
    }
  }

  let table: RouteTable
  let routes: [RouteModel]
  let app: AppLinks

  init(table: RouteTable) {
    self.table = table
    routes = table.routes.map(Self.route)
    app = AppLinks(table.app)
  }

  private static func route(_ route: Route) -> RouteModel {
    var inPath = Set<Int>()
    for case .parameter(let index) in route.schemePattern.path + route.universalPattern.path {
      inPath.insert(index)
    }
    let parameters = route.parameters.enumerated().map { index, parameter in
      ParameterModel(parameter: parameter, index: index, isInPath: inPath.contains(index))
    }
    return RouteModel(route: route, parameters: parameters)
  }

  /// Whether any parameter is a UUID.
  var usesUUID: Bool {
    routes.contains { route in route.parameters.contains { $0.parameter.type == .uuid } }
  }
}

/// The rules LinkKit's parser enforces on every link, whatever the route, as data the code
/// writers emit into parsers of other languages. `LinkRulesTests` holds them to LinkKit's
/// behaviour, byte class by byte class and interval by interval.
enum LinkRules {
  /// The most UTF-8 bytes a link may have.
  static let maximumLength = RouteTable.maximumURLLength
  /// The most path segments a link may have.
  static let maximumPathSegments = RouteTable.maximumPathSegments
  /// The most query items a link may have.
  static let maximumQueryItems = RouteTable.maximumQueryItems

  /// The class of each byte value, one digit per byte: `0` a byte links carry raw, `1` a
  /// structural byte (`:` `?` `#` `%`), `2` a byte links never carry raw (controls, space,
  /// `"<>\^`{|}` and DEL), `3` a byte of non-ASCII UTF-8.
  static let byteClasses: String =
    "22222222222222222222222222222222" + "20210100000000000000000000102021"
    + "00000000000000000000000000002020" + "20000000000000000000000000022202"
    + String(repeating: "3", count: 128)

  /// The scalars no link may carry, raw or percent-encoded: C0 and C1 controls and DEL, bidi
  /// formatting characters, invisible separators, byte-order marks and non-characters.
  static let forbiddenScalars: [ClosedRange<UInt32>] = [
    0x0000...0x001F, 0x007F...0x009F, 0x061C...0x061C, 0x200B...0x200B, 0x200E...0x200F,
    0x2028...0x2029, 0x202A...0x202E, 0x2060...0x2060, 0x2066...0x2069, 0xFEFF...0xFEFF,
    0xFFF9...0xFFFB, 0xFFFE...0xFFFF,
  ]

  /// The bytes percent-encoding leaves as they are (RFC 3986's unreserved characters); every
  /// other byte becomes `%XX` with upper-case hex.
  static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
}
