import Foundation
import LinkKit
import Testing

@testable import LinkAssociation

/// The generated files, read back with linkgen's own readers and with a real XML parser.
struct GeneratorTests {
  static let appID = "ABCDE12345.com.example.openlist"
  static let uuidLink =
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  // MARK: AASA

  @Test func aasaClaimsTheSharedChecklistLinkForTheApp() throws {
    let text = try AssociationFiles.appleAppSiteAssociation(for: Paths.example("openlist"))
    let file = AASAFile(Array(text.utf8))
    #expect(file.findings.isEmpty, "\(file.findings)")
    let match = file.match(Self.uuidLink, domain: "openlist.example.com")
    #expect(match.matched)
    #expect(match.appIDs == [Self.appID])
    #expect(
      file.appLinks?.details[0].components?[match.rule ?? -1].path
        == "/shared-checklists/????????-????-????-????-????????????"
    )
    #expect(
      !file.match("https://openlist.example.com/shared-checklists/12345").matched,
      "not a UUID"
    )
  }

  @Test func aasaPutsExcludesFirstAndAddsTheServices() throws {
    let table = try Paths.example("openlist")
    let file = AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table).utf8))
    let rules = try #require(file.appLinks?.details.first?.components)
    #expect(rules.prefix(3).allSatisfy { $0.exclude == true })
    #expect(rules.dropFirst(3).allSatisfy { $0.exclude == nil })
    #expect(rules.count == 3 + table.routes.count)
    #expect(rules[2].fragment == "no_universal_links")
    #expect(file.webCredentials?.apps == [Self.appID])
    #expect(file.appClips?.apps == ["ABCDE12345.com.example.openlist.Clip"])
    // Required query items only; optional ones are left out.
    let search = try #require(rules.first { $0.path == "/search" })
    #expect(search.query == .items([AASAQueryItem(name: "q", pattern: "?*")]))
    #expect(rules.first { $0.path == "/invite/??????*" } != nil, "minLength 6")
    #expect(
      rules.first { $0.path == "/checklists/????????-????-????-????-????????????" }?.query == nil,
      "all defaults"
    )
  }

  @Test func legacyFormAddsAppIDPathsAndNOTExcludesFirst() throws {
    let text = try AssociationFiles.appleAppSiteAssociation(
      for: Paths.example("openlist"),
      legacy: true
    )
    let file = AASAFile(Array(text.utf8))
    #expect(file.findings.map(\.code) == [.pathsBesideComponents])
    #expect(file.appLinks?.legacyApps == [])
    let detail = try #require(file.appLinks?.details.first)
    #expect(detail.appID == Self.appID)
    #expect(detail.appIDs == nil)
    #expect(detail.paths?.prefix(2) == ["NOT /account/*", "NOT /oauth/callback"])
    #expect(detail.paths?.contains("/search") == true)
    #expect(file.match(Self.uuidLink, mode: .legacy).appIDs == [Self.appID])
    #expect(file.match("https://openlist.example.com/account/me", mode: .legacy).excluded)
  }

  @Test func outputIsDeterministic() throws {
    let table = try Paths.example("openlist")
    for legacy in [false, true] {
      #expect(
        try AssociationFiles.appleAppSiteAssociation(for: table, legacy: legacy)
          == AssociationFiles.appleAppSiteAssociation(
            for: Paths.example("openlist"),
            legacy: legacy
          )
      )
    }
    #expect(
      try AssociationFiles.androidManifest(for: table)
        == AssociationFiles.androidManifest(for: table)
    )
  }

  @Test func aasaOver128KBIsAnError() throws {
    let excludes = (0..<1800).map { "\"/excluded/section-\(String(format: "%05d", $0))/*\"" }
    let json = try String(
      contentsOf: Paths.root.appendingPathComponent("Examples/photos/linkgen.json"),
      encoding: .utf8
    )
    let big = try table(
      String(json.dropLast(json.hasSuffix("}\n") ? 2 : 1))
        + ", \"association\": {\"excludes\": [\(excludes.joined(separator: ","))]}}"
    )
    #expect {
      try AssociationFiles.appleAppSiteAssociation(for: big)
    } throws: { error in
      (error as? AssociationError)?.message.contains("128 KB") == true
    }
  }

  @Test func generatorsNameTheMissingPlatform() throws {
    let bare = try table(
      #"{"app": {"scheme": "bare", "domains": ["bare.example.com"]}, "routes": [{"name": "home", "scheme": "bare://home", "universal": "/"}]}"#
    )
    #expect(throws: AssociationError.self) {
      try AssociationFiles.appleAppSiteAssociation(for: bare)
    }
    #expect(throws: AssociationError.self) { try AssociationFiles.assetLinks(for: bare) }
    #expect(throws: AssociationError.self) { try AssociationFiles.androidManifest(for: bare) }
    #expect(throws: AssociationError.self) {
      try AssociationFiles.entitlements(for: bare, appClip: true)
    }
    // The entitlement and the URL type need no platform section.
    #expect(try AssociationFiles.entitlements(for: bare).contains("applinks:bare.example.com"))
    #expect(try AssociationFiles.infoPlist(for: bare).contains("<string>bare</string>"))
  }

  // MARK: assetlinks.json

  @Test func assetLinksNamesThePackageAndFingerprints() throws {
    let table = try Paths.example("openlist")
    let file = AssetLinksFile(Array(try AssociationFiles.assetLinks(for: table).utf8))
    #expect(file.findings.isEmpty, "\(file.findings)")
    let statement = try #require(file.statements.first)
    #expect(statement.relations == [AssetLinksFile.handleAllURLs, AssetLinksFile.getLoginCreds])
    #expect(
      statement.target
        == .androidApp(
          package: "com.example.openlist",
          sha256CertFingerprints: table.app.android?.sha256CertFingerprints ?? []
        )
    )
    #expect(statement.dynamicComponents == nil)
  }

  @Test func dynamicComponentsMirrorTheAASARules() throws {
    let table = try Paths.example("openlist")
    let file = AssetLinksFile(
      Array(try AssociationFiles.assetLinks(for: table, dynamicComponents: true).utf8)
    )
    #expect(file.findings.isEmpty, "\(file.findings)")
    let components = try #require(file.statements.first?.dynamicComponents)
    let aasa = AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table).utf8))
    let rules = try #require(aasa.appLinks?.details.first?.components)
    #expect(components.map(\.path) == rules.map(\.path))
    #expect(components.map(\.query) == rules.map(\.query))
    #expect(components.map(\.exclude) == rules.map(\.exclude))
    #expect(components.allSatisfy { $0.comment == nil })
  }

  @Test func photosTableWithoutAssociationSection() throws {
    let table = try Paths.example("photos")
    #expect(table.association == .none)
    let text = try AssociationFiles.assetLinks(for: table)
    #expect(!text.contains("get_login_creds"))
    let aasa = AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table).utf8))
    #expect(aasa.webCredentials == nil && aasa.appClips == nil)
    #expect(aasa.match("https://myphotoapp.example.com/albums?albumname=Trip&index=3").matched)
    #expect(
      !aasa.match("https://myphotoapp.example.com/albums?index=3").matched,
      "albumname is required"
    )
    #expect(aasa.match("https://myphotoapp.example.com/shared/ABCDEFGHIJKLMNOP").matched)
    #expect(!aasa.match("https://myphotoapp.example.com/shared/ABC").matched, "minLength 16")
  }

  // MARK: XML snippets

  @Test func entitlementsParseAndListEveryDomain() throws {
    let table = try Paths.example("openlist")
    let xml = ParsedXML(try AssociationFiles.entitlements(for: table))
    let root = try #require(xml.root, "\(String(describing: xml.error))")
    #expect(root.name == "plist")
    let dictionary = try #require(root.children.first.map(ParsedXML.plistDictionary))
    let entries = dictionary["com.apple.developer.associated-domains"]?.all("string").map(\.text)
    #expect(
      entries == [
        "applinks:openlist.example.com", "applinks:www.openlist.example.com",
        "webcredentials:openlist.example.com", "webcredentials:www.openlist.example.com",
      ]
    )
    #expect(!xml.comments.contains { $0.contains("mode=developer") })
  }

  @Test func developerModeIsMarkedAndCommented() throws {
    let xml = ParsedXML(
      try AssociationFiles.entitlements(for: Paths.example("openlist"), developerMode: true)
    )
    let strings = try #require(xml.root).all("string").map(\.text)
    #expect(strings.allSatisfy { $0.hasSuffix("?mode=developer") })
    #expect(xml.comments.contains { $0.contains("remove it before shipping") })
  }

  @Test func appClipEntitlements() throws {
    let xml = ParsedXML(
      try AssociationFiles.entitlements(for: Paths.example("openlist"), appClip: true)
    )
    #expect(
      try #require(xml.root).all("string").map(\.text) == [
        "appclips:openlist.example.com", "appclips:www.openlist.example.com",
      ]
    )
  }

  @Test func infoPlistRegistersTheScheme() throws {
    let xml = ParsedXML(
      try AssociationFiles.infoPlist(for: Paths.example("openlist"), queriedSchemes: ["MyPhotoApp"])
    )
    let root = try #require(xml.root, "\(String(describing: xml.error))")
    let dictionary = try #require(root.children.first.map(ParsedXML.plistDictionary))
    let urlType = try #require(
      dictionary["CFBundleURLTypes"]?.children.first.map(ParsedXML.plistDictionary)
    )
    #expect(urlType["CFBundleURLName"]?.text == "com.example.openlist")
    #expect(urlType["CFBundleTypeRole"]?.text == "Editor")
    #expect(urlType["CFBundleURLSchemes"]?.all("string").map(\.text) == ["openlist"])
    #expect(
      dictionary["LSApplicationQueriesSchemes"]?.all("string").map(\.text) == [
        "openlist", "myphotoapp",
      ]
    )
  }

  @Test(arguments: [["not a scheme"], ["1abc"], (0..<50).map { "s\($0)" }])
  func infoPlistRejectsBadOrTooManyQueriedSchemes(_ schemes: [String]) throws {
    let table = try Paths.example("openlist")
    #expect(throws: AssociationError.self) {
      try AssociationFiles.infoPlist(for: table, queriedSchemes: schemes)
    }
  }

  @Test func manifestHasOneVerifiedFilterPerDomainAndASeparateSchemeFilter() throws {
    let table = try Paths.example("openlist")
    let xml = ParsedXML(try AssociationFiles.androidManifest(for: table))
    let root = try #require(xml.root, "\(String(describing: xml.error))")
    #expect(root.attributes["xmlns:android"] == "http://schemas.android.com/apk/res/android")
    let activity = try #require(root.all("activity").first)
    #expect(activity.attributes["android:name"] == "com.example.openlist.MainActivity")
    #expect(activity.attributes["android:exported"] == "true")
    let filters = activity.all("intent-filter")
    #expect(filters.count == 3)
    for (filter, domain) in zip(filters, table.app.domains) {
      #expect(filter.attributes["android:autoVerify"] == "true")
      #expect(
        filter.all("action").map { $0.attributes["android:name"] } == ["android.intent.action.VIEW"]
      )
      #expect(
        Set(filter.all("category").compactMap { $0.attributes["android:name"] })
          == ["android.intent.category.DEFAULT", "android.intent.category.BROWSABLE"]
      )
      let data = filter.all("data")
      #expect(data.compactMap { $0.attributes["android:scheme"] } == ["http", "https"])
      #expect(data.compactMap { $0.attributes["android:host"] } == [domain])
      #expect(
        data.compactMap { $0.attributes["android:pathPrefix"] }.contains("/shared-checklists/")
      )
      #expect(
        data.compactMap { $0.attributes["android:pathPattern"] } == ["/checklists/.*/items/.*"]
      )
      #expect(data.compactMap { $0.attributes["android:path"] } == ["/search", "/"])
    }
    let scheme = filters[2]
    #expect(scheme.attributes["android:autoVerify"] == nil)
    #expect(scheme.all("data").map { $0.attributes["android:scheme"] } == ["openlist"])
    #expect(xml.comments.contains { $0.contains("excludes cannot be expressed") })
  }

  @Test func manifestClaimsAdditionalPrefixesOncePerDomainAndRefusesBadOnes() throws {
    let table = try Paths.example("openlist")
    let xml = ParsedXML(
      try AssociationFiles.androidManifest(for: table, additionalPathPrefixes: ["/s/", "/s/"])
    )
    let root = try #require(xml.root)
    let filters = root.all("intent-filter")
    for filter in filters.prefix(table.app.domains.count) {
      let prefixes = filter.all("data").compactMap { $0.attributes["android:pathPrefix"] }
      #expect(prefixes.filter { $0 == "/s/" }.count == 1, "\(prefixes)")
    }
    #expect(filters.last?.all("data").compactMap { $0.attributes["android:pathPrefix"] } == [])
    for bad in ["s", "/s", "s/", "/"] {
      #expect {
        try AssociationFiles.androidManifest(for: table, additionalPathPrefixes: [bad])
      } throws: { ($0 as? AssociationError)?.code == .invalidPathPrefix }
    }
  }

  @Test func manifestEscapesLiteralDotsAndChecksTheActivityName() throws {
    let dotted = try table(
      #"""
      {"app": {"scheme": "dots", "domains": ["dots.example.com"], "android": {"package": "com.example.dots",
        "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}},
       "routes": [{"name": "file", "parameters": [{"name": "id", "type": "int"}], "scheme": "dots://file/{id}",
         "universal": "/v1.2/{id}/raw.txt"}]}
      """#
    )
    let xml = ParsedXML(
      try AssociationFiles.androidManifest(for: dotted, activity: ".LinkActivity")
    )
    let root = try #require(xml.root)
    let pattern = try #require(
      root.all("data").compactMap { $0.attributes["android:pathPattern"] }.first
    )
    #expect(pattern == #"/v1\\.2/.*/raw\\.txt"#)
    #expect(AndroidPathMatcher.matches(pattern, "/v1.2/7/raw.txt"))
    #expect(!AndroidPathMatcher.matches(pattern, "/v1x2/7/raw.txt"), "the dot is literal")
    #expect(root.all("activity").first?.attributes["android:name"] == ".LinkActivity")
    for bad in ["", "Main Activity", "com..Main", "<x>"] {
      #expect(throws: AssociationError.self) {
        try AssociationFiles.androidManifest(for: dotted, activity: bad)
      }
    }
  }

  @Test func xmlEscaping() {
    #expect(XMLText.text("a<b>&c") == "a&lt;b&gt;&amp;c")
    #expect(XMLText.attribute("\"x\" 'y'\n") == "&quot;x&quot; &apos;y&apos;&#10;")
    #expect(XMLText.text("nul\u{0}") == "nul\u{FFFD}")
    #expect(XMLText.comment("a--b-") == "a- -b- ")
    let xml = ParsedXML(
      XMLNode.element("e", [("k", "<\"&'>")], [.text("]]> & <"), .comment("--x--")]).render(
        indent: "  "
      )
    )
    #expect(xml.root?.attributes["k"] == "<\"&'>")
    #expect(xml.root?.text.contains("]]> & <") == true)
  }
}
