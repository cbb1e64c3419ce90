import Foundation
import HTTPTypes
import Hummingbird
import LinkAPI
import LinkServer
import LinkStore
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime

/// The hummingbird router the generated `registerHandlers(on:serverURL:)` puts ``APIHandlers``
/// on (swift-openapi-hummingbird), built once per server. The extension calls it after its own
/// checks, so the answer's path through the API is:
///
/// 1. ``StoreExtension/api(path:_:_:)``: the endpoint, `OPTIONS` and 405, the key and its
///    scope (401, 403), the rate limits (429 and the `RateLimit-*` headers), as before;
/// 2. the strict body reader (`POST /api/v1/opens`): the `Content-Length` (411, 413), then the
///    JSON as the route table is read — a key twice in one object, a comment, invalid UTF-8,
///    an unknown field, a value of the wrong type: 400 naming the field. The generated decoder
///    (Foundation's JSONDecoder) would take the last of two keys, so it never sees a body the
///    reader refuses;
/// 3. this router: the generated code decodes the same bytes into the document's types, calls
///    APIHandlers, and encodes its typed answer. A body the reader took but the document's
///    types do not (they should agree) is 400 too, never 500.
///
/// `POST /api/v1/links` stops after step 2: the reader's link is the one stored, and its 201 is
/// written by CreatedLinkJSON (StoreExtension+Create.swift).
struct APIRouter: Sendable {
  let responder: RouterResponder<LinkRequestContext>

  init(handlers: APIHandlers) {
    let router = Router(context: LinkRequestContext.self)
    do {
      // The paths are the document's, under `/`: this throws only for a server URL that
      // cannot be split into path components, which `/` can.
      try handlers.registerHandlers(
        on: router,
        serverURL: URL(fileURLWithPath: "/"),
        configuration: Self.configuration
      )
    } catch {
      preconditionFailure("the API's routes cannot be registered: \(error)")
    }
    responder = router.buildResponder()
  }

  /// Dates as the API has always read and written them (ISO 8601, fractional seconds
  /// accepted); compact JSON with `/` unescaped.
  static let configuration = Configuration(
    dateTranscoder: APIDateTranscoder(),
    jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes]
  )

  /// The generated operation's answer to a request whose body (`nil`: none) the strict reader
  /// has read.
  func respond(
    to request: Request,
    body: [UInt8]?,
    context: LinkRequestContext,
    caller: APIHandlers.Caller
  ) async -> Response {
    // The body was read as JSON whatever its Content-Type, and the answer is JSON whatever the
    // Accept header asks, as the API always did: the generated code is told so.
    var head = request.head
    head.headerFields[.accept] = nil
    if let body {
      head.headerFields[.contentType] = "application/json"
      head.headerFields[.contentLength] = String(body.count)
    }
    let forwarded = Request(
      head: head,
      body: RequestBody(buffer: body.map { ByteBuffer(bytes: $0) } ?? ByteBuffer())
    )
    do {
      var response = try await APIHandlers.$caller.withValue(caller) {
        try await responder.respond(to: forwarded, context: context)
      }
      if response.headers[.contentType] != nil {
        response.headers[.contentType] = "application/json"
      }
      response.headers[.cacheControl] = "no-store"
      let collector = BodyCollector()
      try await response.body.write(collector)
      response.body = ResponseBody(byteBuffer: collector.buffer)
      return response
    } catch {
      return Self.refusal(error, request, context)
    }
  }

  /// What the router or the generated code threw, as the API's error object.
  static func refusal(_ error: any Error, _ request: Request, _ context: LinkRequestContext)
    -> Response
  {
    if let error = error as? HTTPError, error.status == .notFound {
      // A path the document's templates do not match (`DELETE /api/v1/links/`: no code).
      let code = String((request.head.path ?? "").split(separator: "/").last ?? "")
      return APIResponses.error(
        .notFound,
        "notFound",
        "no short link has the code '\(StoreExtension.shown(code))'",
        field: "code"
      )
    }
    if let failure = (error as? ServerError)?.underlyingError as? APIFailure {
      return answer(failure, request, context)
    }
    if let error = error as? ServerError, error.underlyingError is DecodingError {
      return APIResponses.error(
        .badRequest,
        "invalidRequest",
        "the body does not fit the API's document: \(error.causeDescription)"
      )
    }
    context.logger.error("api: \(request.method) \(request.head.path ?? ""): \(error)")
    return APIResponses.error(
      .internalServerError,
      "internalError",
      "the server failed; its log says why"
    )
  }
}

extension APIRouter {
  /// A failure whose status the operation's document does not list (500), as the API's error
  /// object — the generated code would send an undocumented answer without its body — logged
  /// with the store's error behind it.
  static func answer(_ failure: APIFailure, _ request: Request, _ context: LinkRequestContext)
    -> Response
  {
    let failed = failure.status == .internalServerError
    if failed {
      let cause = failure.cause.map { "\($0.code.rawValue): \($0.message)" }
      context.logger.error(
        "api: \(request.method) \(request.head.path ?? ""): \(cause ?? failure.body.error.message)"
      )
    }
    return APIResponses.error(
      failure.status,
      failed ? "internalError" : failure.body.error.code.rawValue,
      failure.body.error.message,
      field: failure.body.error.field
    )
  }
}

/// The body of a generated answer, whole. swift-openapi-hummingbird hands every body to
/// hummingbird as a stream (a closure), which hummingbird sends as three writes to the
/// connection — the head, the bytes, the end — each one a trip through the channel's writer and
/// a flush; one buffer goes out with its head in one write, as the extension's own answers do.
/// The bytes and the `Content-Length` are the same.
private final class BodyCollector: ResponseBodyWriter {
  private(set) var buffer = ByteBuffer()

  func write(_ buffer: ByteBuffer) async throws {
    var buffer = buffer
    self.buffer.writeBuffer(&buffer)
  }

  func finish(_ trailingHeaders: HTTPFields?) async throws {}
}

/// ISO 8601 times: read with or without fractional seconds, as `POST /api/v1/links` always read
/// `expiresAt`; written as `2030-12-31T23:59:59Z`.
struct APIDateTranscoder: DateTranscoder {
  struct NotADate: Error, CustomStringConvertible {
    let text: String
    var description: String { "'\(text.prefix(64))' is not an ISO 8601 time" }
  }

  func encode(_ date: Date) throws -> String { date.formatted(.iso8601) }

  func decode(_ text: String) throws -> Date {
    guard let date = NewShortLink.date(text) else { throw NotADate(text: text) }
    return date
  }
}
