import HTTPTypes
import Hummingbird
import NIOCore

/// The console's responses: pages never stored by any cache, redirects with a relative
/// `Location`.
enum ConsoleResponses {
  /// An HTML page with the console's policy, `Cache-Control: private, no-store`.
  static func page(_ html: HTML, status: HTTPResponse.Status = .ok) -> Response {
    bytes(Array(html.text.utf8), type: "text/html; charset=utf-8", status: status)
  }

  /// Bytes of a type, not cached, with the console's policy.
  static func bytes(
    _ bytes: [UInt8],
    type: String,
    status: HTTPResponse.Status = .ok,
    download: String? = nil
  ) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = type
    headers[.cacheControl] = "private, no-store"
    headers[.contentSecurityPolicy] = ConsoleAssets.policy
    headers[.contentLength] = String(bytes.count)
    if let download {
      headers[.contentDisposition] = "attachment; filename=\"\(download)\""
    }
    return Response(
      status: status,
      headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    )
  }

  /// `303 See Other` to a console path (a relative reference, never built from the request).
  static func redirect(_ location: String) -> Response {
    var headers = HTTPFields()
    headers[.location] = location
    headers[.cacheControl] = "private, no-store"
    headers[.contentLength] = "0"
    return Response(status: .seeOther, headers: headers)
  }

  /// A plain-text refusal (403, 404, 405).
  static func refusal(_ status: HTTPResponse.Status, _ message: String) -> Response {
    bytes(Array((message + "\n").utf8), type: "text/plain; charset=utf-8", status: status)
  }
}
