import Foundation
import LinkKit
import Testing

/// A printed `--count-scans` code's link (`src=qr`) opens the app as the link without it: the
/// generated type reads the same case, and the parse reports the marker as an ignored item, so
/// the app can report the scan (`POST /api/v1/opens`).
struct ScanMarkerLinkTests {
  @Test(arguments: [
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "https://openlist.example.com/invite/ABC123?role=editor",
    "https://openlist.example.com/",
  ])
  func theMarkedLinkOpensTheSameCase(link: String) throws {
    let marked = ScanMarker.adding(to: link)
    #expect(marked != link && marked.hasSuffix("src=qr"))
    #expect(try OpenListLink(parsing: marked) == OpenListLink(parsing: link))
    let parsed = try OpenListLink.routeTable.parse(marked)
    #expect(parsed.ignoredQueryItems == [.init(name: "src", value: "qr")])
    #expect(ScanMarker.isMarked(parsed))
    #expect(!ScanMarker.isMarked(try OpenListLink.routeTable.parse(link)))
  }
}
