import HTTPTypes
import Hummingbird
import NIOCore

/// `GET /api/v1/openapi.json`: the API's OpenAPI 3.1 document, `openapi.json` beside this file.
///
/// The file is compiled into the module as bytes (SwiftPM's `embedInCode` resource), so the
/// server sends exactly the committed document, from any directory, with nothing to install
/// beside the binary; `OpenAPITests` compares the served bytes with the file.
enum OpenAPIDocument {
  /// The answer: public and cacheable (the document changes only with the binary).
  static func response(head: Bool) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    headers[.cacheControl] = "public, max-age=3600"
    headers[.contentLength] = String(PackageResources.openapi_json.count)
    return Response(
      status: .ok,
      headers: headers,
      body: head ? ResponseBody() : ResponseBody(byteBuffer: buffer)
    )
  }

  private static let buffer = ByteBuffer(bytes: PackageResources.openapi_json)
}
