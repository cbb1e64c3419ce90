import Foundation
import Testing

@testable import LinkKit

/// The scan marker (`src=qr`): added to a link once, removed from a request target exactly,
/// reported by the parser as an ignored item, and refused by routes that declare `src`.
struct ScanMarkerTests {
  static let link = "https://openlist.example.com/shared-checklists/\(Fixtures.idText)"

  @Test(arguments: [
    ("https://openlist.example.com/s/k7m2", "https://openlist.example.com/s/k7m2?src=qr"),
    (
      "https://a.example.com/invite/AB?role=editor",
      "https://a.example.com/invite/AB?role=editor&src=qr"
    ),
    ("https://a.example.com/x?", "https://a.example.com/x?src=qr"),
    ("https://a.example.com/x?a=1&", "https://a.example.com/x?a=1&src=qr"),
    ("https://a.example.com/x#top", "https://a.example.com/x?src=qr#top"),
    ("https://a.example.com/x?a=1#top", "https://a.example.com/x?a=1&src=qr#top"),
    // Already marked: never doubled.
    ("https://a.example.com/x?src=qr", "https://a.example.com/x?src=qr"),
    ("https://a.example.com/x?a=1&src=qr&b=2", "https://a.example.com/x?a=1&src=qr&b=2"),
    // Another src, or the marker inside another item, is no marker.
    ("https://a.example.com/x?src=mail", "https://a.example.com/x?src=mail&src=qr"),
    ("https://a.example.com/x?xsrc=qr", "https://a.example.com/x?xsrc=qr&src=qr"),
  ])
  func addsTheMarkerOnce(link: String, marked: String) {
    #expect(ScanMarker.adding(to: link) == marked)
    #expect(ScanMarker.adding(to: marked) == marked)
  }

  @Test(arguments: [
    ("/s/k7m2?src=qr", "/s/k7m2"),
    ("/s/k7m2?src=qr&utm_source=mail", "/s/k7m2?utm_source=mail"),
    ("/x?a=1&src=qr&b=2", "/x?a=1&b=2"),
    ("/x?src=qr&src=qr", "/x"),
    ("/x?a=&src=qr&&b", "/x?a=&&b"),
    ("/x?qr=png&src=qr", "/x?qr=png"),
  ])
  func removesTheExactItem(target: String, clean: String) {
    #expect(ScanMarker.removing(from: target) == clean)
  }

  @Test(arguments: [
    "/s/k7m2", "/s/k7m2?", "/s/src=qr", "/x?src=QR", "/x?SRC=qr", "/x?src=qr2", "/x?src=%71r",
    "/x?asrc=qr", "/x?src=other", "/x?src", "/x#?src=qr",
  ])
  func leavesOtherTargetsAlone(target: String) {
    #expect(ScanMarker.removing(from: target) == nil)
  }

  @Test func theParserReportsTheMarkerAsAnIgnoredItem() throws {
    let table = Fixtures.openlist
    let plain = try table.parse(Self.link)
    let marked = try table.parse(ScanMarker.adding(to: Self.link))
    #expect(marked.values == plain.values && marked.route == plain.route)
    #expect(marked.ignoredQueryItems == [.init(name: "src", value: "qr")])
    #expect(ScanMarker.isMarked(marked) && !ScanMarker.isMarked(plain))
    let other = try table.parse(Self.link + "?src=other")
    #expect(!ScanMarker.isMarked(other))
    #expect(other.ignoredQueryItems == [.init(name: "src", value: "other")])
    let invite = try table.parse("https://openlist.example.com/invite/AB12CD34?src=qr&role=viewer")
    #expect(ScanMarker.isMarked(invite) && invite.values["role"] == .string("viewer"))
  }

  @Test func aRouteThatDeclaresSrcReadsTheMarkerAsItsValue() throws {
    let table = try Fixtures.table(
      routes: """
        { "name": "campaign",
          "parameters": [{ "name": "source", "type": "string", "default": "web" }],
          "scheme": "openlist://campaign?src={source}", "universal": "/campaign?src={source}" },
        { "name": "home", "scheme": "openlist://home", "universal": "/home" }
        """
    )
    let campaign = try #require(table.route(named: "campaign"))
    let home = try #require(table.route(named: "home"))
    #expect(!ScanMarker.fits(campaign) && ScanMarker.fits(home))
    let parsed = try table.parse("https://openlist.example.com/campaign?src=qr")
    #expect(parsed.values["source"] == .string("qr") && !ScanMarker.isMarked(parsed))
    #expect(ScanMarker.problem(route: campaign, link: .universal)?.contains("'src'") == true)
    #expect(ScanMarker.problem(route: home, link: .universal) == nil)
    #expect(ScanMarker.problem(route: home, link: .scheme)?.contains("scheme link") == true)
  }
}
