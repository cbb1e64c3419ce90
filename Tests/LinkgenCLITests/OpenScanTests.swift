import Foundation
import LinkAPI
import LinkgenTestSupport
import Testing

/// `POST /api/v1/opens` with a link that carries the scan marker (`src=qr`, a printed
/// `--count-scans` code): the app reports a scan that opened it directly, counted as a scan of
/// that link, not as a deferred open.
@Suite(.blockingWork) struct OpenScanTests {
  @Test func aReportedLinkWithTheScanMarkerCountsAsAScan() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create,stats:read")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let code = try API.createLink(server, key: key)
    let app = [("User-Agent", "okhttp/4.12.0")]
    func report(_ link: String) throws -> WireResponse {
      try API.send(server, "POST", "/api/v1/opens", body: #"{"link": "\#(link)"}"#, headers: app)
    }
    let short = "https://openlist.example.com/s/\(code)"
    let scanned = try report(short + "?src=qr")
    #expect(scanned.status == 204, "\(scanned.text)")
    #expect(try report(short + "?utm_source=poster&src=qr#top").status == 204)
    #expect(try report(short).status == 204, "the same link restored after install")
    #expect(try report(ServeTests.link + "?src=qr").status == 204, "a universal link, scanned")
    // A marker with another value is not the scan marker: the link is read as it is.
    #expect(try report(short + "?src=qrx").status == 204)
    let unknown = try report("https://openlist.example.com/s/zzzzzzzzzzzz?src=qr")
    #expect(try unknown.status == 404 && API.error(unknown).field == "link")

    #expect(server.stop() == 0, "\(server.log)")
    let byLink = try API.stats(database, ["--link", code, "--by", "link"])
    #expect(byLink.first?["scans"] as? Int == 2, "\(byLink)")
    #expect(byLink.first?["deferredOpens"] as? Int == 2, "\(byLink)")
    let byRoute = try API.stats(database, ["--route", "shared-checklist", "--by", "route"])
    #expect(byRoute.first?["scans"] as? Int == 3, "the universal link's scan too: \(byRoute)")

    // The API's stats, with the scans, follow the document.
    let again = try ServerProcess(Linkgen.openlist + ["--database", database])
    let stats = try API.send(
      again,
      "GET",
      "/api/v1/stats?groupBy=route",
      headers: API.bearer(key)
    )
    #expect(stats.status == 200, "\(stats.text)")
    let read = try APISchemaTests.decode(Components.Schemas.Stats.self, stats)
    #expect(read.rows.first?.scans == 3 && read.rows.first?.deferredOpens == 2)
  }
}
