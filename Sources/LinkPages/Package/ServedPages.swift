import Foundation
package import LinkKit

// What `linkgen serve` (LinkServer) needs beyond the public API: pages tailored to the visitor's
// browser, the Open Graph card for link-preview crawlers, the 404 page, and the policy each page
// carries, so that the server can send it as a header as well.

/// How a visitor leaves an in-app browser for the system browser (the in-app browser playbook,
/// docs/serve.md). Each link is built here from the page's own universal link, never from the
/// request.
package enum BrowserEscape: String, Sendable, Hashable, CaseIterable {
  /// Instagram on iOS: `instagram://extbrowser/?url=<link>`.
  case instagram
  /// iOS 17 and later, from any app: `x-safari-https://<host>/<path>` opens Safari.
  case safari
  /// Android: an `intent:` link for the https URL, handled by Chrome, with the link as its
  /// fallback.
  case chrome
  /// KakaoTalk: `kakaotalk://web/openExternal?url=<link>`.
  case kakaoTalk
  /// LINE: the link itself with `openExternalBrowser=1`, which LINE opens outside the app.
  case line

  /// The escape link for a universal link (an `https://` URL linkgen built).
  /// Each case makes only what it uses (an in-app page asks for one per request).
  package func link(for universal: String) -> String {
    switch self {
    case .instagram: return "instagram://extbrowser/?url=" + PercentEncoding.encode(universal)
    case .safari: return "x-safari-https://" + Self.withoutScheme(universal)
    case .chrome:
      return "intent://" + Self.withoutScheme(universal)
        + "#Intent;scheme=https;package=com.android.chrome;"
        + "S.browser_fallback_url=" + PercentEncoding.encode(universal) + ";end"
    case .kakaoTalk: return "kakaotalk://web/openExternal?url=" + PercentEncoding.encode(universal)
    case .line: return universal + (universal.contains("?") ? "&" : "?") + "openExternalBrowser=1"
    }
  }

  /// The link after `https://`.
  private static func withoutScheme(_ universal: String) -> String {
    universal.hasPrefix("https://") ? String(universal.dropFirst(8)) : universal
  }
}

/// The in-app browser a landing page is rendered for: the page names it, offers the escape
/// link when there is one, and shows the link with a "Copy link" button.
package struct InAppBrowserHelp: Sendable, Hashable {
  /// The browser's name as shown to the visitor ("Instagram").
  package var browser: String
  /// How to leave it, when a way is known.
  package var escape: BrowserEscape?
  /// The link the page shows and copies; the universal link when `nil` (a short link, later).
  package var copyLink: String?

  package init(browser: String, escape: BrowserEscape?, copyLink: String? = nil) {
    self.browser = browser
    self.escape = escape
    self.copyLink = copyLink
  }
}

/// A rendered page (UTF-8) and the Content-Security-Policy its `<meta>` carries.
package struct ServedPage: Sendable, Hashable {
  package let bytes: [UInt8]
  package let contentSecurityPolicy: String

  package init(bytes: [UInt8], contentSecurityPolicy: String) {
    self.bytes = bytes
    self.contentSecurityPolicy = contentSecurityPolicy
  }

  package init(html: String, contentSecurityPolicy: String) {
    self.init(bytes: Array(html.utf8), contentSecurityPolicy: contentSecurityPolicy)
  }

  /// The page as text.
  package var html: String { String(decoding: bytes, as: UTF8.self) }
}

/// The scripts linkgen writes into pages: constants, so that a policy can allow each by its
/// hash and nothing else runs.
package enum PageScript {
  /// Reveals the "Copy link" button and copies the link field's text on a tap (the Clipboard
  /// API needs the user's gesture; `execCommand` is the fallback for older web views).
  package static let copyLink =
    #"(function(){var b=document.getElementById("copy"),f=document.getElementById("copy-link");"#
    + #"if(!b||!f)return;b.hidden=false;b.addEventListener("click",function(){f.select();"#
    + #"var d=function(){b.textContent=b.getAttribute("data-copied")};"#
    + #"if(navigator.clipboard&&window.isSecureContext){navigator.clipboard.writeText(f.value)"#
    + #".then(d,function(){if(document.execCommand("copy"))d()})}"#
    + #"else if(document.execCommand("copy")){d()}})})();"#

  /// The policy source that allows ``copyLink``.
  package static let copyLinkSource = ContentSecurityPolicy.source(of: copyLink)

  /// Deferred deep links on iOS (docs/deferred-links.md): when the visitor taps the App Store
  /// button, copies the link in its `data-copy` attribute to the clipboard (the Clipboard API
  /// needs that tap; `execCommand` on a transient field is the fallback for older web views)
  /// and lets the tap go on to the App Store. The copy starts inside the tap, before the
  /// browser navigates; the script never navigates by itself, so without script, or when the
  /// copy fails, the button is an ordinary link to the App Store.
  package static let copyBeforeAppStore =
    #"(function(){var a=document.getElementById("app-store");if(!a)return;"#
    + #"a.addEventListener("click",function(){var l=a.getAttribute("data-copy");if(!l)return;"#
    + #"if(navigator.clipboard&&window.isSecureContext){"#
    + #"navigator.clipboard.writeText(l).catch(function(){})}"#
    + #"else{var t=document.createElement("textarea");t.value=l;t.setAttribute("readonly","");"#
    + #"t.style.position="fixed";t.style.opacity="0";document.body.appendChild(t);t.select();"#
    + #"try{document.execCommand("copy")}catch(e){}document.body.removeChild(t)}})})();"#

  /// The policy source that allows ``copyBeforeAppStore``.
  package static let copyBeforeAppStoreSource = ContentSecurityPolicy.source(
    of: copyBeforeAppStore
  )
}

/// What a served landing page adds for deferred deep links (docs/deferred-links.md).
///
/// - iOS: the App Store button carries the link to restore in `data-copy`, and
///   ``PageScript/copyBeforeAppStore`` copies it on the visitor's tap; the app reads it on its
///   first launch.
/// - Android: the Play Store link already carries the universal link in its install referrer
///   (LinkKit's `playStore` link).
/// - Both: with ping URLs, each store button carries a `ping` attribute, so that the browser
///   reports the tap (hyperlink auditing: a `POST` with the body `PING`) to the link domain,
///   which counts it; the policy then allows `connect-src 'self'`.
package struct DeferredLinkOptions: Sendable, Hashable {
  /// The link the App Store button copies: the short link of a short-link page; the page's
  /// universal link when `nil`.
  package var copyLink: String?
  /// The path (with its query) the browser pings on a tap on the App Store button; it must
  /// start with `/` (same origin) and contain only URL characters.
  package var appStorePing: String?
  /// The same for the Google Play button.
  package var playStorePing: String?

  package init(copyLink: String? = nil, appStorePing: String? = nil, playStorePing: String? = nil) {
    self.copyLink = copyLink
    self.appStorePing = appStorePing
    self.playStorePing = playStorePing
  }

  /// A ping path: same-origin, printable URL characters only, bounded.
  static func isPingPath(_ path: String) -> Bool {
    path.hasPrefix("/") && !path.hasPrefix("//") && path.utf8.count <= 512
      && URLPolicy.allAllowed(path)
  }
}

/// The link's own social card (a Firebase Dynamic Link's `st`, `sd` and `si`): replaces the
/// title, description and image of the Open Graph and X/Twitter tags (`og.*` in the templates),
/// not the page's visible text. Plain values: the title and description are cleaned like
/// display fields, the image must be an `https` URL that passes the page's URL policy, and the
/// renderer escapes each for its attribute. An absent or empty value keeps the page's own.
package struct SocialCard: Sendable, Hashable {
  package var title: String?
  package var description: String?
  /// An `https` image URL; the table's `pages.imageAlt` is dropped with it (it describes
  /// another image).
  package var image: String?

  package init(title: String? = nil, description: String? = nil, image: String? = nil) {
    self.title = title
    self.description = description
    self.image = image
  }

  /// The title, description, image and image alt text of the card tags: the card's where it
  /// has them, else the page's (the alt text only with the page's own image).
  func og(
    title: String,
    description: String,
    image: String?,
    imageAlt: String?,
    policy: URLPolicy
  ) throws(PageError) -> (String, String, String?, String?) {
    let cardTitle = try Self.text(self.title, "title") ?? title
    let cardDescription = try Self.text(self.description, "description") ?? description
    guard let cardImage = self.image, !cardImage.isEmpty else {
      return (cardTitle, cardDescription, image, imageAlt)
    }
    guard case .success(.https) = policy.check(cardImage) else {
      throw PageError(
        .unsafeURL,
        "refusing the card image \(URLPolicy.quoted(cardImage)): not a plain https URL"
      )
    }
    return (cardTitle, cardDescription, cardImage, nil)
  }

  /// A card text, cleaned; `nil` when absent or empty after cleaning.
  private static func text(_ value: String?, _ name: String) throws(PageError) -> String? {
    guard let value else { return nil }
    guard value.count <= PageRenderer.maximumFieldLength else {
      throw PageError(
        .invalidField,
        "the card \(name) is \(value.count) characters long; at most "
          + "\(PageRenderer.maximumFieldLength)"
      )
    }
    let clean = PlainText.clean(value)
    return clean.isEmpty ? nil : clean
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
  /// `card` replaces the Open Graph and X/Twitter title, description and image. `qrDrawing`
  /// draws the QR code straight into the page instead of `qrSVG`.
  ///
  /// The page's variant is compiled once (``PagePlan``, kept by the renderer); each call only
  /// fills in the link's values. `links`, when the caller has them (a short link read from the
  /// store), are `values`' links made with this renderer's table: they are not made again.
  package func servedLandingPage(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    platform: Platform = .any,
    qrSVG: String? = nil,
    inApp: InAppBrowserHelp? = nil,
    deferred: DeferredLinkOptions? = nil,
    desktop: Bool? = nil,
    card: SocialCard? = nil,
    qrDrawing: (any PageDrawing)? = nil,
    links: LinkSet? = nil
  ) throws(PageError) -> ServedPage {
    let resolved = try resolvedLocale(locale)
    let context = try RenderContext(
      table: table,
      values: values,
      locale: resolved,
      fields: fields,
      platform: platform,
      links: links,
      policy: policy
    )
    let hasQR = qrSVG != nil || qrDrawing != nil
    var key = PlanKey(kind: .landing, route: values.routeName, locale: resolved, platform: platform)
    let isDesktop = desktop ?? (platform == .any && hasQR && inApp == nil)
    key.layout = isDesktop ? .desktop : platform == .any ? .any : .phone
    key.hasQR = hasQR
    key.inAppBrowser = inApp?.browser
    key.deferred = deferred != nil
    key.appStorePing = deferred?.appStorePing != nil
    key.playStorePing = deferred?.playStorePing != nil
    var fill = try PageValues(links: context)
    let compiled = try compiledPage(key, route: values.route)
    try fill.prepare(context, compiled, card: card, pages: table.pages)
    fill.json = (values.routeName, resolved, fill.rawParams)
    if let inApp { try fill.inApp(inApp, context: context) }
    if let deferred { try fill.deferred(deferred, context: context, script: deferredScript(key)) }
    if let qrSVG {
      switch InlineSVG.checked(qrSVG) {
      case .success(let svg): fill.qrMarkup = svg
      case .failure(let error): throw error
      }
    }
    fill.qrDrawing = qrDrawing
    let extra = (qrDrawing?.estimatedSize ?? 0) + 3072
    return ServedPage(
      bytes: compiled.page.fill(fill, capacity: extra),
      contentSecurityPolicy: compiled.page.policy
    )
  }

  /// What a link-preview crawler gets, from the `preview-card` template: the head's Open Graph and
  /// X/Twitter tags and the title, description and link as text; no buttons, no script. `card`
  /// replaces the title, description and image of those tags.
  package func previewCard(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    card: SocialCard? = nil,
    links: LinkSet? = nil
  ) throws(PageError) -> ServedPage {
    let resolved = try resolvedLocale(locale)
    let context = try RenderContext(
      table: table,
      values: values,
      locale: resolved,
      fields: fields,
      platform: .any,
      links: links,
      policy: policy
    )
    var fill = try PageValues(links: context)
    let key = PlanKey(kind: .card, route: values.routeName, locale: resolved, platform: .any)
    let compiled = try compiledPage(key, route: values.route)
    try fill.prepare(context, compiled, card: card, pages: table.pages)
    return ServedPage(
      bytes: compiled.page.fill(fill, capacity: 1024),
      contentSecurityPolicy: compiled.page.policy
    )
  }

  /// The page for a link that matches no route, from the `not-found` template. It is the same
  /// for every request: nothing from the request reaches it, so its plan has no holes.
  package func notFoundPage(locale: String = "en") throws(PageError) -> ServedPage {
    let resolved = try resolvedLocale(locale)
    let entries = templates.resolved(locale: resolved, route: "")
    let policy = ContentSecurityPolicy()
    var page: [String: PlanValue] = [:]
    if let color = table.pages?.themeColor { page["themeColor"] = .string(color) }
    page["colors"] = PlanValue(any: PagePalette(themeColor: table.pages?.themeColor).templateValues)
    let context = PlanValue.object([
      "locale": .string(resolved),
      "app": .object(["name": .string(PlainText.clean(table.app.name ?? table.app.scheme))]),
      "page": .object(page),
      "csp": .string(policy.templateValue),
    ])
    var compiler = PlanCompiler(entries: entries, cache: plans)
    try compiler.compile("not-found", context: context, escapes: true)
    compiler.flush()
    let plan = try PagePlan(
      ops: compiler.ops,
      bytes: compiler.bytes,
      policy: policy,
      origin: entries["not-found"]?.origin ?? "not-found"
    )
    return ServedPage(bytes: plan.fill(PageValues()), contentSecurityPolicy: plan.policy)
  }
}
