import Foundation
import HTTPTypes
import LinkAPI
import LinkKit
import LinkStore
@_spi(Generated) import OpenAPIRuntime
import Testing

@testable import LinkStoreServer

/// `POST /api/v1/links`' 201 body, written by hand (CreatedLinkJSON), is byte for byte what the
/// generated code writes for the document's `CreatedLink`: the runtime's converter, with the
/// API's configuration, encoding `CreatedLinkBody` through Foundation's JSONEncoder.
@Suite struct CreatedLinkJSONTests {
  /// What a text value may hold (LinkKit refuses controls and invisible characters) that an
  /// encoder may treat specially: `"`, `\`, `/`, non-ASCII, HTML's characters.
  static let hostile = "\"\\/é😀<script>&amp;'%20+?# \\u0041"

  /// Every character an encoder may escape: all of ASCII, DEL, U+0085, U+2028, U+2029, and
  /// characters outside the BMP.
  static let everyEscape =
    String((0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) })
    + "\u{85}\u{2028}\u{2029}é😀"

  /// Requests covering each kind of value (UUID, enum, boolean, integer, text, none), an
  /// expiry, a visit limit and a slug.
  static let requests: [NewShortLink] = [
    NewShortLink(route: "shared-checklist", arguments: ["id": Tables.checklistID]),
    NewShortLink(
      route: "checklist",
      arguments: ["list": Tables.checklistID, "layout": "board", "showDone": "true", "page": "7"],
      expiresAt: Date(timeIntervalSince1970: 1_924_991_999),
      maxVisits: 3,
      slug: "launch-2031"
    ),
    NewShortLink(route: "search", arguments: ["query": hostile]),
    NewShortLink(route: "search", arguments: ["query": "a", "from": String(hostile.prefix(40))]),
    NewShortLink(route: "home", arguments: [:], maxVisits: 1_000_000),
  ]

  @Test func theBytesAreTheGeneratedEncodersForEveryKindOfValue() async throws {
    let links = try await TestDatabase.with(.sqlite) { database in
      try await database.withStore { store in
        var links: [ShortLink] = []
        for request in Self.requests { links.append(try await store.createLink(request)) }
        return links
      }
    }
    #expect(links.count == Self.requests.count)
    for link in links {
      let written = CreatedLinkJSON.bytes(link)
      let generated = try await Self.generated(link)
      #expect(
        written == generated,
        "\(link.route): \(String(decoding: written, as: UTF8.self)) != \(String(decoding: generated, as: UTF8.self))"
      )
    }
  }

  @Test func textIsEscapedAsTheGeneratedEncoderEscapesIt() async throws {
    var written: [UInt8] = []
    CreatedLinkJSON.string(Self.everyEscape, to: &written)
    var fields = HTTPFields()
    let body = try Converter(configuration: APIRouter.configuration).setResponseBodyAsJSON(
      Self.everyEscape,
      headerFields: &fields,
      contentType: "application/json; charset=utf-8"
    )
    let generated = try await [UInt8](collecting: body, upTo: 1 << 20)
    #expect(
      written == generated,
      "\(String(decoding: written, as: UTF8.self)) != \(String(decoding: generated, as: UTF8.self))"
    )
  }

  /// What the generated server wrote for the link (swift-openapi-generator's `createLink`).
  static func generated(_ link: ShortLink) async throws -> [UInt8] {
    var fields = HTTPFields()
    let body = try Converter(configuration: APIRouter.configuration).setResponseBodyAsJSON(
      CreatedLinkBody(link),
      headerFields: &fields,
      contentType: "application/json; charset=utf-8"
    )
    return try await [UInt8](collecting: body, upTo: 1 << 20)
  }
}

/// The document's types for a link, as the generated `createLink` answered with them.
extension CreatedLinkBody {
  init(_ link: ShortLink) {
    var params: [String: Components.Schemas.ParamValue?] = [:]
    for item in link.values.all {
      // A `nil` value assigned through the subscript removes the key: a parameter without a
      // value is left out, as the document's `ParamValue` is never `null`.
      params[item.parameter.name] = item.value.map { value in
        switch value {
        case .uuid, .string: .case1(value.description)
        case .int(let int): .case2(int)
        case .bool(let bool): .case3(bool)
        }
      }
    }
    self.init(
      code: link.code,
      short: link.shortURL,
      route: link.route,
      params: params,
      links: Components.Schemas.Links(link.links),
      expiresAt: link.expiresAt,
      maxVisits: link.maxVisits
    )
  }
}

extension Components.Schemas.Links {
  init(_ links: LinkSet) {
    self.init(
      scheme: links.scheme,
      universal: links.universal,
      appStore: links[.appStore],
      appStoreApp: links[.appStoreApp],
      playStore: links[.playStore],
      androidIntent: links[.androidIntent],
      web: links[.web]
    )
  }
}
