import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkPages
import LinkServer
import LinkStore
import Logging
import NIOCore

// The API's routing (endpoints, methods, keys, rate limits) and its links endpoints.

/// The API's endpoints under `/api/v1/`: each with its label (metrics, log), the methods it
/// answers and the key scope a method needs.
enum APIEndpoint: CaseIterable {
  /// `POST /api/v1/links`.
  case links
  /// `GET|HEAD|DELETE /api/v1/links/<code>`.
  case link
  /// `GET|HEAD /api/v1/stats`.
  case stats
  /// `POST /api/v1/opens`.
  case opens
  /// `GET|HEAD /api/v1/openapi.json`: the API's OpenAPI document.
  case openAPI

  /// The endpoint of a path's segments after `/api/v1/`, if any.
  init?(_ segments: [Substring]) {
    switch (segments.count, segments.first ?? "") {
    case (1, "links"): self = .links
    case (2, "links"): self = .link
    case (1, "stats"): self = .stats
    case (1, "opens"): self = .opens
    case (1, "openapi.json"): self = .openAPI
    default: return nil
    }
  }

  /// The label of the metrics and the log (`api_links`).
  var label: String {
    switch self {
    case .links: "api_links"
    case .link: "api_link"
    case .stats: "api_stats"
    case .opens: "api_opens"
    case .openAPI: "api_openapi"
    }
  }

  /// The methods it answers, besides `OPTIONS`.
  var methods: [HTTPRequest.Method] {
    switch self {
    case .links, .opens: [.post]
    case .link: [.get, .head, .delete]
    case .stats, .openAPI: [.get, .head]
    }
  }

  /// The scope a method needs; `nil` for the public ones.
  func scope(for method: HTTPRequest.Method) -> KeyScope? {
    switch (self, method) {
    case (.links, _): .linksCreate
    case (.link, .delete): .linksDelete
    case (.stats, _): .statsRead
    default: nil
    }
  }

  /// The `Allow` header's value.
  var allow: String { (methods + [.options]).map(\.rawValue).joined(separator: ", ") }
}

extension StoreExtension {
  func api(path: Substring, _ request: Request, _ context: LinkRequestContext) async
    -> ExtensionResponse
  {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false)
    guard let endpoint = APIEndpoint(segments) else {
      return ExtensionResponse(
        APIResponses.error(.notFound, "notFound", "no such API endpoint"),
        endpoint: "api_not_found"
      )
    }
    if let refused = Self.methodRefusal(endpoint, request.method) {
      return ExtensionResponse(refused, endpoint: endpoint.label)
    }
    // Who pays for the request: a valid key its own budget; anyone else (no key, a wrong one)
    // the client address's, so guessing keys or codes is limited too.
    let key: APIKey?
    switch await presentedKey(for: endpoint, request, context) {
    case .success(let found): key = found
    case .failure(let refusal): return ExtensionResponse(refusal.response, endpoint: endpoint.label)
    }
    let decision =
      key.map { keyLimiter.take("key:" + $0.id) }
      ?? addressLimiter.take(address(request, context))
    if let decision, !decision.allowed {
      return ExtensionResponse(Self.tooManyRequests(decision), endpoint: endpoint.label)
    }
    var response = await answer(endpoint, segments, request, context, key: key)
    if let decision { Self.addRateLimitHeaders(decision, to: &response.headers) }
    return ExtensionResponse(response, endpoint: endpoint.label)
  }

  /// `OPTIONS`' answer, or 405 for a method the endpoint does not answer; `nil` to go on.
  static func methodRefusal(_ endpoint: APIEndpoint, _ method: HTTPRequest.Method) -> Response? {
    if method == .options {
      var response = Response(status: .noContent)
      response.headers[.allow] = endpoint.allow
      return response
    }
    guard !endpoint.methods.contains(method) else { return nil }
    var response = APIResponses.error(
      .methodNotAllowed,
      "methodNotAllowed",
      "this endpoint answers " + endpoint.methods.map(\.rawValue).joined(separator: ", ")
    )
    response.headers[.allow] = endpoint.allow
    return response
  }

  /// The key the request presents, when its endpoint and method need one (`nil` for public
  /// ones); a refusal (401, 503, or 429 once the address is over its limit) otherwise.
  func presentedKey(
    for endpoint: APIEndpoint,
    _ request: Request,
    _ context: LinkRequestContext
  ) async -> Result<APIKey?, Refusal> {
    guard let scope = endpoint.scope(for: request.method) else { return .success(nil) }
    switch await authenticate(request, scope: scope) {
    case .success(let found): return .success(found)
    case .failure(let refusal):
      if let limited = limit(addressLimiter, address(request, context)) {
        return .failure(Refusal(response: limited))
      }
      return .failure(refusal)
    }
  }

  /// The endpoint's answer, once the request may be answered: 403 for a key without the scope.
  func answer(
    _ endpoint: APIEndpoint,
    _ segments: [Substring],
    _ request: Request,
    _ context: LinkRequestContext,
    key: APIKey?
  ) async -> Response {
    if let key, let scope = endpoint.scope(for: request.method), !key.scopes.contains(scope) {
      return APIResponses.error(
        .forbidden,
        "forbidden",
        "the API key \(key.id) lacks the scope \(scope.rawValue)",
        field: "scopes"
      )
    }
    let caller = APIHandlers.Caller(keyID: key?.id, userAgent: request.headers[.userAgent])
    switch endpoint {
    case .links: return await create(request, context, keyID: key?.id)
    case .opens:
      return await generated(request, context, caller) { body throws(RequestProblem) in
        _ = try DeferredOpenReport.link(json: body)
      }
    case .stats: return await stats(request, context, caller)
    case .openAPI: return OpenAPIDocument.response(head: request.method == .head)
    case .link:
      return request.method == .delete
        ? await apiRouter.respond(to: request, body: nil, context: context, caller: caller)
        : await resolve(code: String(segments[1]), request)
    }
  }

  /// The answer of the operation APIHandlers implements, once the strict reader (`check`, after
  /// the body's length) has taken the body: see APIRouter for how the two split the work.
  func generated(
    _ request: Request,
    _ context: LinkRequestContext,
    _ caller: APIHandlers.Caller,
    check: ([UInt8]) throws(RequestProblem) -> Void
  ) async -> Response {
    switch await readBody(request, check) {
    case .success(let (body, _)):
      return await apiRouter.respond(to: request, body: body, context: context, caller: caller)
    case .failure(let refusal): return refusal.response
    }
  }

  /// A request's body (see ``readBody(_:)``) and what the strict reader `read` made of it; the
  /// reader's refusal is 400 naming the field.
  func readBody<Value>(
    _ request: Request,
    _ read: ([UInt8]) throws(RequestProblem) -> Value
  ) async -> Result<(body: [UInt8], value: Value), Refusal> {
    switch await readBody(request) {
    case .success(let body):
      do throws(RequestProblem) {
        return .success((body, try read(body)))
      } catch {
        return .failure(
          Refusal(
            response: APIResponses.error(
              .badRequest,
              "invalidRequest",
              error.message,
              field: error.field
            )
          )
        )
      }
    case .failure(let refusal): return .failure(refusal)
    }
  }

  /// A request's body, sent with a `Content-Length` of at most the limit; otherwise the
  /// answer (411, 413 closing the connection, 400).
  func readBody(_ request: Request) async -> Result<[UInt8], Refusal> {
    if request.headers[.transferEncoding] != nil {
      return .failure(
        Refusal(
          response: APIResponses.error(
            .lengthRequired,
            "lengthRequired",
            "send the body with a Content-Length"
          )
        )
      )
    }
    let length = request.headers[.contentLength].flatMap { Int($0) } ?? 0
    guard length <= settings.maximumBodySize else {
      var response = APIResponses.error(
        .contentTooLarge,
        "contentTooLarge",
        "the body is \(length) bytes; at most \(settings.maximumBodySize) are accepted"
      )
      response.headers[.connection] = "close"
      return .failure(Refusal(response: response))
    }
    do {
      return .success(Array(buffer: try await request.body.collect(upTo: settings.maximumBodySize)))
    } catch {
      return .failure(
        Refusal(
          response: APIResponses.error(.badRequest, "invalidRequest", "the body could not be read")
        )
      )
    }
  }

  /// `GET /api/v1/links/<code>`: public.
  func resolve(code: String, _ request: Request) async -> Response {
    let head = request.method == .head
    do throws(StoreError) {
      let state: ShortLinkState
      if let cached = cache.state(of: code) {
        state = cached
      } else {
        state = try await store.link(code: code)
        health.succeeded()
        cache.keep(state)
      }
      let (status, body) = Self.resolveAnswer(state, code: code)
      return APIResponses.json(status, body, head: head)
    } catch {
      health.failed(error)
      return APIResponses.error(error)
    }
  }

  /// What `GET /api/v1/links/<code>` answers for a link's state: an active link's JSON, else
  /// the error (410 for a link that no longer opens, 404 for an unknown code).
  static func resolveAnswer(_ state: ShortLinkState, code: String) -> (
    status: HTTPResponse.Status, body: JSONValue
  ) {
    switch state {
    case .active(let link):
      (.ok, APIResponses.resolved(link))
    case .expired:
      (
        .gone,
        APIResponses.errorValue(
          code: "expired",
          message: "the short link '\(code)' has expired",
          field: nil
        )
      )
    case .exhausted:
      (
        .gone,
        APIResponses.errorValue(
          code: "exhausted",
          message: "the short link '\(code)' has served all its visits",
          field: nil
        )
      )
    case .notFound:
      (
        .notFound,
        APIResponses.errorValue(
          code: "notFound",
          message: "no short link has the code '\(shown(code))'",
          field: "code"
        )
      )
    }
  }
}
