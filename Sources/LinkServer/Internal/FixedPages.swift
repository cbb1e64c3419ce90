import HTTPTypes
import Hummingbird
import LinkPages

/// The 404 page, rendered once per locale at start: nothing from the request reaches it.
struct NotFoundPages: Sendable {
  let pages: [CannedResponse]
  let languages: AcceptLanguage

  init(renderer: PageRenderer, security: SecurityHeaders) throws(PageError) {
    languages = AcceptLanguage(locales: renderer.locales)
    var pages: [CannedResponse] = []
    for locale in languages.locales {
      let page = try renderer.notFoundPage(locale: locale)
      pages.append(
        CannedResponse(
          status: .notFound,
          contentType: "text/html; charset=utf-8",
          body: page.bytes,
          cacheControl: "no-store",
          policy: page.contentSecurityPolicy,
          tagged: false,
          extra: [(.vary, "Accept-Language"), (.contentLanguage, locale)],
          security: security
        )
      )
    }
    self.pages = pages
  }

  func response(to request: Request) -> Response {
    page(for: request.headers[.acceptLanguage]).response(for: request)
  }

  func page(for acceptLanguage: String?) -> CannedResponse {
    pages[languages.choose(acceptLanguage)]
  }
}

/// Short answers that never change: plain text, no cache, the security headers.
enum FixedResponses {
  static func text(
    _ status: HTTPResponse.Status,
    _ text: String,
    cacheControl: String = "no-store",
    extra: [(HTTPField.Name, String)] = [],
    security: SecurityHeaders
  ) -> CannedResponse {
    CannedResponse(
      status: status,
      contentType: "text/plain; charset=utf-8",
      body: Array(text.utf8),
      cacheControl: cacheControl,
      tagged: false,
      extra: extra,
      security: security
    )
  }

  /// The methods the server's own routes answer.
  static let allow = "GET, HEAD, OPTIONS"
}
