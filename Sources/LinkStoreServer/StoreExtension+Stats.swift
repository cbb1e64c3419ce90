import Foundation
import HTTPTypes
import Hummingbird
import LinkServer
import LinkStore
import NIOCore

// `GET|HEAD /api/v1/stats`.

extension StoreExtension {
  /// `GET|HEAD /api/v1/stats?route=&link=&from=&to=&groupBy=`: the strict query reader first
  /// (an unknown or malformed parameter is 400 naming it; the generated code would ignore an
  /// unknown one), then APIHandlers' `getStats` through the router, with the query read.
  func stats(_ request: Request, _ context: LinkRequestContext, _ caller: APIHandlers.Caller)
    async -> Response
  {
    var caller = caller
    do throws(RequestProblem) {
      caller.stats = try StatsQuery.read(request.uri.queryParameters, today: ClickDay(Date()))
    } catch {
      return APIResponses.error(.badRequest, "invalidRequest", error.message, field: error.field)
    }
    guard request.method == .head else {
      return await apiRouter.respond(to: request, body: nil, context: context, caller: caller)
    }
    // HEAD: GET's answer without its body, so its headers (Content-Type, Content-Length) are
    // the ones GET sends.
    var head = request.head
    head.method = .get
    let get = Request(head: head, body: request.body)
    var response = await apiRouter.respond(to: get, body: nil, context: context, caller: caller)
    let counter = BodyLength()
    let written: Bool
    do {
      try await response.body.write(counter)
      written = true
    } catch {
      written = false
    }
    // Setting the body sets Content-Length (0 for an empty one): GET's length goes after.
    response.body = ResponseBody()
    response.headers[.contentLength] = written ? String(counter.count.bytes) : nil
    return response
  }
}

/// Counts the bytes a response body writes: HEAD's `Content-Length`, GET's.
private struct BodyLength: ResponseBodyWriter {
  final class Count { var bytes = 0 }
  let count = Count()

  mutating func write(_ buffer: ByteBuffer) async throws { count.bytes += buffer.readableBytes }
  consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
