import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkStore
import NIOCore

/// The API's answers: JSON bodies, errors as `{"error": {"code", "message", "field"}}`.
enum APIResponses {
  static func json(
    _ status: HTTPResponse.Status,
    _ value: JSONValue,
    headers extra: HTTPFields = HTTPFields(),
    head: Bool = false
  ) -> Response {
    let bytes = Array((value.rendered() + "\n").utf8)
    var headers = extra
    headers[.contentType] = "application/json"
    headers[.cacheControl] = "no-store"
    headers[.contentLength] = String(bytes.count)
    return Response(
      status: status,
      headers: headers,
      body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    )
  }

  /// An error: a code programs switch on, a sentence for people, the field at fault.
  static func error(
    _ status: HTTPResponse.Status,
    _ code: String,
    _ message: String,
    field: String? = nil,
    headers: HTTPFields = HTTPFields()
  ) -> Response {
    json(status, errorValue(code: code, message: message, field: field), headers: headers)
  }

  /// `{"error": {"code", "message", "field"?}}`.
  static func errorValue(code: String, message: String, field: String?) -> JSONValue {
    var members: [(String, JSONValue)] = [("code", .string(code)), ("message", .string(message))]
    if let field { members.append(("field", .string(field))) }
    return .object([("error", .object(members))])
  }

  /// The error object's bytes, as ``error(_:_:_:field:headers:)`` sends them.
  static func errorBytes(code: String, message: String, field: String?) -> [UInt8] {
    Array((errorValue(code: code, message: message, field: field).rendered() + "\n").utf8)
  }

  /// The status of a store error: 400 for a bad request, 404, 409 for a taken slug, 503 while
  /// the database cannot be reached, 500 otherwise.
  static func status(of error: StoreError) -> HTTPResponse.Status {
    switch error.code {
    case .invalidLink, .invalidRequest: .badRequest
    case .slugTaken: .conflict
    case .notFound, .linkNoLongerValid: .notFound
    case .unavailable, .storageFailure: .serviceUnavailable
    case .invalidDatabaseURL, .misconfigured, .schemaTooNew, .internalError: .internalServerError
    }
  }

  /// The field a store error names, in the request's terms (`params.id` for a value).
  static func field(of error: StoreError) -> String? {
    if let parameter = error.linkError?.parameter { return "params.\(parameter)" }
    if error.linkError?.code == .unknownRoute { return "route" }
    return error.field
  }

  static func error(_ error: StoreError) -> Response {
    var headers = HTTPFields()
    let status = status(of: error)
    if status == .serviceUnavailable { headers[.retryAfter] = "5" }
    return self.error(
      status,
      error.code.rawValue,
      status == .internalServerError
        ? "the server failed; its log says why" : error.message,
      field: field(of: error),
      headers: headers
    )
  }

  /// `{"route", "params", "links"}`, as `linkgen make --format json` prints them, plus the code
  /// and short link.
  static func resolved(_ link: ShortLink) -> JSONValue {
    .object([
      ("route", .string(link.route)),
      ("params", link.values.json),
      ("links", link.links.json),
      ("code", .string(link.code)),
      ("short", .string(link.shortURL)),
    ])
  }
}

/// The page of a short link that no longer opens: expired or used up. 410, never a redirect.
enum GonePage {
  static func response(expired: Bool, head: Bool) -> Response {
    let title = expired ? "This link has expired" : "This link has been used up"
    let detail =
      expired
      ? "The person who shared it set an end date, and it has passed."
      : "The person who shared it allowed a set number of visits, and they have all been used."
    let html = """
      <!doctype html>
      <html lang="en">
      <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="robots" content="noindex"><title>\(title)</title></head>
      <body><main><h1>\(title)</h1><p>\(detail) Ask them for a new link.</p></main></body>
      </html>

      """
    let bytes = Array(html.utf8)
    var headers = HTTPFields()
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.contentLength] = String(bytes.count)
    return Response(
      status: .gone,
      headers: headers,
      body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    )
  }

  /// The body of ``unavailable(head:)``.
  static let unavailableText =
    "The link cannot be looked up right now. Please try again in a moment.\n"
  /// The seconds ``unavailable(head:)`` asks the client to wait.
  static let retryAfter = "5"

  /// While the database cannot be reached: 503, try again shortly.
  static func unavailable(head: Bool) -> Response {
    let text = unavailableText
    var headers = HTTPFields()
    headers[.contentType] = "text/plain; charset=utf-8"
    headers[.cacheControl] = "no-store"
    headers[.retryAfter] = retryAfter
    headers[.contentLength] = String(text.utf8.count)
    return Response(
      status: .serviceUnavailable,
      headers: headers,
      body: head ? ResponseBody() : ResponseBody(byteBuffer: ByteBuffer(string: text))
    )
  }
}
