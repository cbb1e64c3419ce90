import Foundation
import LinkKit

/// What makes a page variant: everything that is the same for every link of it. Per-link
/// values (links, parameters, fields, the card, the copy link, the pings, the QR code) are
/// holes.
struct PlanKey: Hashable, Sendable {
  enum Kind: Hashable, Sendable { case landing, card }
  enum Layout: String, Hashable, Sendable { case desktop, any, phone }

  var kind: Kind
  var route: String
  /// The resolved locale (``PageRenderer/resolvedLocale(_:)``).
  var locale: String
  var platform: Platform
  var layout: Layout = .any
  var hasQR = false
  var inAppBrowser: String?
  var deferred = false
  var appStorePing = false
  var playStorePing = false

  /// The strings by their length and their first and last bytes only: every page made looks
  /// its variant up, and hashing the route's name, the locale and the browser's name byte by
  /// byte was a twentieth of a page's time. Variants whose strings agree in those are told
  /// apart by `==`, which compares the strings whole.
  func hash(into hasher: inout Hasher) {
    hasher.combine(Self.sketch(route))
    hasher.combine(Self.sketch(locale))
    hasher.combine(inAppBrowser.map(Self.sketch) ?? -1)
    // The enumerations by case (their synthesized hashes hash the raw strings) and the four
    // flags, as the bits of one number.
    let platform: Int =
      switch platform {
      case .any: 0
      case .ios: 1
      case .android: 2
      }
    let layout: Int =
      switch layout {
      case .desktop: 0
      case .any: 1
      case .phone: 2
      }
    hasher.combine(
      (kind == .card ? 1 : 0) | platform << 1 | layout << 3 | (hasQR ? 32 : 0)
        | (deferred ? 64 : 0) | (appStorePing ? 128 : 0) | (playStorePing ? 256 : 0)
    )
  }

  /// A string's length, first byte and last byte, as one number.
  private static func sketch(_ text: String) -> Int {
    let bytes = text.utf8
    return bytes.count << 16 | Int(bytes.first ?? 0) << 8 | Int(bytes.last ?? 0)
  }
}

/// A compiled variant: the page's plan and those of its title and description.
struct CompiledPage: Sendable {
  let page: PagePlan
  let title: PagePlan
  let description: PagePlan
  let constantTitle: String?
  let constantDescription: String?
}

/// The plans a renderer compiled, by variant, and the page templates it parsed, by file.
final class PlanCache: @unchecked Sendable {
  private let lock = NSLock()
  private var pages: [PlanKey: CompiledPage] = [:]
  private var templates: [String: PlanTemplate] = [:]

  func page(_ key: PlanKey) -> CompiledPage? { lock.withLock { pages[key] } }
  func store(_ page: CompiledPage, _ key: PlanKey) { lock.withLock { pages[key] = page } }
  var count: Int { lock.withLock { pages.count } }

  /// The template of an entry, parsed once.
  func template(_ entry: TemplateSet.Entry) throws(PageError) -> PlanTemplate {
    if let parsed = lock.withLock({ templates[entry.origin] }) { return parsed }
    let parsed = try PlanTemplate(entry.text, origin: entry.origin)
    lock.withLock { templates[entry.origin] = parsed }
    return parsed
  }
}

extension PageRenderer {
  /// Compiles every page variant `linkgen serve` sends, for each route and locale: the
  /// crawlers' card; the iOS, Android, other-browser and desktop pages; the page for each
  /// in-app browser on iOS, Android and elsewhere; all with the deferred-link values (and the
  /// store pings when `storePings`). A template outside what plans compile fails here, at
  /// start, naming its file and line.
  ///
  /// - Returns: The number of variants.
  package func compileServedPages(inAppBrowsers: [String], storePings: Bool) throws(PageError)
    -> Int
  {
    var keys: [PlanKey] = []
    for route in table.routes {
      for locale in locales {
        keys.append(PlanKey(kind: .card, route: route.name, locale: locale, platform: .any))
        var key = PlanKey(kind: .landing, route: route.name, locale: locale, platform: .any)
        key.deferred = true
        key.appStorePing = storePings
        key.playStorePing = storePings
        for (platform, layout) in [
          (Platform.ios, PlanKey.Layout.phone), (.android, .phone), (.any, .any),
        ] {
          key.platform = platform
          key.layout = layout
          for browser in [nil] + inAppBrowsers {
            key.inAppBrowser = browser
            keys.append(key)
          }
        }
        key.platform = .any
        key.layout = .desktop
        key.hasQR = true
        key.inAppBrowser = nil
        keys.append(key)
      }
    }
    for key in keys {
      guard let route = table.route(named: key.route) else { continue }
      _ = try compiledPage(key, route: route)
    }
    return keys.count
  }

  /// The compiled variant, from the cache or compiled now.
  func compiledPage(_ key: PlanKey, route: Route) throws(PageError) -> CompiledPage {
    if let hit = plans.page(key) { return hit }
    let entries = templates.resolved(locale: key.locale, route: route.name)
    let text = try planContext(key, route: route, html: false)
    let title = try textPlan("title", entries, text)
    let description = try textPlan("description", entries, text)
    var policy = ContentSecurityPolicy()
    if key.inAppBrowser != nil { policy.scriptSources.append(PageScript.copyLinkSource) }
    if deferredScript(key) { policy.scriptSources.append(PageScript.copyBeforeAppStoreSource) }
    policy.connectSelf = key.appStorePing || key.playStorePing
    let name = key.kind == .card ? "preview-card" : "page"
    var compiler = PlanCompiler(entries: entries, cache: plans)
    try compiler.compile(
      name,
      context: try planContext(key, route: route, html: true, policy: policy),
      escapes: true
    )
    compiler.flush()
    let page = try PagePlan(
      ops: compiler.ops,
      bytes: compiler.bytes,
      policy: policy,
      origin: entries[name]?.origin ?? name
    )
    let compiled = CompiledPage(
      page: page,
      title: title,
      description: description,
      constantTitle: title.constant.map(PlainText.clean),
      constantDescription: description.constant.map(PlainText.clean)
    )
    plans.store(compiled, key)
    return compiled
  }

  private func textPlan(
    _ name: String,
    _ entries: [String: TemplateSet.Entry],
    _ context: PlanValue
  ) throws(PageError) -> PagePlan {
    var compiler = PlanCompiler(entries: entries, cache: plans)
    try compiler.compile(name, context: context, escapes: false)
    compiler.flush()
    return PagePlan(text: compiler.ops, bytes: compiler.bytes)
  }

  /// Whether the page carries the App Store button's copy script (docs/deferred-links.md).
  func deferredScript(_ key: PlanKey) -> Bool {
    key.kind == .landing && key.deferred && key.platform != .android
      && appStoreID != nil
  }

  /// The values a variant's templates see: those known now, and holes for the rest.
  func planContext(
    _ key: PlanKey,
    route: Route,
    html: Bool,
    policy: ContentSecurityPolicy? = nil
  ) throws(PageError) -> PlanValue {
    let known = try RenderContext.routeValues(
      table: table,
      route: route,
      locale: key.locale,
      platform: key.platform
    )
    guard case .object(var members) = PlanValue(any: known) else { return .object([:]) }
    members["params"] = .object(
      Dictionary(
        route.parameters.enumerated().map { ($1.name, PlanValue.hole(.param($0))) },
        uniquingKeysWith: { first, _ in first }
      )
    )
    members["fields"] = .fields
    members["links"] = .object(
      Dictionary(uniqueKeysWithValues: PlanLink.allCases.map { ($0.name, .hole(.link($0))) })
    )
    if let id = table.app.ios?.appStoreID, !id.isEmpty, id.allSatisfy({ $0.isASCII && $0.isNumber })
    {
      members["smartBanner"] = .object(["content": .hole(.smartBanner)])
    }
    guard html else { return .object(members) }
    members["title"] = .hole(.title)
    members["description"] = .hole(.description)
    members["og"] = .object([
      "title": .hole(.ogTitle), "description": .hole(.ogDescription), "image": .hole(.ogImage),
      "imageAlt": .hole(.ogImageAlt),
    ])
    if let policy { members["csp"] = .string(policy.templateValue) }
    guard key.kind == .landing else { return .object(members) }
    members["layout"] = .object([key.layout.rawValue: .flag(true)])
    members["json"] = .object(["data": .hole(.json)])
    if key.hasQR { members["qr"] = .object(["svg": .hole(.qr)]) }
    if let browser = key.inAppBrowser {
      members["inApp"] = .object([
        "browser": .string(PlainText.clean(browser)), "copyLink": .hole(.inAppCopyLink),
        "script": .string(PageScript.copyLink), "escape": .hole(.inAppEscape),
      ])
    }
    if key.deferred {
      var deferred: [String: PlanValue] = [
        "appStorePing": .hole(.appStorePing), "playStorePing": .hole(.playStorePing),
      ]
      if deferredScript(key) {
        deferred["copyLink"] = .hole(.deferredCopyLink)
        deferred["script"] = .string(PageScript.copyBeforeAppStore)
      }
      members["deferred"] = .object(deferred)
    }
    return .object(members)
  }
}

extension PlanValue {
  /// A value of a `[String: Any]` context: strings, flags and objects of them.
  init?(any value: Any) {
    switch value {
    case let text as String: self = .string(text)
    case let flag as Bool: self = .flag(flag)
    case let object as [String: Any]:
      self = .object(object.compactMapValues { PlanValue(any: $0) })
    default: return nil
    }
  }
}
