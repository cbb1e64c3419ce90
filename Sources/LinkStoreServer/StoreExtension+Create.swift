import Foundation
import HTTPTypes
import Hummingbird
import LinkKit
import LinkServer
import LinkStore
import NIOCore

// `POST /api/v1/links`, answered by the extension itself: the strict reader's link is the one
// stored, and the 201 is written straight from it (CreatedLinkJSON), with the bytes the
// generated code would send. The generated path (its second reading of the body with
// Foundation's JSONDecoder, the forwarded request, the `Codable` answer) was about 40 % of a
// create's CPU in the server (docs/store.md); the document still describes the operation, and
// APISchemaTests and schemathesis hold the answers to it.

extension StoreExtension {
  /// A create, once its key and rate limit are checked: 201 with the link, the reader's 400, or
  /// the store's error (400, 409, 503 with `Retry-After`; a 500 as `internalError`, logged with
  /// its cause, as the router answers one).
  func create(_ request: Request, _ context: LinkRequestContext, keyID: String?) async -> Response {
    let read = await readBody(request) { body throws(RequestProblem) in
      try NewShortLink.read(json: body, table: store.table)
    }
    let new: NewShortLink
    switch read {
    case .success(let (_, link)): new = link
    case .failure(let refusal): return refusal.response
    }
    do throws(StoreError) {
      let link = try await store.createLink(new, keyID: keyID)
      health.succeeded()
      return CreatedLinkJSON.response(link)
    } catch {
      health.failed(error)
      let failure = APIFailure(error)
      return failure.status == .internalServerError
        ? APIRouter.answer(failure, request, context) : APIResponses.error(error)
    }
  }
}

/// The document's `CreatedLink` as compact JSON, byte for byte what Foundation's `JSONEncoder`
/// writes for `CreatedLinkBody` with the API's configuration (keys sorted, `/` unescaped, no
/// newline at the end): CreatedLinkJSONTests compares the two on hostile values.
enum CreatedLinkJSON {
  /// 201 with the link.
  static func response(_ link: ShortLink) -> Response {
    let bytes = self.bytes(link)
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    headers[.contentLength] = String(bytes.count)
    headers[.cacheControl] = "no-store"
    return Response(
      status: .created,
      headers: headers,
      body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
    )
  }

  /// `{"code", "expiresAt", "links", "maxVisits", "params", "route", "short"}`, in that order.
  static func bytes(_ link: ShortLink) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(512)
    out += #"{"code":"#.utf8
    string(link.code, to: &out)
    out += #","expiresAt":"#.utf8
    if let expiresAt = link.expiresAt {
      string(expiresAt.formatted(.iso8601), to: &out)
    } else {
      out += "null".utf8
    }
    out += #","links":"#.utf8
    links(link.links, to: &out)
    out += #","maxVisits":"#.utf8
    out += (link.maxVisits.map(String.init) ?? "null").utf8
    out += #","params":"#.utf8
    params(link.values, to: &out)
    out += #","route":"#.utf8
    string(link.route, to: &out)
    out += #","short":"#.utf8
    string(link.shortURL, to: &out)
    out.append(UInt8(ascii: "}"))
    return out
  }

  /// The link set's keys by name (the document's names), as a sorted encoder writes them.
  private static let linkKeys = LinkSet.Key.allCases.sorted { $0.rawValue < $1.rawValue }

  /// The links the link has, sorted by name; the absent ones left out.
  private static func links(_ links: LinkSet, to out: inout [UInt8]) {
    let members = linkKeys.compactMap { key in links[key].map { (key.rawValue, $0) } }
    object(members, to: &out) { string($0, to: &$1) }
  }

  /// The route's values by parameter name, sorted; a parameter without one left out (the
  /// document's `ParamValue` is never `null`).
  private static func params(_ values: RouteValues, to out: inout [UInt8]) {
    let members = values.all.compactMap { item in item.value.map { (item.parameter.name, $0) } }
    object(members.sorted { $0.0 < $1.0 }, to: &out) { value, out in
      switch value {
      case .int(let int): out += String(int).utf8
      case .bool(let bool): out += (bool ? "true" : "false").utf8
      case .uuid, .string: string(value.description, to: &out)
      }
    }
  }

  private static func object<Value>(
    _ members: [(String, Value)],
    to out: inout [UInt8],
    value write: (Value, inout [UInt8]) -> Void
  ) {
    out.append(UInt8(ascii: "{"))
    for (index, (name, value)) in members.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      string(name, to: &out)
      out.append(UInt8(ascii: ":"))
      write(value, &out)
    }
    out.append(UInt8(ascii: "}"))
  }

  /// A string literal as Foundation writes it: `"` and `\` escaped, `\b \t \n \f \r`, the
  /// other controls as `\u00xx`; everything else, `/` and DEL too, as it is.
  static func string(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), byte]
      case 0x08: out += #"\b"#.utf8
      case 0x09: out += #"\t"#.utf8
      case 0x0A: out += #"\n"#.utf8
      case 0x0C: out += #"\f"#.utf8
      case 0x0D: out += #"\r"#.utf8
      case ..<0x20:
        let digits = Array("0123456789abcdef".utf8)
        out += #"\u00"#.utf8
        out += [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
