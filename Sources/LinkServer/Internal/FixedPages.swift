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

/// The server's fixed answers, made once at start: the health check's `ok`, `OPTIONS`, 405
/// (and the one that closes the connection after an unread body), 413, the QR request's 400,
/// the 500 of a page that cannot be made, and the headers of `/metrics`.
struct FixedAnswers {
  let healthy: CannedResponse
  let options: CannedResponse
  let methodNotAllowed: CannedResponse
  let methodNotAllowedClosing: CannedResponse
  let contentTooLarge: CannedResponse
  let badQRRequest: CannedResponse
  let serverError: CannedResponse
  let metricsHeaders: HTTPFields

  init(security: SecurityHeaders) {
    let allow = [(HTTPField.Name.allow, FixedResponses.allow)]
    healthy = FixedResponses.text(.ok, "ok\n", security: security)
    options = CannedResponse(
      status: .noContent,
      contentType: "text/plain; charset=utf-8",
      body: [],
      cacheControl: "no-store",
      tagged: false,
      extra: allow,
      security: security
    )
    let methods = "This address answers GET, HEAD and OPTIONS only.\n"
    methodNotAllowed = FixedResponses.text(
      .methodNotAllowed,
      methods,
      extra: allow,
      security: security
    )
    methodNotAllowedClosing = FixedResponses.text(
      .methodNotAllowed,
      methods,
      extra: allow + [(.connection, "close")],
      security: security
    )
    contentTooLarge = FixedResponses.text(
      .contentTooLarge,
      "This address takes no request body.\n",
      extra: [(.connection, "close")],
      security: security
    )
    badQRRequest = FixedResponses.text(.badRequest, QRResponses.rules, security: security)
    serverError = FixedResponses.text(
      .internalServerError,
      "The page could not be made; the server's log says why.\n",
      security: security
    )
    var metricsHeaders = HTTPFields()
    metricsHeaders[.contentType] = "text/plain; version=0.0.4; charset=utf-8"
    metricsHeaders[.cacheControl] = "no-store"
    security.add(to: &metricsHeaders, policy: SecurityHeaders.defaultPolicy)
    self.metricsHeaders = metricsHeaders
  }
}
