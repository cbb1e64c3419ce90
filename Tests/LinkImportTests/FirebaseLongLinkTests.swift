import Foundation
import LinkImport
import LinkKit
import LinkgenTestSupport
import Testing

/// FDL long links read against the OpenList example's table: good ones with every parameter
/// FDL documented, and every way one can be foreign or hostile.
@Suite struct FirebaseLongLinkTests {
  let table: RouteTable

  init() throws {
    table = try RouteTable(contentsOf: PackagePaths.example("openlist"))
  }

  static let deepLink = "https://openlist.example.com/invite/ABC123?role=editor"
  static let encodedDeepLink =
    "https%3A%2F%2Fopenlist.example.com%2Finvite%2FABC123%3Frole%3Deditor"

  /// A long link as Firebase's console wrote them, with every parameter it documented.
  static let everyParameter = [
    "link=\(encodedDeepLink)",
    "apn=com.example.openlist", "afl=https%3A%2F%2Fevil.example%2Fandroid", "amv=42",
    "ibi=com.example.openlist", "ifl=https%3A%2F%2Fevil.example%2Fios", "ius=openlist",
    "ipfl=https%3A%2F%2Fevil.example%2Fipad", "ipbi=com.example.openlist", "isi=1234567890",
    "imv=2.1.0", "efr=1", "ofl=https%3A%2F%2Fevil.example%2Fdesktop",
    "st=Join+my+list", "sd=Groceries%2C+for+Saturday+%F0%9F%8D%8B",
    "si=https%3A%2F%2Fopenlist.example.com%2Fimages%2Fcard.png",
    "utm_source=newsletter", "utm_medium=email", "utm_campaign=spring", "utm_term=lists",
    "utm_content=button", "at=1l3v", "ct=promo", "mt=8", "pt=123456", "d=1",
  ].joined(separator: "&")

  func read(_ query: String) throws(FirebaseLongLinkError) -> FirebaseLongLink {
    try FirebaseLongLink(query: query, table: table)
  }

  func refusal(_ query: String) -> FirebaseLongLinkError? {
    do {
      _ = try read(query)
      return nil
    } catch {
      return error
    }
  }

  @Test func everyDocumentedParameterIsRead() throws {
    let long = try read(Self.everyParameter)
    #expect(long.deepLink == Self.deepLink)
    #expect(long.link.route.name == "invite")
    #expect(try long.link.values.require("code", as: String.self) == "ABC123")
    #expect(long.appParameters[.apn] == "com.example.openlist")
    #expect(long.appParameters[.amv] == "42")
    #expect(long.appParameters[.imv] == "2.1.0")
    #expect(long.appParameters[.isi] == "1234567890")
    #expect(long.appParameters[.ius] == "openlist")
    #expect(long.card?.title == "Join my list")
    #expect(long.card?.description == "Groceries, for Saturday 🍋")
    #expect(long.card?.imageURL == "https://openlist.example.com/images/card.png")
    #expect(long.cardRejection == nil)
    #expect(long.referrerLabel == "newsletter")
    #expect(long.analytics[.utmCampaign] == "spring")
    #expect(long.analytics[.pt] == "123456")
    #expect(long.analytics.count == 9)
    #expect(long.ignoredFallbacks.map(\.name).sorted() == ["afl", "ifl", "ipfl", "ofl"])
    #expect(long.ignoredFallbacks.first?.value.hasPrefix("https://evil.example/") == true)
    let noMeaning = long.ignored.filter { $0.reason == .noMeaningHere }.map(\.name)
    #expect(noMeaning.sorted() == ["d", "efr"])
  }

  @Test func everyParameterHasAName() {
    #expect(FirebaseParameter.allCases.count == 26)
    #expect(FirebaseParameter(rawValue: "utm_source") == .utmSource)
  }

  @Test func theWholeLinkIsReadOnTheTablesDomains() throws {
    let long = try FirebaseLongLink(
      url:
        "https://WWW.openlist.example.com/?link=\(Self.encodedDeepLink)&ibi=com.example.openlist",
      table: table
    )
    #expect(long.link.route.name == "invite")
    let noSlash = try FirebaseLongLink(
      url: "https://openlist.example.com?link=\(Self.encodedDeepLink)",
      table: table
    )
    #expect(noSlash.deepLink == Self.deepLink)
    for url in [
      "https://evil.example/?link=\(Self.encodedDeepLink)",
      "http://openlist.example.com/?link=\(Self.encodedDeepLink)",
      "https://openlist.example.com/x?link=\(Self.encodedDeepLink)",
      "https://user@openlist.example.com/?link=\(Self.encodedDeepLink)",
      "https://openlist.example.com:8443/?link=\(Self.encodedDeepLink)",
      "https://openlist.example.com/?link=\(Self.encodedDeepLink)#frag",
      "https://openlist.example.com/",
    ] {
      #expect(throws: FirebaseLongLinkError.self, "\(url)") {
        _ = try FirebaseLongLink(url: url, table: table)
      }
    }
  }

  @Test func unknownParametersAreIgnoredAndReported() throws {
    let long = try read("link=\(Self.encodedDeepLink)&fbclid=IwAR0abc&gclid=xyz")
    #expect(long.ignored.map(\.name) == ["fbclid", "gclid"])
    #expect(long.ignored.allSatisfy { $0.reason == .unknown })
    #expect(long.ignored[0].description == "fbclid (unknown)")
  }

  @Test func aMissingDeepLinkIsRefused() {
    #expect(refusal("apn=com.example.openlist")?.code == .missingDeepLink)
    #expect(refusal("link=")?.code == .missingDeepLink)
    #expect(refusal("")?.code == .missingDeepLink)
  }

  @Test(arguments: [
    ("https%3A%2F%2Fevil.example%2Finvite%2FABC123", LinkError.Code.hostNotAllowed),
    ("javascript%3Aalert(1)", .unknownScheme),
    ("JavaScript:alert(document.cookie)", .unknownScheme),
    ("data%3Atext%2Fhtml%3Bbase64%2CPHNjcmlwdD4", .unknownScheme),
    ("https%3A%2F%2Fopenlist.example.com%40evil.example%2Finvite%2FABC123", .malformedURL),
    ("https%3A%2F%2Fevil.example%2F%2Fopenlist.example.com%2Finvite%2FABC123", .hostNotAllowed),
    ("https%3A%2F%2Fopenlist.example.com%2Finvite%2F..%2F..%2Fadmin", .malformedURL),
    ("https%3A%2F%2Fopenlist.example.com%2Finvite%252FABC123", .malformedURL),
    ("https%3A%2F%2Fopenlist.example.com%2Fnot-a-route", .noMatchingRoute),
    ("https%3A%2F%2Fopenlist.example.com%2Finvite%2Fab", .invalidValue),
    ("%2F%2Fevil.example%2Finvite%2FABC123", .malformedURL),
  ])
  func aForeignOrHostileDeepLinkIsRefusedWithTheParsersError(
    link: String,
    parserCode: LinkError.Code
  ) {
    let error = refusal("link=\(link)&ibi=com.example.openlist")
    #expect(error?.code == .deepLinkNotInTable)
    #expect(error?.parameter == "link")
    #expect(error?.linkError?.code == parserCode, "\(String(describing: error))")
  }

  @Test func theCustomSchemeLinkIsNotALongLinksDeepLink() {
    let error = refusal("link=openlist%3A%2F%2Finvite%3Fcode%3DABC123")
    #expect(error?.code == .deepLinkNotUniversal)
  }

  @Test(arguments: [
    ("apn=com.evil.app", FirebaseLongLinkError.Code.unknownAndroidPackage, "apn"),
    ("ibi=com.evil.app", .unknownBundleID, "ibi"),
    ("ibi=COM.EXAMPLE.OPENLIST", .unknownBundleID, "ibi"),
    ("ipbi=com.evil.ipad", .unknownBundleID, "ipbi"),
    ("isi=999", .unknownAppStoreID, "isi"),
    ("ius=evilscheme", .unknownScheme, "ius"),
  ])
  func anotherAppsIdentifierIsRefused(
    item: String,
    code: FirebaseLongLinkError.Code,
    parameter: String
  ) {
    let error = refusal("link=\(Self.encodedDeepLink)&\(item)")
    #expect(error?.code == code)
    #expect(error?.parameter == parameter)
  }

  @Test func theSchemeComparesWithoutCase() throws {
    #expect(try read("link=\(Self.encodedDeepLink)&ius=OpenList").appParameters[.ius] == "OpenList")
  }

  @Test func aTableWithoutTheAppRefusesItsIdentifiers() throws {
    let json = Data(
      #"""
      {"app": {"scheme": "demo", "domains": ["demo.example.com"]},
       "routes": [{"name": "home", "parameters": [], "scheme": "demo://home", "universal": "/home"}]}
      """#.utf8
    )
    let bare = try RouteTable(json: json)
    let link = "https%3A%2F%2Fdemo.example.com%2Fhome"
    #expect(throws: FirebaseLongLinkError.self) {
      _ = try FirebaseLongLink(query: "link=\(link)&apn=com.demo", table: bare)
    }
    #expect(throws: FirebaseLongLinkError.self) {
      _ = try FirebaseLongLink(query: "link=\(link)&isi=1", table: bare)
    }
    #expect(try FirebaseLongLink(query: "link=\(link)", table: bare).link.route.name == "home")
  }

  @Test func aParameterGivenTwiceIsRefused() {
    let error = refusal("link=\(Self.encodedDeepLink)&link=https%3A%2F%2Fevil.example%2F")
    #expect(error?.code == .duplicateParameter)
    #expect(refusal("link=&link=\(Self.encodedDeepLink)")?.code == .duplicateParameter)
    #expect(refusal("link=\(Self.encodedDeepLink)&apn=a&apn=b")?.code == .duplicateParameter)
  }

  @Test(arguments: [
    "link=%ZZ", "link=%E2%82", "link=%C0%AF", "link=https%3A%0A", "link=%00",
    "link=a b", "link=\u{7F}", "li%6Ek=%",
  ])
  func aMalformedQueryIsRefused(query: String) {
    #expect(refusal(query)?.code == .malformedQuery)
  }

  @Test func anOverlongOrCrowdedQueryIsRefused() {
    let long = "link=" + String(repeating: "a", count: RouteTable.maximumURLLength)
    #expect(refusal(long)?.code == .malformedQuery)
    let crowded = (0..<65).map { "x\($0)=1" }.joined(separator: "&")
    #expect(refusal(crowded)?.code == .malformedQuery)
  }

  @Test func encodedNamesAreDecoded() throws {
    #expect(try read("%6Cink=\(Self.encodedDeepLink)").link.route.name == "invite")
  }

  // MARK: The social card

  func card(_ items: String) throws -> FirebaseLongLink {
    try read("link=\(Self.encodedDeepLink)&\(items)")
  }

  @Test func aCardOnTheTablesHostsIsKept() throws {
    for host in ["openlist.example.com", "WWW.openlist.example.com"] {
      let long = try card("st=T&si=https%3A%2F%2F\(host)%2Fa.png")
      #expect(long.card?.imageURL == "https://\(host)/a.png")
      #expect(long.card?.title == "T")
      #expect(long.card?.description == nil)
    }
  }

  @Test(arguments: [
    "st=T&sd=D&si=http%3A%2F%2Fopenlist.example.com%2Fa.png",
    "st=T&si=https%3A%2F%2Fevil.example%2Fa.png",
    "st=T&si=https%3A%2F%2Fopenlist.example.com.evil.example%2Fa.png",
    "st=T&si=https%3A%2F%2Fevil.example%40openlist.example.com%2Fa.png",
    "st=T&si=https%3A%2F%2Fopenlist.example.com%3A444%2Fa.png",
    "st=T&si=javascript%3Aalert(1)",
    "st=T&si=https%3A%2F%2Fopenlist.example.com%2Fa%22onerror%3D.png",
    "st=T&si=https%3A%2F%2Fopenlist.example.com%2F%3Cscript%3E",
    "st=T%E2%80%AEtxt.exe&si=https%3A%2F%2Fopenlist.example.com%2Fa.png",
    "st=T&sd=D",
  ])
  func aCardThatBreaksTheRuleIsDroppedWhole(items: String) throws {
    let long = try card(items)
    #expect(long.card == nil)
    #expect(long.cardRejection != nil)
    #expect(long.link.route.name == "invite")
  }

  @Test func tooLongCardTextDropsTheCard() throws {
    let title = String(repeating: "t", count: FirebaseSocialCard.maximumTitleLength + 1)
    let long = try card("st=\(title)&si=https%3A%2F%2Fopenlist.example.com%2Fa.png")
    #expect(long.card == nil)
  }

  @Test func moreImageHostsCanBeAllowed() throws {
    let query = "link=\(Self.encodedDeepLink)&si=https%3A%2F%2Fcdn.example.net%2Fa.png"
    #expect(try read(query).card == nil)
    var hosts = FirebaseSocialCard.defaultImageHosts(for: table)
    hosts.insert("cdn.example.net")
    let long = try FirebaseLongLink(query: query, table: table, imageHosts: hosts)
    #expect(long.card?.imageURL == "https://cdn.example.net/a.png")
  }

  @Test func defaultImageHostsAreTheTablesOwn() {
    #expect(
      FirebaseSocialCard.defaultImageHosts(for: table)
        == ["openlist.example.com", "www.openlist.example.com"]
    )
  }

  @Test func decodedParametersFromAnExportRowAreRead() throws {
    let long = try FirebaseLongLink(
      parameters: [
        .init(name: "link", value: Self.deepLink),
        .init(name: "apn", value: "com.example.openlist"),
        .init(name: "afl", value: ""),
        .init(name: "st", value: "Title, with a comma"),
        .init(name: "si", value: "https://openlist.example.com/i.png"),
      ],
      table: table
    )
    #expect(long.link.route.name == "invite")
    #expect(long.card?.title == "Title, with a comma")
    #expect(long.ignored.isEmpty)
  }

  @Test func errorsDescribeTheParsersReason() {
    let error = refusal("link=https%3A%2F%2Fevil.example%2Finvite%2FABC123")
    #expect(error?.description.contains("evil.example") == true)
  }
}
