import Foundation
import LinkKit

@testable import LinkPages

// The per-request renderer that served pages used before page plans (PagePlan), kept here as
// the differential test's oracle: swift-mustache over dictionary contexts, then the policy's
// hashes found in the rendered HTML. It renders any input, so the test can compare thousands
// of links and hostile values that frozen pages could not cover. Test-only: the library no
// longer has this path.

enum Oracle {
  /// The text context plus `og`: the card tags' title, description and image.
  static func htmlContext(_ job: Job, card: SocialCard?) throws(PageError) -> [String: Any] {
    var values = try job.textContext()
    let page = values["page"] as? [String: Any] ?? [:]
    let (title, description, image, alt) = try (card ?? SocialCard()).og(
      title: values["title"] as? String ?? "",
      description: values["description"] as? String ?? "",
      image: page["image"] as? String,
      imageAlt: page["imageAlt"] as? String,
      policy: job.context.policy
    )
    var og: [String: Any] = ["title": title, "description": description]
    if let image { og["image"] = image }
    if let alt { og["imageAlt"] = alt }
    values["og"] = og
    return values
  }

  /// The page with the policy placeholder replaced by the hashes of its style elements.
  static func finished(_ policy: ContentSecurityPolicy, _ html: String, template: String)
    throws(PageError) -> (html: String, policy: String)
  {
    guard html.contains(policy.placeholder),
      html.range(of: "http-equiv=\"Content-Security-Policy\"", options: .caseInsensitive) != nil
    else {
      throw PageError(
        .missingContentSecurityPolicy,
        "the landing page from \(template) has no Content-Security-Policy meta"
      )
    }
    let sources = ContentSecurityPolicy.styleSources(in: html)
    let value = sources.isEmpty ? "'none'" : sources.joined(separator: " ")
    return (
      html.replacingOccurrences(of: policy.placeholder, with: HTML.escape(value)),
      policy.templateValue.replacingOccurrences(of: policy.placeholder, with: value)
    )
  }

  /// The JSON data block of a landing page: route, links, parameters and display fields.
  static func jsonData(_ context: RenderContext, links: [String: Any]) -> String {
    let order = [
      "universal", "scheme", "web", "appStore", "playStore", "androidIntent", "androidStoreIntent",
      "open",
    ]
    let linkMembers = order.compactMap { key in
      (links[key] as? String).map { (key, JSONValue.string($0)) }
    }
    let params = context.values.all.compactMap { item in
      item.value.map { (item.parameter.name, JSONValue.string($0.description)) }
    }
    let fieldMembers = context.fields.sorted { $0.key < $1.key }.map {
      ($0.key, JSONValue.string($0.value))
    }
    return JSONValue.object([
      ("route", .string(context.values.routeName)),
      ("locale", .string(context.locale)),
      ("links", .object(linkMembers)),
      ("params", .object(params)),
      ("fields", .object(fieldMembers)),
    ]).rendered(htmlSafe: true)
  }
}

extension PageRenderer {
  /// The landing page (see ``landingPage(for:locale:fields:platform:qrSVG:)``), for an in-app
  /// browser when `inApp` is given, with its policy.
  ///
  /// `desktop` picks the computer's layout (the code first, the stores next, the custom-scheme
  /// link last, no `intent:` link). When `nil`, as `linkgen serve` calls it, a page for
  /// ``Platform/any`` with a QR code and outside an in-app browser is a computer's page: that is
  /// the page the server renders for a desktop browser (a phone's page never carries the code).
  /// `card` replaces the Open Graph and X/Twitter title, description and image.
  func oracleLandingPage(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    platform: Platform = .any,
    qrSVG: String? = nil,
    inApp: InAppBrowserHelp? = nil,
    deferred: DeferredLinkOptions? = nil,
    desktop: Bool? = nil,
    card: SocialCard? = nil
  ) throws(PageError) -> ServedPage {
    let job = try Job(self, values: values, locale: locale, fields: fields, platform: platform)
    var context = try Oracle.htmlContext(job, card: card)
    var policy = ContentSecurityPolicy()
    if let inApp {
      context["inApp"] = try Self.oracleInAppValues(inApp, job: job, links: context["links"])
      policy.scriptSources.append(PageScript.copyLinkSource)
    }
    if let deferred {
      context["deferred"] = try Self.oracleDeferredValues(deferred, job: job, policy: &policy)
    }
    let isDesktop = desktop ?? (platform == .any && qrSVG != nil && inApp == nil)
    context["layout"] = [isDesktop ? "desktop" : platform == .any ? "any" : "phone": true]
    context["csp"] = policy.templateValue
    context["json"] = [
      "data": Oracle.jsonData(job.context, links: context["links"] as? [String: Any] ?? [:])
    ]
    if let qrSVG {
      switch InlineSVG.checked(qrSVG) {
      case .success(let svg): context["qr"] = ["svg": svg]
      case .failure(let error): throw error
      }
    }
    let (html, origin) = try job.renderWithOrigin("page", context)
    let (page, value) = try Oracle.finished(policy, Self.tidy(html), template: origin)
    return ServedPage(html: page, contentSecurityPolicy: value)
  }

  /// The `inApp` values of a landing page: the browser's name, the link to copy, the escape
  /// link built from the page's universal link, and the copy script.
  private static func oracleInAppValues(_ inApp: InAppBrowserHelp, job: Job, links: Any?)
    throws(PageError) -> [String: Any]
  {
    let links = links as? [String: Any] ?? [:]
    let universal = links["universal"] as? String ?? job.context.links.universal
    var help: [String: Any] = [
      "browser": PlainText.clean(inApp.browser),
      "copyLink": inApp.copyLink ?? universal,
      "script": PageScript.copyLink,
    ]
    if let escape = inApp.escape {
      let link = escape.link(for: universal)
      guard link.unicodeScalars.allSatisfy(URLPolicy.allowed) else {
        throw PageError(.unsafeURL, "refusing the escape link \(URLPolicy.quoted(link))")
      }
      help["escape"] = link
    }
    if let copy = inApp.copyLink, case .failure(let error) = job.context.policy.check(copy) {
      throw error
    }
    return help
  }

  /// The `deferred` values of a landing page, and the policy that lets them work: the copy
  /// script where the page shows the App Store button, the ping paths of the store buttons.
  private static func oracleDeferredValues(
    _ options: DeferredLinkOptions,
    job: Job,
    policy: inout ContentSecurityPolicy
  ) throws(PageError) -> [String: Any] {
    var values: [String: Any] = [:]
    let links = job.context.links
    if job.context.platform != .android, links.appStore != nil {
      let copy = options.copyLink ?? links.universal
      if case .failure(let error) = job.context.policy.check(copy) { throw error }
      values["copyLink"] = copy
      values["script"] = PageScript.copyBeforeAppStore
      policy.scriptSources.append(PageScript.copyBeforeAppStoreSource)
    }
    for (name, ping) in [
      ("appStorePing", options.appStorePing), ("playStorePing", options.playStorePing),
    ] {
      guard let ping else { continue }
      guard DeferredLinkOptions.isPingPath(ping) else {
        throw PageError(.unsafeURL, "refusing the store ping \(URLPolicy.quoted(ping))")
      }
      values[name] = ping
      policy.connectSelf = true
    }
    return values
  }

  /// What a link-preview crawler gets, from the `preview-card` template: the head's Open Graph and
  /// X/Twitter tags and the title, description and link as text; no buttons, no script. `card`
  /// replaces the title, description and image of those tags.
  func oraclePreviewCard(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    card: SocialCard? = nil
  ) throws(PageError) -> ServedPage {
    let job = try Job(self, values: values, locale: locale, fields: fields, platform: .any)
    var context = try Oracle.htmlContext(job, card: card)
    let policy = ContentSecurityPolicy()
    context["csp"] = policy.templateValue
    let (html, origin) = try job.renderWithOrigin("preview-card", context)
    let (page, value) = try Oracle.finished(policy, Self.tidy(html), template: origin)
    return ServedPage(html: page, contentSecurityPolicy: value)
  }

  /// The page for a link that matches no route, from the `not-found` template. It is the same
  /// for every request: nothing from the request reaches it.
  func oracleNotFoundPage(locale: String = "en") throws(PageError) -> ServedPage {
    let resolved = try resolvedLocale(locale)
    let entries = templates.resolved(locale: resolved, route: "")
    let policy = ContentSecurityPolicy()
    var page: [String: Any] = [:]
    if let color = table.pages?.themeColor { page["themeColor"] = color }
    page["colors"] = PagePalette(themeColor: table.pages?.themeColor).templateValues
    let context: [String: Any] = [
      "locale": resolved,
      "app": ["name": PlainText.clean(table.app.name ?? table.app.scheme)],
      "page": page,
      "csp": policy.templateValue,
    ]
    let (html, origin) = try TemplateSet.render("not-found", context: context, entries: entries)
    let (text, value) = try Oracle.finished(policy, Self.tidy(html), template: origin)
    return ServedPage(html: text, contentSecurityPolicy: value)
  }
}
