import Foundation
import LinkKit
import LinkTargetTestSupport
import Testing

/// The routes LinkgenPlugin generates from Examples/openlist/linkgen.json, compiled into this
/// target, against the same table loaded from the file.
struct OpenListLinkTests {
  static let id = UUID(
    uuid: (
      0x3F, 0x25, 0x04, 0xE0, 0x4F, 0x89, 0x11, 0xD3, 0x9A, 0x0C, 0x03, 0x05, 0xE8, 0x2C, 0x33, 0x01
    )
  )
  static let table: RouteTable = {
    do { return try RoundTrip.table() } catch { fatalError("\(error)") }
  }()

  @Test(arguments: [
    "openlist://shared-checklists?shared-checklistId=3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "OPENLIST://Shared-Checklists?shared-checklistId=3F2504E0-4F89-11D3-9A0C-0305E82C3301",
    "https://www.openlist.example.com/shared-checklists/3F2504E0-4F89-11D3-9A0C-0305E82C3301/",
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
      + "?utm_source=mail",
  ])
  func bothKindsOfLinkParseToTheSharedChecklist(url: String) throws {
    #expect(try OpenListLink(parsing: url) == .sharedChecklist(id: Self.id))
  }

  @Test func linksAreTheTablesLinks() throws {
    let link = OpenListLink.sharedChecklist(id: Self.id)
    #expect(
      try link.schemeLink
        == "openlist://shared-checklists?shared-checklistId=3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    )
    #expect(
      try link.universalLink
        == "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    )
    #expect(
      try link.links == Self.table.links(for: "shared-checklist", values: ["id": .uuid(Self.id)])
    )
    #expect(
      try OpenListLink.invite(code: "ABC123", role: .editor).links.androidIntent
        == Self.table.links(
          for: "invite",
          values: ["code": .string("ABC123"), "role": .string("editor")]
        ).androidIntent
    )
  }

  @Test func defaultsAreLeftOutOfLinksAndReadBack() throws {
    let link = OpenListLink.checklist(list: Self.id)
    #expect(
      try link.universalLink
        == "https://openlist.example.com/checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    )
    let explicit =
      "https://openlist.example.com/checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
      + "?layout=list&done=false&page=1"
    #expect(try OpenListLink(parsing: explicit) == link)
    #expect(
      try OpenListLink.checklist(list: Self.id, layout: .board, page: 3).schemeLink
        == "openlist://checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301?layout=board&page=3"
    )
    #expect(try OpenListLink(parsing: "openlist://search?q=milk") == .search(query: "milk"))
  }

  @Test func everyRouteRoundTrips() throws {
    var random = SeededGenerator(seed: 13)
    var samples: [OpenListLink] = [.home, .checklist(list: Self.id), .search(query: "a b&c=d")]
    for _ in 0..<200 {
      samples.append(.sharedChecklist(id: random.uuid()))
      samples.append(
        .checklistItem(list: random.uuid(), item: Int.random(in: 1...10000, using: &random))
      )
      samples.append(
        .checklist(
          list: random.uuid(),
          layout: OpenListLink.ChecklistLayout.allCases.randomElement(using: &random) ?? .list,
          showDone: Bool.random(using: &random),
          page: Int.random(in: 1...1000, using: &random)
        )
      )
      samples.append(
        .invite(
          code: random.text(Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"), length: 6...12),
          role: OpenListLink.InviteRole.allCases.randomElement(using: &random) ?? .viewer
        )
      )
      samples.append(
        .search(
          query: random.text(SeededGenerator.hostileText, length: 1...200),
          from: Bool.random(using: &random)
            ? random.text(SeededGenerator.hostileText, length: 1...40) : nil
        )
      )
    }
    RoundTrip.checkCoverage(samples)
    for sample in samples { try RoundTrip.check(sample, table: Self.table) }
  }

  /// Compiles only while the switch names every route: a route added to the table and not
  /// handled here breaks the build, which is the point of generating the enum.
  static func screen(for link: OpenListLink) -> String {
    switch link {
    case .sharedChecklist(let id): "shared checklist \(id)"
    case .checklistItem(let list, let item): "item \(item) of \(list)"
    case .checklist(let list, let layout, let showDone, let page):
      "\(list) as a \(layout.rawValue), page \(page)\(showDone ? ", done shown" : "")"
    case .invite(let code, let role): "invitation \(code) as \(role.rawValue)"
    case .search(let query, let from): "search \(query) from \(from ?? "anyone")"
    case .home: "home"
    }
  }

  @Test func anExhaustiveSwitchRoutesEveryLink() throws {
    #expect(
      Self.screen(for: try OpenListLink(parsing: "openlist://checklists/\(Self.id)/items/7"))
        == "item 7 of \(Self.id)"
    )
    #expect(Self.screen(for: try OpenListLink(parsing: "https://openlist.example.com/")) == "home")
  }

  @Test(arguments: [
    ("openlist://shared-checklists?shared-checklistId=12345", LinkError.Code.invalidValue),
    (
      "https://evil.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
      .hostNotAllowed
    ),
    ("myphotoapp:Vacation?index=1", .unknownScheme),
    ("openlist://unknown", .noMatchingRoute),
    ("openlist://checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301/items/0", .invalidValue),
    ("openlist://invite?code=abc123", .invalidValue),
    ("openlist://search", .missingParameter),
    ("openlist:", .malformedURL),
  ])
  func malformedLinksFailWithTheirCode(url: String, code: LinkError.Code) {
    #expect(throws: LinkError.self) { try OpenListLink(parsing: url) }
    do {
      _ = try OpenListLink(parsing: url)
    } catch {
      #expect(error.code == code, "\(error)")
    }
    #expect(!OpenListLink.canHandle(url))
  }

  @Test func valuesOutsideTheirParametersRulesDoNotBuild() {
    let invalid: [(OpenListLink, String)] = [
      (.checklistItem(list: Self.id, item: 0), "item"),
      (.checklist(list: Self.id, page: 1001), "page"),
      (.invite(code: "abc"), "code"),
      (.search(query: ""), "query"),
      (.search(query: "milk", from: String(repeating: "x", count: 41)), "from"),
    ]
    for (link, parameter) in invalid {
      do {
        _ = try link.links
        Issue.record("\(link) built")
      } catch {
        #expect(error.code == .invalidValue)
        #expect(error.parameter == parameter)
      }
    }
  }

  @Test func parsedLinksOfTheSameTableConvert() throws {
    let parsed = try Self.table.parse("openlist://invite?code=ABC123&role=editor&utm_source=x")
    #expect(try OpenListLink(parsed) == .invite(code: "ABC123", role: .editor))
    #expect(parsed.ignoredQueryItems == [.init(name: "utm_source", value: "x")])
    let photos = try RouteTable(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Examples/photos/linkgen.json")
    )
    let other = try photos.parse("myphotoapp:Vacation?index=1")
    #expect(throws: LinkError.self) { try OpenListLink(other) }
  }

  /// What the Android app does with the Play Store link (docs/android.md): Google Play hands
  /// the app the `referrer` value, decoded once; the app reads its `deep_link` parameter,
  /// decoded once more, and parses it.
  @Test(arguments: [
    OpenListLink.invite(code: "ABC123", role: .editor), .search(query: "milk & eggs?", from: "a/b"),
    .checklist(list: id, layout: .board, showDone: true, page: 2),
  ])
  func theInstallReferrerCarriesTheLink(link: OpenListLink) throws {
    let links = try link.links
    let play = try #require(links.playStore.flatMap { URLComponents(string: $0) })
    let referrer = try #require(play.queryItems?.first { $0.name == "referrer" }?.value)
    #expect(referrer.hasPrefix("deep_link=https%3A%2F%2Fopenlist.example.com%2F"))
    let query = try #require(URLComponents(string: "https://referrer.invalid/?" + referrer))
    let deepLink = try #require(query.queryItems?.first { $0.name == "deep_link" }?.value)
    #expect(deepLink == links.universal)
    #expect(try OpenListLink(parsing: deepLink) == link)
  }

  @Test func theEmbeddedTableIsTheFilesTable() {
    #expect(OpenListLink.routeTable.routes == Self.table.routes)
    #expect(OpenListLink.routeTable.app == Self.table.app)
    #expect(OpenListLink.sharedChecklist(id: Self.id).route.name == "shared-checklist")
    #expect(OpenListLink.ChecklistLayout.allCases.map(\.rawValue) == ["list", "board"])
  }
}
