import Testing

@testable import LinkAssociation

/// Matcher behaviour beyond single rules: hosts and schemes, several details, legacy paths,
/// iOS 12 versus 13, and what happens to broken rules and rejected files.
struct MatcherScopeTests {
  @Test func nonStringPredicateIsReportedAsAnError() {
    let file = components(
      ##"[{"/": "/a", "?": {"id": "42", "page": 5}, "exclude": true}, {"/": "*"}]"##
    )
    #expect(file.findings.errors.map(\.code) == [.nonStringQueryValue])
    #expect(file.findings.errors.first?.path == #"applinks.details[0].components[0]["?"].page"#)
    // Ignored as a whole: the exclusion now applies to every query.
    #expect(file.match("https://example.com/a?id=1").excluded)
  }

  @Test func hostMustEqualTheDomainThatServesTheFile() {
    let file = components(##"[{"/": "*"}]"##)
    #expect(file.match("https://EXAMPLE.com/a", domain: "example.com").matched)
    #expect(file.match("https://example.com./a", domain: "example.com").matched)
    let other = file.match("https://www.example.com/a", domain: "example.com")
    #expect(!other.matched)
    #expect(other.reason.contains("www.example.com is not example.com"))
    #expect(file.match("https://www.example.com/a").matched, "no domain: any host")
  }

  @Test(arguments: [
    "http://example.com/a", "https://user@example.com/a", "https://example.com:8443/a",
    "example.com/a",
  ])
  func onlyPlainHTTPSURLsAreUniversalLinks(_ url: String) {
    let match = components(##"[{"/": "*"}]"##).match(url, domain: "example.com")
    #expect(!match.matched)
    #expect(match.rule == nil)
  }

  @Test func detailsAreTriedInOrderAndAnExclusionLeavesTheNextAppItsChance() {
    let file = aasa(
      ##"""
      {"applinks": {"details": [
        {"appIDs": ["ABCDE12345.com.example.first"], "components": [{"/": "/shop/*"}, {"/": "/api/*", "exclude": true}]},
        {"appIDs": ["ABCDE12345.com.example.second"], "components": [{"/": "*"}]}
      ]}}
      """##
    )
    #expect(file.match("https://example.com/shop/1").appIDs == ["ABCDE12345.com.example.first"])
    let api = file.match("https://example.com/api/1")
    #expect(api.appIDs == ["ABCDE12345.com.example.second"])
    #expect(api.detail == 1)
    #expect(file.match("https://example.com/other").detail == 1)
  }

  @Test func legacyPathsWithNOTAndBothShapes() {
    let array = aasa(
      ##"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.example.app", "paths": ["NOT /private/*", "/", "/products/*", "*.html"]}]}}"##
    )
    let dictionary = aasa(
      ##"{"applinks": {"apps": [], "details": {"ABCDE12345.com.example.app": {"paths": ["NOT /private/*", "/", "/products/*", "*.html"]}}}}"##
    )
    for file in [array, dictionary] {
      #expect(file.findings.isEmpty, "\(file.findings)")
      for mode in AASAMatchMode.allCases {
        #expect(file.match("https://example.com/", mode: mode).rule == 1)
        #expect(file.match("https://example.com/products/9?ref=x#top", mode: mode).rule == 2)
        #expect(file.match("https://example.com/a/b.html", mode: mode).rule == 3)
        let hidden = file.match("https://example.com/private/x.html", mode: mode)
        #expect(!hidden.matched)
        #expect(hidden.excluded)
        #expect(hidden.rulePath == "applinks.details[0].paths[0]")
        // Legacy paths are case-sensitive and ignore the query.
        #expect(!file.match("https://example.com/Products/9", mode: mode).matched)
      }
    }
  }

  @Test func modesReadDifferentKeys() {
    // iOS 13+ ignores paths when components is present; iOS 12 reads only appID + paths.
    let hybrid = aasa(
      ##"{"applinks": {"details": [{"appID": "ABCDE12345.com.example.app", "paths": ["/old/*"], "components": [{"/": "/new/*"}]}]}}"##
    )
    #expect(hybrid.match("https://example.com/new/1").matched)
    #expect(!hybrid.match("https://example.com/old/1").matched)
    #expect(hybrid.match("https://example.com/old/1", mode: .legacy).matched)
    #expect(!hybrid.match("https://example.com/new/1", mode: .legacy).matched)
    // appIDs is an iOS 13 key: iOS 12 ignores the detail.
    let modern = aasa(
      ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "paths": ["*"]}]}}"##
    )
    #expect(modern.match("https://example.com/a").matched)
    #expect(!modern.match("https://example.com/a", mode: .legacy).matched)
  }

  @Test func rulesWithWrongTypesAreSkippedAndReported() {
    let file = components(##"[{"/": 5}, {"/": "/a", "exclude": "yes"}, {"/": "*"}]"##)
    #expect(file.findings.errors.count == 2)
    #expect(file.match("https://example.com/a").rule == 2)
  }

  @Test func undefinedVariablesReadAsLiteralTextAndAreErrors() {
    let file = components(##"[{"/": "/$(nope)/x"}]"##)
    #expect(file.findings.errors.map(\.code) == [.undefinedVariable])
    #expect(file.match("https://example.com/$(nope)/x").matched)
    #expect(!file.match("https://example.com/a/x").matched)
  }

  @Test func aRejectedFileOpensNoApp() {
    let file = aasa(
      ##"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "*"},]}]}}"##
    )
    #expect(file.isRejected)
    let match = file.match("https://example.com/a")
    #expect(!match.matched)
    #expect(match.reason.hasPrefix("Apple rejects this file"))
  }
}
