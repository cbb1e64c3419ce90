import Foundation
import LinkgenTestSupport
import Testing

/// A browser says a request is a prefetch or preview in one of four headers. Each spelling
/// must be read the same way on both of the server's paths — hummingbird's (a short link's
/// first visit, a one-visit link) and the answer from memory (a popular link on a kept-alive
/// connection) — or a prefetch uses up a one-visit link and counts as a person's click.
@Suite(.blockingWork) struct PrefetchPurposeTests {
  static let spellings = [
    ("Sec-Purpose", "prefetch"), ("Sec-Purpose", "prefetch;prerender"), ("Purpose", "prefetch"),
    ("X-Moz", "prefetch"), ("X-Purpose", "preview"),
  ]

  @Test(arguments: spellings)
  func aPrefetchNeverUsesUpAOneVisitLink(header: String, value: String) throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let created = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(", \"maxVisits\": 1, \"slug\": \"once\""),
      headers: API.bearer(key)
    )
    #expect(created.status == 201, "\(created.text)")
    let iPhone = ("User-Agent", UserAgent.iPhoneSafari)
    let prefetch = try server.get("/s/once", headers: [iPhone, (header, value)])
    #expect(prefetch.status == 200, "\(header): \(value)")
    let person = try server.get("/s/once", headers: [iPhone])
    #expect(person.status == 200, "the prefetch (\(header): \(value)) used the visit up")
    #expect(try server.get("/s/once", headers: [iPhone]).status == 410)
    #expect(server.stop() == 0, "\(server.log)")
  }

  @Test func everySpellingIsABotOnThePathFromMemory() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", database, "--link-cache-seconds", "60"]
    )
    let code = try API.createLink(server, key: key)
    let connection = try HTTPConnection(port: server.port)
    let iPhone = ("User-Agent", UserAgent.iPhoneSafari)
    // The first visit keeps the link and its page in memory; the prefetches after it on the
    // same connection are answered from there.
    let first = try connection.exchange("GET", "/s/\(code)", headers: [iPhone])
    #expect(first.status == 200)
    for (header, value) in Self.spellings {
      let again = try connection.exchange("GET", "/s/\(code)", headers: [iPhone, (header, value)])
      #expect(again.status == 200 && again.body == first.body, "\(header): \(value)")
    }
    #expect(server.stop() == 0, "\(server.log)")
    let byLink = try API.stats(database, ["--link", code, "--by", "link"])
    #expect(byLink.first?["clicks"] as? Int == 1, "the person only: \(byLink)")
    #expect(byLink.first?["bots"] as? Int == Self.spellings.count, "\(byLink)")
  }
}
