public import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// A typed client of `linkgen serve`'s API (`/api/v1`), for Swift backends: make, resolve and
/// delete short links, read click counts.
///
/// The requests and answers are the types swift-openapi-generator makes from the server's own
/// OpenAPI document (`GET /api/v1/openapi.json`), so the client cannot drift from the server;
/// it sends them over `URLSession` (no TLS library to build). Every failure is a
/// ``LinkClientError`` whose ``LinkClientError/code`` programs switch on.
///
/// ```swift
/// let client = LinkClient(server: URL(string: "https://openlist.example.com")!, apiKey: key)
/// let link = try await client.create(.init(route: "invite", params: ["code": "K7X2"]))
/// print(link.short)  // https://openlist.example.com/s/x7k2m9qp
/// ```
///
/// Keys come from `linkgen keys create --scope links:create,links:delete,stats:read`.
public struct LinkClient: Sendable {
  let client: Client

  /// A client of the server at `server` (its origin, such as `https://links.example.com`).
  ///
  /// - Parameters:
  ///   - server: The server's origin; the API's paths (`/api/v1/…`) are added to it.
  ///   - apiKey: The key (`lgk_…`) sent as `Authorization: Bearer` to the operations that need
  ///     one; `nil` for a client that only resolves links.
  ///   - session: The URL session to send with.
  public init(server: URL, apiKey: String? = nil, session: URLSession = .shared) {
    client = Client(
      serverURL: server,
      transport: URLSessionTransport(configuration: .init(session: session)),
      middlewares: apiKey.map { [BearerKey(key: $0)] } ?? []
    )
  }

  /// Makes a short link (needs the scope `links:create`).
  ///
  /// - Returns: The new link, with its code, its short link and the route's links.
  /// - Throws: ``LinkClientError``: `invalidLink` or `invalidRequest` naming the field at fault,
  ///   `slugTaken`, `unauthorized`, `forbidden`, `rateLimited`, `unavailable`…
  public func create(_ link: NewLink) async throws(LinkClientError) -> Link {
    let output = try await call { try await client.createLink(body: .json(link.generated)) }
    switch output {
    case .created(let created): return try read { Link(try created.body.json) }
    case .badRequest(let answer): throw try refusal(answer.body.json, 400)
    case .unauthorized(let answer): throw try refusal(answer.body.json, 401)
    case .forbidden(let answer): throw try refusal(answer.body.json, 403)
    case .conflict(let answer): throw try refusal(answer.body.json, 409)
    case .lengthRequired(let answer): throw try refusal(answer.body.json, 411)
    case .contentTooLarge(let answer): throw try refusal(answer.body.json, 413)
    case .tooManyRequests(let answer):
      throw try refusal(answer.body.json, 429, retryAfter: answer.headers.retryAfter)
    case .serviceUnavailable(let answer):
      throw try refusal(answer.body.json, 503, retryAfter: answer.headers.retryAfter)
    case .undocumented(let status, _): throw .unexpected(status)
    }
  }

  /// Resolves a short link's code to its route, values and links (public: no key needed).
  ///
  /// - Throws: ``LinkClientError``: `notFound`, `expired`, `exhausted`, `rateLimited`,
  ///   `unavailable`…
  public func resolve(code: String) async throws(LinkClientError) -> Link {
    let output = try await call { try await client.getLink(path: .init(code: code)) }
    switch output {
    case .ok(let found): return try read { Link(try found.body.json) }
    case .notFound(let answer): throw try refusal(answer.body.json, 404)
    case .gone(let answer): throw try refusal(answer.body.json, 410)
    case .tooManyRequests(let answer):
      throw try refusal(answer.body.json, 429, retryAfter: answer.headers.retryAfter)
    case .serviceUnavailable(let answer):
      throw try refusal(answer.body.json, 503, retryAfter: answer.headers.retryAfter)
    case .undocumented(let status, _): throw .unexpected(status)
    }
  }

  /// Deletes a short link (needs the scope `links:delete`); it then answers 404.
  ///
  /// - Throws: ``LinkClientError``: `notFound`, `unauthorized`, `forbidden`, `rateLimited`…
  public func delete(code: String) async throws(LinkClientError) {
    let output = try await call { try await client.deleteLink(path: .init(code: code)) }
    switch output {
    case .noContent: return
    case .unauthorized(let answer): throw try refusal(answer.body.json, 401)
    case .forbidden(let answer): throw try refusal(answer.body.json, 403)
    case .notFound(let answer): throw try refusal(answer.body.json, 404)
    case .tooManyRequests(let answer):
      throw try refusal(answer.body.json, 429, retryAfter: answer.headers.retryAfter)
    case .serviceUnavailable(let answer):
      throw try refusal(answer.body.json, 503, retryAfter: answer.headers.retryAfter)
    case .undocumented(let status, _): throw .unexpected(status)
    }
  }

  /// Click counts (needs the scope `stats:read`), as `linkgen stats --format json` prints them.
  ///
  /// - Parameters:
  ///   - route: Only this route's clicks.
  ///   - link: Only this short link's clicks (its code).
  ///   - from: The first day (`YYYY-MM-DD`); the server's default is 30 days before `to`.
  ///   - to: The last day (`YYYY-MM-DD`); the server's default is today.
  ///   - groupBy: The columns to group by; the server's default is route, link, day.
  /// - Throws: ``LinkClientError``: `invalidRequest` naming the parameter, `unauthorized`…
  public func stats(
    route: String? = nil,
    link: String? = nil,
    from: String? = nil,
    to: String? = nil,
    groupBy: [StatsColumn]? = nil
  ) async throws(LinkClientError) -> Stats {
    let query = Operations.GetStats.Input.Query(
      route: route,
      link: link,
      from: from,
      to: to,
      groupBy: groupBy?.compactMap { Components.Schemas.StatsColumn(rawValue: $0.rawValue) }
    )
    let output = try await call { try await client.getStats(query: query) }
    switch output {
    case .ok(let found): return try read { Stats(try found.body.json) }
    case .badRequest(let answer): throw try refusal(answer.body.json, 400)
    case .unauthorized(let answer): throw try refusal(answer.body.json, 401)
    case .forbidden(let answer): throw try refusal(answer.body.json, 403)
    case .tooManyRequests(let answer):
      throw try refusal(answer.body.json, 429, retryAfter: answer.headers.retryAfter)
    case .serviceUnavailable(let answer):
      throw try refusal(answer.body.json, 503, retryAfter: answer.headers.retryAfter)
    case .undocumented(let status, _): throw .unexpected(status)
    }
  }

  // MARK: The generated client's failures, as LinkClientError

  private func call<Output>(
    _ operation: () async throws -> Output
  ) async throws(LinkClientError) -> Output {
    do {
      return try await operation()
    } catch {
      throw .transport(error)
    }
  }

  private func read<Value>(_ body: () throws -> Value) throws(LinkClientError) -> Value {
    do {
      return try body()
    } catch {
      throw .transport(error)
    }
  }

  /// The server's error object as the error to throw; a body that is not one is a transport
  /// error (thrown while reading it).
  private func refusal(
    _ body: @autoclosure () throws -> Components.Schemas._Error,
    _ status: Int,
    retryAfter: Int? = nil
  ) throws(LinkClientError) -> LinkClientError {
    LinkClientError(try read(body), status: status, retryAfter: retryAfter)
  }
}

/// Sends the API key as `Authorization: Bearer <key>`.
struct BearerKey: ClientMiddleware {
  let key: String

  func intercept(
    _ request: HTTPRequest,
    body: HTTPBody?,
    baseURL: URL,
    operationID: String,
    next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
  ) async throws -> (HTTPResponse, HTTPBody?) {
    var request = request
    request.headerFields[.authorization] = "Bearer \(key)"
    return try await next(request, body, baseURL)
  }
}
