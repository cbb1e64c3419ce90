import Foundation
import LinkAssociation
import LinkKit
import LinkStore
import LinkgenTestSupport
import Testing

/// Moving in from Firebase Dynamic Links: long links (`/?link=…`) and imported short links at
/// their old paths (`/AbCd`), answered by a real `linkgen serve` with the OpenList table.
@Suite(.blockingWork) struct FirebaseLongLinkServeTests {
  static let deepLink = "https%3A%2F%2Fopenlist.example.com%2Finvite%2FABC123%3Frole%3Deditor"
  static let card =
    "st=Join+my+list&sd=Groceries+for+Saturday"
    + "&si=https%3A%2F%2Fopenlist.example.com%2Fimages%2Fspring.png"
  /// A long link with every parameter FDL documented, the fallbacks pointing elsewhere.
  static let everyParameter =
    "/?link=\(deepLink)&apn=com.example.openlist&afl=https%3A%2F%2Fevil.example%2Fa&amv=3"
    + "&ibi=com.example.openlist&ifl=https%3A%2F%2Fevil.example%2Fi&ius=openlist"
    + "&ipfl=https%3A%2F%2Fevil.example%2Fp&ipbi=com.example.openlist&isi=1234567890&imv=2.0"
    + "&efr=1&ofl=https%3A%2F%2Fevil.example%2Fo&\(card)&utm_source=newsletter&utm_medium=email"
    + "&utm_campaign=spring&utm_term=t&utm_content=c&at=a&ct=c&mt=8&pt=1&d=0"

  static let schemeLink = "openlist://invite?code=ABC123&amp;role=editor"

  @Test func aLongLinkGetsItsRoutesPagePerClientWithItsCard() throws {
    let server = try ServerProcess()
    let iPhone = try server.get(
      Self.everyParameter,
      headers: [("User-Agent", UserAgent.iPhoneSafari)]
    )
    #expect(iPhone.status == 200)
    #expect(iPhone.header("Location") == nil)
    #expect(iPhone.text.contains(Self.schemeLink), "\(iPhone.text)")
    #expect(!iPhone.text.contains("evil.example"))
    #expect(iPhone.text.contains("og:title\" content=\"Join my list\""))

    // The same page as the universal link's own, but for its card.
    let own = try server.get(
      "/invite/ABC123?role=editor",
      headers: [("User-Agent", UserAgent.iPhoneSafari)]
    )
    #expect(own.status == 200)
    #expect(!own.text.contains("Join my list"))

    let crawler = try server.get(
      Self.everyParameter,
      headers: [("User-Agent", UserAgent.slackCrawler)]
    )
    #expect(crawler.status == 200 && crawler.header("Location") == nil)
    #expect(crawler.text.contains("og:title\" content=\"Join my list\""), "\(crawler.text)")
    #expect(crawler.text.contains("og:description\" content=\"Groceries for Saturday\""))
    #expect(
      crawler.text.contains("og:image\" content=\"https://openlist.example.com/images/spring.png\"")
    )
    #expect(!crawler.text.contains("evil.example"))

    let android = try server.get(
      Self.everyParameter,
      headers: [("User-Agent", UserAgent.androidChrome)]
    )
    #expect(android.status == 200 && android.text.contains("intent:"))

    // The fallbacks are logged as ignored, by name.
    #expect(server.stop() == 0)
    #expect(
      server.log.contains("afl,ifl,ipfl,ofl") || server.log.contains("fallbacks ignored"),
      "\(server.log)"
    )
    #expect(!server.log.contains("evil.example"))
  }

  @Test(arguments: [
    "st=Evil&si=http%3A%2F%2Fopenlist.example.com%2Fimages%2Fspring.png",
    "st=Evil&si=https%3A%2F%2Fevil.example%2Fspring.png",
    "st=Evil&si=https%3A%2F%2Fopenlist.example.com.evil.example%2Fspring.png",
    "st=Evil&sd=no+image",
  ])
  func aCardThatBreaksTheRuleLeavesTheRoutesOwn(card: String) throws {
    let server = try ServerProcess()
    let page = try server.get(
      "/?link=\(Self.deepLink)&\(card)",
      headers: [("User-Agent", UserAgent.slackCrawler)]
    )
    #expect(page.status == 200 && page.header("Location") == nil)
    #expect(!page.text.contains("Evil"), "\(page.text)")
    #expect(!page.text.contains("evil.example"))
    #expect(
      page.text.contains("og:image\" content=\"https://openlist.example.com/images/preview.png\"")
    )
  }

  @Test(arguments: [
    "/?link=https%3A%2F%2Fevil.example%2Finvite%2FABC123",
    "/?link=javascript%3Aalert(document.domain)",
    "/?link=javascript:alert(1)",
    "/?link=JAVASCRIPT%3A%2F%2Fopenlist.example.com%2Finvite%2FABC123",
    "/?link=data%3Atext%2Fhtml%2C%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "/?link=\(deepLink)&apn=com.evil.app",
    "/?link=\(deepLink)&ibi=com.evil.app",
    "/?link=\(deepLink)&isi=1",
    "/?link=\(deepLink)&ipbi=com.evil.app",
    "/?link=\(deepLink)&ius=evil",
    "/?link=\(deepLink)&link=https%3A%2F%2Fevil.example%2F",
    "/?link=https%3A%2F%2Fopenlist.example.com%40evil.example%2Finvite%2FABC123",
    "/?link=https%3A%2F%2Fopenlist.example.com%2Finvite%252FABC123",
    "/?link=https%3A%2F%2Fopenlist.example.com%2Finvite%2F%2E%2E%2Faccount",
    "/?link=https%253A%252F%252Fopenlist.example.com%252Finvite%252FABC123",
    "/?link=%2F%2Fevil.example%2Finvite%2FABC123",
    "/?link=https%3A%2F%2Fopenlist.example.com%2Finvite%2FABC123%0D%0ALocation%3A+https%3A%2F%2Fevil.example",
    "/?link=%ZZ",
    "/?link=openlist%3A%2F%2Finvite%3Fcode%3DABC123",
    "/?link=",
  ])
  func aForeignOrHostileLongLinkGetsThe404PageAndNoRedirect(target: String) throws {
    let server = try ServerProcess()
    let notFound = try server.get(
      "/no-such-page",
      headers: [("User-Agent", UserAgent.iPhoneSafari)]
    )
    let answer = try server.get(target, headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(answer.status == 404, "\(target)")
    #expect(answer.header("Location") == nil)
    #expect(answer.text == notFound.text, "the one 404 page, nothing of the request in it")
    #expect(!answer.text.contains("evil"))
  }

  @Test func fallbacksWithoutADeepLinkAreTheHomePageNeverARedirect() throws {
    let server = try ServerProcess()
    let home = try server.get("/", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    let answer = try server.get(
      "/?afl=https%3A%2F%2Fevil.example%2F&ofl=https%3A%2F%2Fevil.example%2F&ifl=x",
      headers: [("User-Agent", UserAgent.iPhoneSafari)]
    )
    #expect(answer.status == 200 && answer.header("Location") == nil)
    #expect(answer.text == home.text, "the table's home route, its query ignored")
  }

  @Test func aLongLinksClickCountsForTheRouteUnderItsUTMSource() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    for _ in 0..<3 {
      let page = try server.get(
        Self.everyParameter,
        headers: [("User-Agent", UserAgent.iPhoneSafari)]
      )
      #expect(page.status == 200)
    }
    let refused = try server.get(
      "/?link=https%3A%2F%2Fevil.example%2F&utm_source=newsletter",
      headers: [("User-Agent", UserAgent.iPhoneSafari)]
    )
    #expect(refused.status == 404)
    #expect(server.stop() == 0, "\(server.log)")
    let rows = try API.stats(database, ["--route", "invite", "--by", "referrer"])
    let newsletter = rows.first { $0["referrer"] as? String == "utm_newsletter" }
    #expect(newsletter?["clicks"] as? Int == 3, "\(rows)")
  }

  // MARK: Kept paths

  /// Imports `/AbCd` (the invite ABC123) and `/Old/Sale` (a checklist) through the store's API.
  static func importKeptPaths(_ database: String) async throws {
    let table = try RouteTable(contentsOf: PackagePaths.example("openlist"))
    try await LinkStore.withStore(try DatabaseURL(database), table: table) { store in
      let report = try await store.importLinks(
        [
          ImportedLink(
            keptPath: "/AbCd",
            route: "invite",
            arguments: ["code": "ABC123", "role": "editor"],
            label: "Spring invite",
            card: SocialCard(
              title: "Join my list",
              description: nil,
              imageURL: "https://openlist.example.com/images/spring.png"
            )
          ),
          ImportedLink(
            keptPath: "/Old/Sale",
            route: "shared-checklist",
            arguments: ["id": ServeTests.id]
          ),
          ImportedLink(
            keptPath: "/Gone",
            route: "shared-checklist",
            arguments: ["id": ServeTests.id],
            isArchived: true
          ),
        ],
        source: "fdl"
      )
      #expect(report.created.count == 3, "\(report)")
    }
  }

  static func keptPathsAnswer(_ database: String) throws {
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    let iPhone = try server.get("/AbCd", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(iPhone.status == 200 && iPhone.header("Location") == nil, "\(iPhone.text)")
    #expect(iPhone.text.contains(Self.schemeLink), "\(iPhone.text)")
    let crawler = try server.get("/AbCd", headers: [("User-Agent", UserAgent.slackCrawler)])
    #expect(crawler.status == 200)
    #expect(crawler.text.contains("og:title\" content=\"Join my list\""), "\(crawler.text)")
    let nested = try server.get("/Old/Sale", headers: [("User-Agent", UserAgent.iPhoneSafari)])
    #expect(nested.status == 200)
    #expect(
      nested.text.contains("openlist://shared-checklists?shared-checklistId=\(ServeTests.id)")
    )
    #expect(try server.get("/Gone").status == 410)
    // Case matters, and nothing else answers. (`/console/…` is the console's: without a
    // session it answers 303 to its sign-in page, ConsoleSecurityTests.)
    for target in ["/abcd", "/AbCd/x", "/AbCde", "/metrics2", "/api/AbCd", "/consoles/AbCd"] {
      let answer = try server.get(target, headers: [("User-Agent", UserAgent.iPhoneSafari)])
      #expect(answer.status == 404, "\(target)")
      #expect(answer.header("Location") == nil)
    }
    // The server's own paths and the table's routes still win.
    #expect(try server.get("/healthz").status == 200)
    #expect(try server.get("/invite/ABC123").status == 200)
    // The served AASA claims the live kept paths exactly, as Apple's matcher reads it.
    let aasa = AASAFile(try server.get("/.well-known/apple-app-site-association").body)
    for (path, claimed) in [
      ("/AbCd", true), ("/Old/Sale", true), ("/Gone", false), ("/abcd", false), ("/AbCde", false),
    ] {
      let match = aasa.match("https://openlist.example.com\(path)")
      #expect(match.matched == claimed, "\(path): \(match.reason)")
    }
    #expect(server.stop() == 0, "\(server.log)")
    let rows = try API.stats(database, ["--route", "invite", "--by", "link"])
    #expect(rows.contains { $0["clicks"] as? Int == 1 }, "\(rows)")
  }

  @Test func anImportedPathAnswersItsPageOnSQLite() async throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    try await Self.importKeptPaths(database)
    try Self.keptPathsAnswer(database)
  }

  @Test(.enabled(if: TestPostgres.isReachable, Comment(rawValue: TestPostgres.skipMessage)))
  func anImportedPathAnswersItsPageOnPostgreSQL() async throws {
    let schema = TestPostgres.freshSchema()
    defer { TestPostgres.dropSchema(schema) }
    let database = TestPostgres.url(schema: schema)
    try await Self.importKeptPaths(database)
    try Self.keptPathsAnswer(database)
  }

  // MARK: The association files' commands

  @Test func aasaAndManifestClaimKeptPathsFromAFile() throws {
    let paths = "# imported from FDL\n/AbCd\n\n/account/AbCd\n"
    let aasa = try Linkgen.run(
      ["aasa"] + Linkgen.openlist + ["--short-link-prefix", "s", "--kept-paths", "-"],
      input: paths
    )
    #expect(aasa.status == 0, "\(aasa.error)")
    #expect(aasa.output.contains(#""/": "/AbCd""#), "\(aasa.output)")
    #expect(!aasa.output.contains(#""/": "/account/AbCd""#))
    #expect(aasa.error.contains("not claiming /account/AbCd"))
    let manifest = try Linkgen.run(
      ["android-manifest"] + Linkgen.openlist + ["--kept-paths", "-"],
      input: paths
    )
    #expect(manifest.status == 0, "\(manifest.error)")
    #expect(manifest.output.contains(#"android:path="/AbCd""#))
    let refused = try Linkgen.run(
      ["aasa"] + Linkgen.openlist + ["--kept-paths", "-"],
      input: "/AbCd\n/api/keys\n"
    )
    #expect(refused.status == 64)
    #expect(refused.error.contains("line 2"), "\(refused.error)")
  }
}
