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
  package func link(for universal: String) -> String {
    let encoded = PercentEncoding.encode(universal)
    let rest = universal.hasPrefix("https://") ? String(universal.dropFirst(8)) : universal
    switch self {
    case .instagram: return "instagram://extbrowser/?url=" + encoded
    case .safari: return "x-safari-https://" + rest
    case .chrome:
      return "intent://" + rest + "#Intent;scheme=https;package=com.android.chrome;"
        + "S.browser_fallback_url=" + encoded + ";end"
    case .kakaoTalk: return "kakaotalk://web/openExternal?url=" + encoded
    case .line: return universal + (universal.contains("?") ? "&" : "?") + "openExternalBrowser=1"
    }
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

/// A rendered page and the Content-Security-Policy its `<meta>` carries.
package struct ServedPage: Sendable, Hashable {
  package let html: String
  package let contentSecurityPolicy: String
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
      && path.unicodeScalars.allSatisfy(URLPolicy.allowed)
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

  /// The `og` values of a page: the card's where it has them, else the page's title,
  /// description, image and its alt text.
  func ogValues(title: String, description: String, page: [String: Any], policy: URLPolicy)
    throws(PageError) -> [String: Any]
  {
    var og: [String: Any] = [
      "title": try Self.text(self.title, "title") ?? title,
      "description": try Self.text(self.description, "description") ?? description,
    ]
    if let image, !image.isEmpty {
      guard case .success(.https) = policy.check(image) else {
        throw PageError(
          .unsafeURL,
          "refusing the card image \(URLPolicy.quoted(image)): not a plain https URL"
        )
      }
      og["image"] = image
    } else if let image = page["image"] {
      og["image"] = image
      if let alt = page["imageAlt"] { og["imageAlt"] = alt }
    }
    return og
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
  /// `card` replaces the Open Graph and X/Twitter title, description and image.
  package func servedLandingPage(
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
    var context = try job.htmlContext(card: card)
    var policy = ContentSecurityPolicy()
    if let inApp {
      context["inApp"] = try Self.inAppValues(inApp, job: job, links: context["links"])
      policy.scriptSources.append(PageScript.copyLinkSource)
    }
    if let deferred {
      context["deferred"] = try Self.deferredValues(deferred, job: job, policy: &policy)
    }
    let isDesktop = desktop ?? (platform == .any && qrSVG != nil && inApp == nil)
    context["layout"] = [isDesktop ? "desktop" : platform == .any ? "any" : "phone": true]
    context["csp"] = policy.templateValue
    context["json"] = [
      "data": job.context.jsonData(links: context["links"] as? [String: Any] ?? [:])
    ]
    if let qrSVG {
      switch InlineSVG.checked(qrSVG) {
      case .success(let svg): context["qr"] = ["svg": svg]
      case .failure(let error): throw error
      }
    }
    let (html, origin) = try job.renderWithOrigin("page", context)
    let (page, value) = try policy.finished(Self.tidy(html), template: origin)
    return ServedPage(html: page, contentSecurityPolicy: value)
  }

  /// The `inApp` values of a landing page: the browser's name, the link to copy, the escape
  /// link built from the page's universal link, and the copy script.
  private static func inAppValues(_ inApp: InAppBrowserHelp, job: Job, links: Any?)
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
  private static func deferredValues(
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
  package func previewCard(
    for values: RouteValues,
    locale: String = "en",
    fields: [String: String] = [:],
    card: SocialCard? = nil
  ) throws(PageError) -> ServedPage {
    let job = try Job(self, values: values, locale: locale, fields: fields, platform: .any)
    var context = try job.htmlContext(card: card)
    let policy = ContentSecurityPolicy()
    context["csp"] = policy.templateValue
    let (html, origin) = try job.renderWithOrigin("preview-card", context)
    let (page, value) = try policy.finished(Self.tidy(html), template: origin)
    return ServedPage(html: page, contentSecurityPolicy: value)
  }

  /// The page for a link that matches no route, from the `not-found` template. It is the same
  /// for every request: nothing from the request reaches it.
  package func notFoundPage(locale: String = "en") throws(PageError) -> ServedPage {
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
    let (text, value) = try policy.finished(Self.tidy(html), template: origin)
    return ServedPage(html: text, contentSecurityPolicy: value)
  }
}
