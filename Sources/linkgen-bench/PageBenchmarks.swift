import Foundation
import LinkKit
import LinkPages
import LinkQR
import LinkServer

/// Landing pages of the openlist example for distinct links, as `linkgen serve` makes them on
/// a cache miss (the page's plan filled with the link's values; the desktop page with its QR
/// code encoded and drawn), against the same page from the cache (the link built and looked up
/// among rendered pages), as the server answers a link it has seen.
enum PageBenchmarks {
  static let names = ["page-iphone", "page-in-app", "page-desktop"]

  static func run(_ selected: Set<String>) {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    guard
      let table = try? RouteTable(
        contentsOf: root.appendingPathComponent("Examples/openlist/linkgen.json")
      ),
      let renderer = try? PageRenderer(table: table)
    else {
      print("linkgen-bench: cannot load Examples/openlist/linkgen.json")
      return
    }
    let values = (0..<4096).compactMap { _ in
      try? table.values(for: "shared-checklist", arguments: ["id": UUID().uuidString])
    }
    let deferred = DeferredLinkOptions()
    let help = InAppBrowserHelp(browser: "Instagram", escape: .instagram)
    let pages: [String: (RouteValues) throws -> ServedPage] = [
      "page-iphone": {
        try renderer.servedLandingPage(for: $0, platform: .ios, deferred: deferred)
      },
      "page-in-app": {
        try renderer.servedLandingPage(for: $0, platform: .ios, inApp: help, deferred: deferred)
      },
      "page-desktop": { values in
        let code = try QRCode(encoding: try table.link(.universal, for: values))
        return try renderer.servedLandingPage(
          for: values,
          deferred: deferred,
          desktop: true,
          qrDrawing: QRDrawing(code: code)
        )
      },
    ]
    for name in names where selected.contains(name) {
      guard let page = pages[name] else { continue }
      measure(name, table: table, values: values, page: page)
    }
  }

  private static func measure(
    _ name: String,
    table: RouteTable,
    values: [RouteValues],
    page: (RouteValues) throws -> ServedPage
  ) {
    var cache: [String: ServedPage] = [:]
    for item in values.prefix(64) {
      if let link = try? table.link(.universal, for: item) { cache[link] = try? page(item) }
    }
    let cursor = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    cursor.initialize(to: 0)
    defer { cursor.deallocate() }
    var bytes = 0
    let (ours, baseline) = Harness.compare(
      iterations: 2000,
      baselineIterations: 20000,
      ours: {
        cursor.pointee = (cursor.pointee + 1) % values.count
        let served = try? page(values[cursor.pointee])
        bytes = served?.bytes.count ?? 0
        blackHole(served)
      },
      baseline: {
        cursor.pointee = (cursor.pointee + 1) & 63
        let link = try? table.link(.universal, for: values[cursor.pointee])
        blackHole(link.flatMap { cache[$0] })
      }
    )
    Harness.report(name, ours: ours, baseline: baseline, extra: "page_bytes=\(bytes)")
  }
}
