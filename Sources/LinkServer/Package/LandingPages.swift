import CoreMetrics
package import Hummingbird
package import LinkKit
package import LinkPages
import LinkQR
import NIOConcurrencyHelpers

/// Landing pages as the server sends them: the page for a link chosen by the client (the card
/// for crawlers, the iOS, Android or desktop page, the in-app browser page of the playbook) and
/// the locale (`Accept-Language`), rendered once per variant and kept in a bounded cache with
/// its headers. Short links (a later part of linkgen) answer with the same pages through
/// ``response(to:values:client:copyLink:)``.
package final class LandingPages: Sendable {
  struct Key: Hashable, Sendable {
    let link: String
    let page: ClientClassification.Page
    let locale: Int
    let copyLink: String?
    /// The short link's code, for the store buttons' pings.
    var shortCode: String? = nil
    /// The link's own social card (a Firebase long link's `st`, `sd`, `si`).
    var card: SocialCard? = nil
  }

  let renderer: PageRenderer
  let languages: AcceptLanguage
  let security: SecurityHeaders
  let cache: BoundedCache<Key, CannedResponse>
  /// The pages' headers by policy and locale (as many as there are variants).
  struct TemplateKey: Hashable {
    let policy: String
    let locale: String

    /// The locale and the policy's length only: a policy is a few hundred bytes, hashed on
    /// every page made, and the few policies of a table rarely share a length (equal keys
    /// are still compared whole; the policy a page carries is its variant's own string, so
    /// that comparison finds the same storage).
    func hash(into hasher: inout Hasher) {
      hasher.combine(locale)
      hasher.combine(policy.utf8.count)
    }
  }
  let templates = NIOLockedValueBox<[TemplateKey: ResponseTemplate]>([:])
  let metrics: ServerMetrics
  /// Whether the store buttons carry pings (a ``StoreTapCounter`` answers them).
  let countsStoreTaps: Bool

  /// The `Cache-Control` of landing pages: browsers may keep them but must ask again (a
  /// conditional request, answered 304), shared caches must not keep them, since the page
  /// depends on the user agent.
  static let cacheControl = "private, no-cache"

  init(
    renderer: PageRenderer,
    security: SecurityHeaders,
    cacheSize: Int,
    cacheBytes: Int = .max,
    metrics: ServerMetrics,
    countsStoreTaps: Bool = false
  ) {
    self.renderer = renderer
    self.countsStoreTaps = countsStoreTaps
    languages = AcceptLanguage(locales: renderer.locales)
    self.security = security
    cache = BoundedCache(capacity: cacheSize, byteLimit: cacheBytes, admitsOnSecondOffer: true)
    self.metrics = metrics
  }

  /// The landing page for the route values, for the request's client and language; 304 or the
  /// headers alone as the request asks.
  ///
  /// - Parameters:
  ///   - copyLink: The link an in-app browser page shows and copies, and the link the App
  ///     Store button copies for a deferred deep link, instead of the universal link (a short
  ///     link).
  ///   - shortCode: The short link's code, which the store buttons' pings report (with a
  ///     ``StoreTapCounter`` installed).
  ///   - card: The link's own social card, which replaces the Open Graph and X/Twitter title,
  ///     description and image.
  ///   - links: `values`' links when the caller has them (a short link's), made with the same
  ///     table: they are not made again.
  /// - Throws: ``PageError`` when the page does not render (a broken user template, a card
  ///   image that is not a plain `https` URL).
  package func response(
    to request: Request,
    values: RouteValues,
    client: ClientClassification,
    copyLink: String? = nil,
    shortCode: String? = nil,
    card: SocialCard? = nil,
    links: LinkSet? = nil
  ) throws(PageError) -> Response {
    try page(
      values: values,
      links: links,
      client: client,
      acceptLanguage: request.headers[.acceptLanguage],
      copyLink: copyLink,
      shortCode: shortCode,
      card: card
    ).response(for: request)
  }

  /// The page ``response(to:values:client:copyLink:shortCode:card:links:)`` sends, from the cache
  /// or rendered (and kept) now: for an answer from memory
  /// (``LinkServerExtension/answerFromMemory(_:server:)``), such as a short link read on the
  /// event loop. `nil` when the page cannot be made: the request then goes the other way,
  /// which answers and logs the error.
  package func memoryResponse(
    values: RouteValues,
    links: LinkSet? = nil,
    client: ClientClassification,
    acceptLanguage: String?,
    copyLink: String? = nil,
    shortCode: String? = nil,
    card: SocialCard? = nil
  ) -> CannedResponse? {
    try? page(
      values: values,
      links: links,
      client: client,
      acceptLanguage: acceptLanguage,
      copyLink: copyLink,
      shortCode: shortCode,
      card: card
    )
  }

  /// The page for these values, client and language: from the cache, or rendered and kept.
  private func page(
    values: RouteValues,
    links: LinkSet?,
    client: ClientClassification,
    acceptLanguage: String?,
    copyLink: String?,
    shortCode: String?,
    card: SocialCard?
  ) throws(PageError) -> CannedResponse {
    var key = try self.key(
      values: values,
      universal: links?.universal,
      client: client,
      acceptLanguage: acceptLanguage,
      copyLink: copyLink,
      shortCode: shortCode
    )
    key.card = card
    if let page = cached(key) { return page }
    return try renderAndStore(key, values: values, links: links)
  }

  /// What identifies a page in the cache: the universal link, the client's page, the locale.
  /// `universal` is the values' universal link when the caller has it (made with this table).
  func key(
    values: RouteValues,
    universal: String? = nil,
    client: ClientClassification,
    acceptLanguage: String?,
    copyLink: String? = nil,
    shortCode: String? = nil
  ) throws(PageError) -> Key {
    let link: String
    if let universal {
      link = universal
    } else {
      do throws(LinkError) {
        link = try renderer.table.link(.universal, for: values)
      } catch {
        throw PageError(.link, error.message)
      }
    }
    return Key(
      link: link,
      page: client.page,
      locale: languages.choose(acceptLanguage),
      copyLink: copyLink,
      shortCode: shortCode
    )
  }

  /// The page, if it is in the cache (counted as a hit).
  func cached(_ key: Key) -> CannedResponse? {
    let page = cache.value(for: key)
    if page != nil { metrics.pageCacheHits.increment() }
    return page
  }

  /// Renders the page and keeps it (counted as a miss).
  func renderAndStore(_ key: Key, values: RouteValues, links: LinkSet? = nil) throws(PageError)
    -> CannedResponse
  {
    metrics.pageCacheMisses.increment()
    let page = try render(key, values: values, links: links)
    cache.store(page, for: key)
    return page
  }

  /// `links`, when given, are `values`' links made with the renderer's table.
  func render(_ key: Key, values: RouteValues, links: LinkSet? = nil) throws(PageError)
    -> CannedResponse
  {
    let locale = languages.locales[key.locale]
    let served: ServedPage
    if case .card = key.page {
      served = try renderer.previewCard(
        for: values,
        locale: locale,
        card: key.card,
        links: links
      )
    } else {
      let variant = try Self.variant(key)
      served = try renderer.servedLandingPage(
        for: values,
        locale: locale,
        platform: variant.platform,
        inApp: variant.inApp,
        deferred: deferredOptions(key, values: values),
        desktop: variant.desktop,
        card: key.card,
        qrDrawing: variant.qrDrawing,
        links: links
      )
    }
    return CannedResponse(
      template(policy: served.contentSecurityPolicy, locale: locale),
      body: served.bytes
    )
  }

  /// What a client's landing page is made for: the platform, the in-app browser's help, the
  /// computer's layout with its QR code drawn into the page.
  struct Variant {
    var platform: Platform
    var inApp: InAppBrowserHelp?
    var desktop: Bool?
    var qrDrawing: QRDrawing?
  }

  static func variant(_ key: Key) throws(PageError) -> Variant {
    switch key.page {
    case .card, .androidFirefox: return Variant(platform: .any)
    case .ios: return Variant(platform: .ios)
    case .android: return Variant(platform: .android)
    case .desktop:
      return Variant(platform: .any, desktop: true, qrDrawing: try qrDrawing(key.link))
    case .inApp(let index, let platform):
      let browser = InAppBrowser.all[index]
      let help = InAppBrowserHelp(
        browser: browser.name,
        escape: platform == .ios
          ? browser.iosEscape : platform == .android ? browser.androidEscape : nil,
        copyLink: key.copyLink
      )
      return Variant(
        platform: platform == .ios ? .ios : platform == .android ? .android : .any,
        inApp: help
      )
    }
  }

  /// The headers of the pages with this policy and locale (a page variant's), made once.
  func template(policy: String, locale: String) -> ResponseTemplate {
    let key = TemplateKey(policy: policy, locale: locale)
    if let known = templates.withLockedValue({ $0[key] }) { return known }
    let made = ResponseTemplate(
      contentType: "text/html; charset=utf-8",
      cacheControl: Self.cacheControl,
      policy: policy,
      extra: [(.vary, "User-Agent, Accept-Language"), (.contentLanguage, locale)],
      security: security
    )
    templates.withLockedValue { $0[key] = made }
    return made
  }

  /// Deferred deep links on every page but the crawlers' card (docs/deferred-links.md): the
  /// App Store button copies the short link (or the universal link) on a tap, and with a
  /// ``StoreTapCounter`` installed the store buttons ping it.
  func deferredOptions(_ key: Key, values: RouteValues) -> DeferredLinkOptions {
    var options = DeferredLinkOptions(copyLink: key.copyLink)
    if countsStoreTaps {
      let route = values.routeName
      options.appStorePing = StoreTap.pingPath(.appStore, route: route, code: key.shortCode)
      options.playStorePing = StoreTap.pingPath(.playStore, route: route, code: key.shortCode)
    }
    return options
  }

  private static func qrDrawing(_ link: String) throws(PageError) -> QRDrawing {
    do throws(QRError) {
      return QRDrawing(code: try QRCode(encoding: link))
    } catch {
      throw PageError(.link, "the link's QR code cannot be made: \(error.message)")
    }
  }
}
