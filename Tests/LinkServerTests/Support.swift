import Foundation
import LinkKit
import LinkPages
import NIOCore
import Testing

@testable import LinkServer

/// The OpenList example and its pages, rendered as the server renders them.
enum Pages {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let table: RouteTable = {
    do {
      return try RouteTable(
        contentsOf: root.appendingPathComponent("Examples/openlist/linkgen.json")
      )
    } catch {
      fatalError("\(error)")
    }
  }()
  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  static let link = "https://openlist.example.com/shared-checklists/\(id)"

  /// The landing page the server sends this client, as text.
  static func render(_ client: ClientClassification, locale: String = "en") throws -> String {
    let renderer = try PageRenderer(table: table)
    let pages = LandingPages(
      renderer: renderer,
      security: SecurityHeaders(strictTransportSecurity: nil),
      cacheSize: 0,
      metrics: ServerMetrics()
    )
    let values = try table.values(for: "shared-checklist", arguments: ["id": id])
    let locale = try #require(pages.languages.locales.firstIndex(of: locale))
    let key = LandingPages.Key(link: link, page: client.page, locale: locale, copyLink: nil)
    let page = try pages.render(key, values: values)
    return String(buffer: page.body)
  }
}
