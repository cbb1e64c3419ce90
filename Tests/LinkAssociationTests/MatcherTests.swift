import Testing

@testable import LinkAssociation

/// Apple's matching semantics, rule by rule (platform-specs.md §1; Apple's applinks.Details.
/// Components and …Query documentation; behaviour verified with swcutil as recorded there).
struct MatcherTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let components: String
    let url: String
    let matched: Bool
    /// The deciding rule, when one decides.
    let rule: Int?
    var defaults: String? = nil
    var detailDefaults: String? = nil
    var variables: String? = nil

    var testDescription: String { "\(components) ~ \(url) → \(matched)" }
  }

  static let wildcardsCases: [Case] = [
    // `*` matches zero or more characters, `/` included.
    Case(components: ##"[{"/": "/b*y"}]"##, url: "https://example.com/by", matched: true, rule: 0),
    Case(
      components: ##"[{"/": "/b*y"}]"##,
      url: "https://example.com/b/x/y",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/b*y"}]"##,
      url: "https://example.com/b/x/z",
      matched: false,
      rule: nil
    ),
    // `?` exactly one character.
    Case(
      components: ##"[{"/": "/id/???"}]"##,
      url: "https://example.com/id/481",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/id/???"}]"##,
      url: "https://example.com/id/48",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/id/???"}]"##,
      url: "https://example.com/id/4812",
      matched: false,
      rule: nil
    ),
    // `?*` one or more.
    Case(
      components: ##"[{"/": "/id/?*"}]"##,
      url: "https://example.com/id/1",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/id/?*"}]"##,
      url: "https://example.com/id/",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/id/?*"}]"##,
      url: "https://example.com/id",
      matched: false,
      rule: nil
    ),
    // No exponential blow-up on many stars.
    Case(
      components: ##"[{"/": "/*a*a*a*a*a*a*a*a*a*a*b"}]"##,
      url: "https://example.com/" + String(repeating: "a", count: 200),
      matched: false,
      rule: nil
    ),
  ]

  static let slashesCases: [Case] = [
    // The leading slash of a pattern is optional.
    Case(components: ##"[{"/": "abc"}]"##, url: "https://example.com/abc", matched: true, rule: 0),
    // Trailing slashes are insignificant, on both sides.
    Case(
      components: ##"[{"/": "/wwdc/news/"}]"##,
      url: "https://example.com/wwdc/news",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/wwdc/news"}]"##,
      url: "https://example.com/wwdc/news/",
      matched: true,
      rule: 0
    ),
    // A pattern ending in /* also matches the parent.
    Case(
      components: ##"[{"/": "/buy/*"}]"##,
      url: "https://example.com/buy",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/buy/*"}]"##,
      url: "https://example.com/buy//",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/buy/*"}]"##,
      url: "https://example.com/buyer",
      matched: false,
      rule: nil
    ),
    // …but a fixed-length pattern does not grow by a slash.
    Case(
      components: ##"[{"/": "/id/????"}]"##,
      url: "https://example.com/id/481",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/id/????"}]"##,
      url: "https://example.com/id/481/",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/id/????"}]"##,
      url: "https://example.com/id/4812/",
      matched: true,
      rule: 0
    ),
    // "/" is the home page only; "*" is everything.
    Case(components: ##"[{"/": "/"}]"##, url: "https://example.com", matched: true, rule: 0),
    Case(components: ##"[{"/": "/"}]"##, url: "https://example.com/", matched: true, rule: 0),
    Case(components: ##"[{"/": "/"}]"##, url: "https://example.com/a", matched: false, rule: nil),
    Case(
      components: ##"[{"/": "*"}]"##,
      url: "https://example.com/a/b?c#d",
      matched: true,
      rule: 0
    ),
  ]

  static let orderCases: [Case] = [
    // First match wins; a matching exclude stops the scan.
    Case(
      components: ##"[{"/": "/api/*", "exclude": true}, {"/": "/*"}]"##,
      url: "https://example.com/api/v1",
      matched: false,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/api/*", "exclude": true}, {"/": "/*"}]"##,
      url: "https://example.com/shop",
      matched: true,
      rule: 1
    ),
    Case(
      components: ##"[{"/": "/*"}, {"/": "/api/*", "exclude": true}]"##,
      url: "https://example.com/api/v1",
      matched: true,
      rule: 0
    ),
    // A rule with no matcher keys matches everything (meetoseh's last rule).
    Case(
      components: ##"[{"comment": "all"}]"##,
      url: "https://example.com/x?y=1#z",
      matched: true,
      rule: 0
    ),
    // Every specified component must match.
    Case(
      components: ##"[{"/": "/help/*", "?": {"articleNumber": "????"}}]"##,
      url: "https://example.com/help/a?articleNumber=1234",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/help/*", "?": {"articleNumber": "????"}}]"##,
      url: "https://example.com/other?articleNumber=1234",
      matched: false,
      rule: nil
    ),
  ]

  static let fragmentsCases: [Case] = [
    Case(
      components: ##"[{"#": "no_universal_links", "exclude": true}, {"/": "*"}]"##,
      url: "https://example.com/a#no_universal_links",
      matched: false,
      rule: 0
    ),
    Case(
      components: ##"[{"#": "no_universal_links", "exclude": true}, {"/": "*"}]"##,
      url: "https://example.com/a#other",
      matched: true,
      rule: 1
    ),
    // An absent fragment reads as "".
    Case(components: ##"[{"#": "?*"}]"##, url: "https://example.com/a", matched: false, rule: nil),
    Case(components: ##"[{"#": "*"}]"##, url: "https://example.com/a", matched: true, rule: 0),
  ]

  @Test("wildcards *, ? and ?*", arguments: wildcardsCases)
  func wildcards(_ test: Case) { check(test) }

  @Test("leading and trailing slashes", arguments: slashesCases)
  func slashes(_ test: Case) { check(test) }

  @Test("first match wins, exclude stops the scan", arguments: orderCases)
  func order(_ test: Case) { check(test) }

  @Test("fragments", arguments: fragmentsCases)
  func fragments(_ test: Case) { check(test) }

  @Test("query strings and dictionaries", arguments: queriesCases)
  func queries(_ test: Case) { check(test) }

  @Test("caseSensitive, percentEncoded and defaults", arguments: caseAndEncodingCases)
  func caseAndEncoding(_ test: Case) { check(test) }

  @Test("substitution variables, custom and predefined", arguments: variablesCases)
  func variables(_ test: Case) { check(test) }

  private func check(_ test: Case, sourceLocation: SourceLocation = #_sourceLocation) {
    let file = components(
      test.components,
      defaults: test.defaults,
      detailDefaults: test.detailDefaults,
      variables: test.variables
    )
    #expect(!file.isRejected, sourceLocation: sourceLocation)
    let match = file.match(test.url, domain: "example.com")
    #expect(match.matched == test.matched, "\(match.reason)", sourceLocation: sourceLocation)
    #expect(match.rule == test.rule, "\(match.reason)", sourceLocation: sourceLocation)
    if test.matched {
      #expect(match.appIDs == ["ABCDE12345.com.example.app"], sourceLocation: sourceLocation)
      #expect(match.detail == 0, sourceLocation: sourceLocation)
    } else {
      #expect(match.appIDs.isEmpty, sourceLocation: sourceLocation)
      #expect(match.excluded == (test.rule != nil), sourceLocation: sourceLocation)
    }
  }
}
