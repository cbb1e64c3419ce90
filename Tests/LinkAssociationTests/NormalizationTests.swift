import Foundation
import Testing

@testable import LinkAssociation

/// The normalization decisions docs/association.md lists where Apple's `swcutil` has not been
/// asked (the verified ones are in ``SwcutilOracleTests``), and the guards against hostile
/// files.
struct NormalizationTests {
  func matches(_ rule: String, _ path: String) -> Bool {
    components("[\(rule)]").match("https://example.com" + path, domain: "example.com").matched
  }

  @Test func leadingSlashRunsCountOnceOnBothSides() {
    // swcutil: the pattern "//abc" matches "/abc"; linkgen applies the same rule to the URL.
    #expect(matches(#"{"/": "//abc"}"#, "/abc"))
    #expect(matches(#"{"/": "/abc"}"#, "//abc"))
    #expect(matches(#"{"/": "abc"}"#, "///abc/"))
  }

  @Test func slashesInsideAPathAreComparedAsWritten() {
    #expect(!matches(#"{"/": "/a/b"}"#, "/a//b"))
    #expect(!matches(#"{"/": "/a//b"}"#, "/a/b"))
    #expect(matches(#"{"/": "/a/*"}"#, "/a//b"))
  }

  @Test func dotSegmentsAreNotResolved() {
    #expect(!matches(#"{"/": "/b"}"#, "/a/../b"))
    #expect(!matches(#"{"/": "/a/b"}"#, "/a/./b"))
    #expect(matches(#"{"/": "/a/../b"}"#, "/a/../b"))
    // Neither are encoded ones, under percentEncoded false.
    #expect(!matches(#"{"/": "/b", "percentEncoded": false}"#, "/a/%2E%2E/b"))
  }

  @Test func caseFoldingIsOneScalarForOne() {
    #expect(matches(#"{"/": "/ΩMEGA", "caseSensitive": false}"#, "/ωmega"))
    // "ß" has no one-scalar upper case and "SS" is two characters: no match.
    #expect(!matches(#"{"/": "/stra\u00DFe", "caseSensitive": false}"#, "/STRASSE"))
    // "İ" lower-cases to two scalars, so it folds to itself and "?" still takes it as one.
    #expect(matches(#"{"/": "/?", "caseSensitive": false}"#, "/\u{130}"))
    #expect(!matches(#"{"/": "/i", "caseSensitive": false}"#, "/\u{130}"))
  }

  @Test func defaultsCarryRuleKeysAndAreReported() {
    let file = aasa(
      #"""
      {"applinks": {"defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["ABCDE12345.com.example.app"],
        "defaults": {"exclude": true}, "components": [{"/": "/foo/open", "exclude": false}, {"#": "*"}]}]}}
      """#
    )
    #expect(file.appLinks?.defaults.path == "/foo/*")
    #expect(file.appLinks?.details.first?.defaults.exclude == true)
    #expect(file.findings.map(\.code) == [.patternInDefaults, .patternInDefaults])
    #expect(file.findings.allSatisfy { $0.severity == .warning })
    #expect(file.match("https://example.com/foo/open").matched)
    let other = file.match("https://example.com/foo/other")
    #expect(!other.matched && other.excluded && other.rule == 1)
    #expect(!file.match("https://example.com/bar").excluded)
  }

  @Test func theShadowCheckSeesInheritedPatterns() {
    // Without the inherited "/", the second rule would look like a catch-all shadowing the
    // third.
    let file = aasa(
      #"""
      {"applinks": {"defaults": {"/": "/foo/*"}, "details": [{"appIDs": ["ABCDE12345.com.example.app"],
        "components": [{"#": "a"}, {"#": "*"}, {"/": "/bar"}]}]}}
      """#
    )
    #expect(!file.findings.contains { $0.code == .shadowedRule })
  }

  @Test func theShadowCheckComparesScalarsNotCharacters() {
    // "é" precomposed and "e" + U+0301 are canonically equivalent strings, but different
    // scalars to the matcher: neither rule shadows the other.
    let file = components(#"[{"/": "/caf\u00e9/*"}, {"/": "/cafe\u0301/x"}]"#)
    #expect(!file.findings.contains { $0.code == .shadowedRule })
  }

  // MARK: Hostile files

  @Test func aPatternOfStarsDoesNotExhaustTheStack() {
    let stars = String(repeating: "*", count: 120_000)
    let file = components(#"[{"/": "/\#(stars)x"}]"#)
    #expect(file.match("https://example.com/abcx").matched)
    #expect(!file.match("https://example.com/abcy").matched)
  }

  @Test func manyStarsAreQuickOnALongURL() {
    let pattern = String(repeating: "*a", count: 30_000) + "b"
    let file = components(#"[{"/": "/\#(pattern)"}]"#)
    let url = "https://example.com/" + String(repeating: "a", count: 8000)
    #expect(!file.match(url).matched)
  }

  @Test func longPatternsAreCheckedForShadowingInLinearTime() {
    let long = String(repeating: "x", count: 100_000)
    let file = components(#"[{"/": "/a*"}, {"/": "/a\#(long)"}]"#)
    #expect(file.findings.map(\.code) == [.shadowedRule])
  }

  @Test func substitutionVariablesHaveABudget() {
    // Each $(lang) is one of 615 codes: about 2,300 states.
    let within = String(repeating: "$(lang)", count: 20)
    let fine = components(#"[{"/": "/\#(within)"}]"#)
    #expect(!fine.findings.contains { $0.code == .tooComplex })
    #expect(fine.match("https://example.com/" + String(repeating: "en", count: 20)).matched)

    let over = String(repeating: "$(lang)", count: 1000)
    let file = components(#"[{"/": "/\#(over)"}]"#)
    #expect(file.findings.map(\.code) == [.tooComplex])
    #expect(!file.isRejected)
    let match = file.match("https://example.com/en")
    #expect(!match.matched && match.reason.contains("too complex"))
  }

  @Test func urlsOverTheLinkLimitAreNotMatched() {
    let file = components(#"[{"/": "*"}]"#)
    let url = "https://example.com/" + String(repeating: "a", count: 8192)
    let match = file.match(url)
    #expect(!match.matched && match.reason.contains("at most 8192 bytes"))
    #expect(file.match(String(url.prefix(8192))).matched)
  }
}
