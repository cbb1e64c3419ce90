import Foundation
import LinkKit
import Testing

@testable import LinkAssociation

/// For every route of both example tables: sample universal links are claimed by the generated
/// files for the right app, and excluded paths are not.
struct SelfConsistencyTests {
  @Test(arguments: ["openlist", "photos"])
  func generatedFilesAgreeWithTheRoutes(_ example: String) throws {
    let table = try Paths.example(example)
    let check = AssociationCheck(table: table)
    #expect(check.problems.isEmpty, "\(check.problems)")
    #expect(check.files.count == 4)
    // Every route has samples on every domain, and each sample is a link the table parses
    // back to that route.
    for route in table.routes {
      var seen = 0
      for link in check.sampleLinks {
        guard let parsed = try? table.parse(link), parsed.route.name == route.name else { continue }
        seen += 1
      }
      #expect(seen >= table.app.domains.count, "route \(route.name)")
    }
    #expect(check.sampleLinks.allSatisfy { (try? table.parse($0)) != nil })
  }

  @Test func everySampleLinkIsClaimedForTheAppByEachGeneratedFile() throws {
    let table = try Paths.example("openlist")
    let appID = try #require(table.app.ios?.appID)
    let modern = AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table).utf8))
    let legacy = AASAFile(
      Array(try AssociationFiles.appleAppSiteAssociation(for: table, legacy: true).utf8)
    )
    let check = AssociationCheck(table: table)
    #expect(check.sampleLinks.count == 22)
    for link in check.sampleLinks {
      let host = try #require(URLParts(link)?.host)
      #expect(modern.match(link, domain: host).appIDs == [appID], "\(link)")
      #expect(legacy.match(link, domain: host, mode: .legacy).appIDs == [appID], "\(link)")
    }
  }

  @Test func excludedLinksAreClaimedByNone() throws {
    let table = try Paths.example("openlist")
    let modern = AASAFile(Array(try AssociationFiles.appleAppSiteAssociation(for: table).utf8))
    let check = AssociationCheck(table: table)
    #expect(
      check.excludedLinks.sorted() == [
        "https://openlist.example.com/account/x",
        "https://openlist.example.com/oauth/callback",
        "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"
          + "#no_universal_links",
        "https://www.openlist.example.com/account/x",
        "https://www.openlist.example.com/oauth/callback",
      ]
    )
    for link in check.excludedLinks {
      let match = modern.match(link)
      #expect(!match.matched && match.excluded, "\(link): \(match.reason)")
    }
  }

  @Test func anExcludeThatSwallowsARouteIsReported() throws {
    let json = try String(
      contentsOf: Paths.root.appendingPathComponent("Examples/photos/linkgen.json"),
      encoding: .utf8
    )
    let broken = try table(
      String(json.dropLast(json.hasSuffix("}\n") ? 2 : 1))
        + #", "association": {"excludes": ["/shared/*"]}}"#
    )
    let check = AssociationCheck(table: broken)
    #expect(!check.passed)
    #expect(
      check.problems.contains {
        $0.subject == "route 'shared-album'" && $0.message.contains("not claimed")
      }
    )
    #expect(!check.problems.contains { $0.subject == "route 'album-photo'" })
  }
}
