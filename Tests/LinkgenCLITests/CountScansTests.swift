import Foundation
import LinkgenTestSupport
import Testing

/// `--count-scans`: codes made by the real commands decode (zbarimg) to their link with the scan
/// marker `src=qr`; the real `linkgen serve` on SQLite answers that link exactly as the link
/// without it, on hummingbird's path and on the path from memory, and counts a person's request
/// as a scan, not a click (a bot's stays a bot's).
@Suite(.blockingWork, .enabled(if: Scanner.canDecodePNG, "zbarimg is not installed; skipping"))
struct CountScansTests {
  static let origin = "https://openlist.example.com"
  static let iPhone = ("User-Agent", UserAgent.iPhoneSafari)

  /// The target of a decoded `https://openlist.example.com/…` link.
  static func target(_ link: String) throws -> String {
    try #require(link.hasPrefix(origin), "\(link)")
    return String(link.dropFirst(origin.count))
  }

  /// `target` asked for on a fresh connection that closes (hummingbird answers), then twice on
  /// one kept-alive connection (answered from memory once the page, and a short link, are
  /// kept): the three bodies, which must be the same.
  static func bothPaths(_ server: ServerProcess, _ target: String) throws -> [UInt8] {
    let first = try server.get(target, headers: [iPhone])
    #expect(first.status == 200 && first.header("Location") == nil, "\(target): \(first.status)")
    let connection = try HTTPConnection(port: server.port)
    for _ in 0..<2 {
      let again = try connection.exchange("GET", target, headers: [iPhone])
      #expect(again.status == 200 && again.body == first.body, "\(target) kept alive")
    }
    return first.body
  }

  /// One stats row's counts (`--by link` or `--by route`).
  static func counts(_ database: String, _ arguments: [String]) throws -> (Int?, Int?, Int?) {
    let rows = try API.stats(database, arguments)
    #expect(rows.count == 1, "\(rows)")
    let row = rows.first ?? [:]
    return (row["scans"] as? Int, row["clicks"] as? Int, row["bots"] as? Int)
  }

  @Test func aTableLinksCodeFromMakeCountsScans() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let png = directory.file("invite.png")
    let made = try Linkgen.run(
      ["make", "shared-checklist", "--id", ServeTests.id, "--qr", png.path, "--count-scans"]
        + Linkgen.openlist
    )
    #expect(made.status == 0, "\(made.error)")
    let decoded = try #require(try Scanner.decode(png: png))
    #expect(decoded == ServeTests.link + "?src=qr")

    var server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let marked = try Self.bothPaths(server, try Self.target(decoded))
    // A bot with the marker is a bot, and the code's image is no scan.
    #expect(
      try server.get(try Self.target(decoded), headers: [("User-Agent", "curl/8.5")]).status == 200
    )
    #expect(try server.get(try Self.target(decoded) + "&qr=png").status == 200)
    #expect(server.stop() == 0, "\(server.log)")
    let (scans, clicks, bots) = try Self.counts(
      database,
      ["--route", "shared-checklist", "--by", "route"]
    )
    #expect(
      scans == 3 && clicks == 0 && bots == 1,
      "scans \(scans as Any), clicks \(clicks as Any)"
    )

    // The link without the marker: the same page, counted as a click.
    server = try ServerProcess(Linkgen.openlist + ["--database", database])
    #expect(try Self.bothPaths(server, try Self.target(ServeTests.link)) == marked)
    #expect(server.stop() == 0, "\(server.log)")
    let after = try Self.counts(database, ["--route", "shared-checklist", "--by", "route"])
    #expect(after.0 == 3 && after.1 == 3, "\(after)")
  }

  @Test func aShortLinksCodeCountsScansAndUsesItsVisits() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "links:create")
    let arguments = Linkgen.openlist + ["--database", database, "--link-cache-seconds", "60"]
    var server = try ServerProcess(arguments)
    let code = try API.createLink(server, key: key)
    let short = "\(Self.origin)/s/\(code)"
    let png = directory.file("short.png")
    let made = try Linkgen.run(["qr", short, "--out", png.path, "--count-scans"])
    #expect(made.status == 0, "\(made.error)")
    let decoded = try #require(try Scanner.decode(png: png))
    #expect(decoded == short + "?src=qr")
    let marked = try Self.bothPaths(server, try Self.target(decoded))

    // A one-visit link: a scan uses its visit up, as a click would.
    let once = try API.send(
      server,
      "POST",
      "/api/v1/links",
      body: API.createBody(", \"maxVisits\": 1, \"slug\": \"printed-once\""),
      headers: API.bearer(key)
    )
    #expect(once.status == 201, "\(once.text)")
    #expect(try server.get("/s/printed-once?src=qr", headers: [Self.iPhone]).status == 200)
    #expect(try server.get("/s/printed-once", headers: [Self.iPhone]).status == 410)
    #expect(server.stop() == 0, "\(server.log)")
    let counted = try Self.counts(database, ["--link", code, "--by", "link"])
    #expect(counted.0 == 3 && counted.1 == 0, "\(counted)")
    let onceCounted = try Self.counts(database, ["--link", "printed-once", "--by", "link"])
    #expect(onceCounted.0 == 1 && onceCounted.1 == 0, "\(onceCounted)")

    server = try ServerProcess(arguments)
    #expect(try Self.bothPaths(server, "/s/\(code)") == marked)
    #expect(server.stop() == 0, "\(server.log)")
    let after = try Self.counts(database, ["--link", code, "--by", "link"])
    #expect(after.0 == 3 && after.1 == 3, "\(after)")
  }

  @Test func onlyTheExactItemIsTheMarker() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let path = try Self.target(ServeTests.link)
    for query in ["?src=other", "?src=QR", "?src=%71r", "?xsrc=qr"] {
      #expect(try server.get(path + query, headers: [Self.iPhone]).status == 200, "\(query)")
    }
    #expect(try server.get(path + "?utm_source=mail&src=qr", headers: [Self.iPhone]).status == 200)
    #expect(server.stop() == 0, "\(server.log)")
    let counted = try Self.counts(database, ["--route", "shared-checklist", "--by", "route"])
    #expect(counted.0 == 1 && counted.1 == 4, "\(counted)")
  }

  @Test func batchAndSheetCodesCarryTheMarkerAndPrintTheCleanLink() throws {
    let directory = try TemporaryDirectory()
    let out = directory.file("cards")
    let batch = try Linkgen.run(
      [
        "batch", "shared-checklist", "--input", SheetCommandTests.invites, "--out", out.path,
        "--name", "{id}", "--count-scans",
      ] + Linkgen.openlist
    )
    #expect(batch.status == 0, "\(batch.error)")
    let rows = try SheetCommandTests.rows()
    for row in rows.prefix(3) {
      let decoded = try Scanner.decode(png: out.appendingPathComponent("\(row.id).png"))
      #expect(decoded == "\(Self.origin)/shared-checklists/\(row.id)?src=qr")
    }
    // The manifest lists the links themselves.
    let manifest = try String(
      contentsOf: out.appendingPathComponent("manifest.json"),
      encoding: .utf8
    )
    #expect(!manifest.contains("src=qr"), "\(manifest.prefix(400))")

    guard PDFTools.available else { return }
    let pdf = directory.file("invites.pdf")
    let sheet = try Linkgen.run(SheetCommandTests.sheet(pdf, ["--count-scans"]))
    #expect(sheet.status == 0, "\(sheet.error)")
    let millimetre = 72 / 25.4
    let box = PDFTools.Box(
      x: 20 * millimetre,
      y: 11 * millimetre,
      width: 85 * millimetre,
      height: 55 * millimetre
    )
    let card = try PDFTools.render(pdf, page: 1, box: box, in: directory.url)
    let first = try #require(rows.first)
    #expect(try Scanner.decode(png: card) == "\(Self.origin)/shared-checklists/\(first.id)?src=qr")
    let text = SheetCommandTests.squeezed(try PDFTools.text(pdf, page: 1, box: box))
    #expect(text.contains(SheetCommandTests.squeezed("openlist.example.com/shared")), "\(text)")
    #expect(!text.contains("src=qr"), "\(text)")
  }

  @Test(arguments: [
    // Without a code to mark.
    (["make", "home", "--count-scans"], "--count-scans needs --qr"),
    // A link that never reaches the server.
    (["make", "home", "--qr", "PNG", "--qr-link", "scheme", "--count-scans"], "scheme link"),
    (
      [
        "batch", "shared-checklist", "--input", SheetCommandTests.invites, "--out", "DIR",
        "--qr-link", "scheme", "--count-scans",
      ], "scheme link"
    ),
    (["qr", "not a link", "--out", "PNG", "--count-scans"], "not an https link"),
  ])
  func countScansWithoutAMarkableLinkIsAUsageError(arguments: [String], message: String) throws {
    let directory = try TemporaryDirectory()
    let resolved = arguments.map {
      $0 == "PNG" ? directory.file("x.png").path : $0 == "DIR" ? directory.file("out").path : $0
    }
    let result = try Linkgen.run(resolved + (arguments[0] == "qr" ? [] : Linkgen.openlist))
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: directory.file("x.png").path))
    #expect(!FileManager.default.fileExists(atPath: directory.file("out/manifest.json").path))
  }

  /// A route whose universal link has a `src` query item reads `src=qr` as its value: the
  /// commands refuse to mark it, and the server counts its links' requests as clicks.
  @Test func aRouteThatDeclaresSrcIsNeverMarked() throws {
    let directory = try TemporaryDirectory()
    let table = directory.file("linkgen.json")
    let json = try String(contentsOf: PackagePaths.example("openlist"), encoding: .utf8)
      .replacingOccurrences(
        of: "\"routes\": [",
        with: """
          "routes": [{ "name": "campaign", "parameters": [{ "name": "source", "type": "string", \
          "default": "web" }], "scheme": "openlist://campaign?src={source}", \
          "universal": "/campaign?src={source}" },
          """
      )
    try json.write(to: table, atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: directory.file("templates"),
      withDestinationURL: PackagePaths.example("openlist").deletingLastPathComponent()
        .appendingPathComponent("templates")
    )
    let config = ["--config", table.path]
    let made = try Linkgen.run(
      ["make", "campaign", "--qr", directory.file("c.png").path, "--count-scans"] + config
    )
    #expect(made.status == 64 && made.error.contains("'src'"), "\(made.error)")

    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let server = try ServerProcess(config + ["--database", database])
    let page = try server.get("/campaign?src=qr", headers: [Self.iPhone])
    #expect(page.status == 200)
    #expect(page.text.contains("openlist://campaign?src=qr"), "the marker is the route's value")
    #expect(server.stop() == 0, "\(server.log)")
    let counted = try Self.counts(database, ["--route", "campaign", "--by", "route"])
    #expect(counted.0 == 0 && counted.1 == 1, "\(counted)")
  }
}
