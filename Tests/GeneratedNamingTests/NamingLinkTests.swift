import Foundation
import LinkKit
import LinkTargetTestSupport
import Testing

/// Routes generated from a table of awkward names (Tests/GeneratedNamingTests/linkgen.json):
/// that they compile is half the test; the other half is that they still round-trip.
struct NamingLinkTests {
  static let table: RouteTable = {
    do { return try RoundTrip.table() } catch { fatalError("\(error)") }
  }()

  @Test func keywordsAndDefaultsRoundTrip() throws {
    var random = SeededGenerator(seed: 8)
    var samples: [NamingLink] = [
      .default(), .default(for: "x", in: 0, self: true, Type: "t"), .statusUpdate(slots: 0),
      .types(), .home,
      .types(
        maybeUUID: random.uuid(),
        maybeInt: -1,
        maybeText: "&",
        maybeBool: false,
        maybeEnum: .b
      ),
      .aVeryLongRouteNameThatMakesTheGeneratorWrapEveryLineItWrites(
        firstIdentifierOfTheList: random.uuid(),
        secondIdentifierOfTheList: random.uuid(),
        aRatherLongPageNumber: 1
      ),
    ]
    for state in NamingLink.StatusUpdateState.allCases {
      samples.append(.statusUpdate(slots: 9, state: state, owner: random.uuid()))
    }
    RoundTrip.checkCoverage(samples)
    for sample in samples { try RoundTrip.check(sample, table: Self.table) }
  }

  @Test func namesMapPredictably() {
    #expect(
      NamingLink.StatusUpdateState.allCases.map(\.rawValue) == [
        "in-progress", "1x", "default", "Done", "HD", "한국어",
      ]
    )
    #expect(NamingLink.StatusUpdateState._1x.rawValue == "1x")
    #expect(NamingLink.StatusUpdateState.한국어.rawValue == "한국어")
    #expect(NamingLink.StatusUpdateState.hd.rawValue == "HD")
  }

  @Test func defaultsAreTheTablesDefaults() throws {
    #expect(try NamingLink.default().universalLink == "https://naming.example.com/default")
    #expect(
      try NamingLink(parsing: "naming://default?for=say%20%22hi%22%20%5C%20there&in=-5")
        == .default()
    )
    let owner = try #require(UUID(uuidString: "3f2504e0-4f89-11d3-9a0c-0305e82c3301"))
    #expect(
      try NamingLink(parsing: "naming://status/4") == .statusUpdate(slots: 4, owner: owner)
    )
  }

  @Test func aTableThatIsNotTheGeneratedOneIsRefused() {
    let json = """
      { "app": { "scheme": "naming", "domains": ["naming.example.com"] },
        "routes": [{ "name": "home", "scheme": "naming://home", "universal": "/" }] }
      """
    do {
      _ = try RouteTable(
        generatedJSON: json,
        source: "test",
        routeSignatures: "home()\ntypes(maybeUUID: uuid?)"
      )
      Issue.record("loaded a table whose routes differ from the generated code's")
    } catch {
      #expect(error.description.contains("expects 2 routes but the table has 1"))
    }
  }
}
