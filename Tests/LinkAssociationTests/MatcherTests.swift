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

  static let queriesCases: [Case] = [
    // A string pattern is matched against the whole query.
    Case(
      components: ##"[{"?": "*token=*", "exclude": true}, {"/": "*"}]"##,
      url: "https://example.com/a?x=1&token=2",
      matched: false,
      rule: 0
    ),
    Case(components: ##"[{"?": "?*"}]"##, url: "https://example.com/a", matched: false, rule: nil),
    // A missing item counts as present and empty.
    Case(
      components: ##"[{"?": {"b": "*"}}]"##,
      url: "https://example.com/a?c=1",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"?": {"b": ""}}]"##,
      url: "https://example.com/a",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"?": {"b": "?*"}}]"##,
      url: "https://example.com/a?c=1",
      matched: false,
      rule: nil
    ),
    // An item without "=" has an empty value.
    Case(
      components: ##"[{"?": {"flag": ""}}]"##,
      url: "https://example.com/a?flag",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"?": {"flag": "?*"}}]"##,
      url: "https://example.com/a?flag",
      matched: false,
      rule: nil
    ),
    // Every occurrence of a repeated name must match.
    Case(
      components: ##"[{"?": {"id": "42"}}]"##,
      url: "https://example.com/a?id=7&id=42",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"?": {"id": "42"}}]"##,
      url: "https://example.com/a?id=42&id=42",
      matched: true,
      rule: 0
    ),
    // All keys of the dictionary must match.
    Case(
      components: ##"[{"?": {"index": "?", "albumname": "*"}}]"##,
      url: "https://example.com/a?albumname=x&index=1",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"?": {"index": "?", "albumname": "*"}}]"##,
      url: "https://example.com/a?albumname=x&index=12",
      matched: false,
      rule: nil
    ),
    // A non-string value makes the whole dictionary ignored: any query matches.
    Case(
      components: ##"[{"/": "/a", "?": {"id": "42", "page": 5}}]"##,
      url: "https://example.com/a?id=7",
      matched: true,
      rule: 0
    ),
    // Query item names compare exactly.
    Case(
      components: ##"[{"?": {"id": "?*"}}]"##,
      url: "https://example.com/a?ID=4",
      matched: false,
      rule: nil
    ),
  ]

  static let caseAndEncodingCases: [Case] = [
    // caseSensitive defaults to true.
    Case(
      components: ##"[{"/": "/Albums/*"}]"##,
      url: "https://example.com/albums/x",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/Albums/*", "caseSensitive": false}]"##,
      url: "https://example.com/ALBUMS/x",
      matched: true,
      rule: 0
    ),
    // …and applies to query values and fragments.
    Case(
      components: ##"[{"?": {"mode": "view"}, "caseSensitive": false}]"##,
      url: "https://example.com/a?mode=VIEW",
      matched: true,
      rule: 0
    ),
    // defaults at the three levels, each overriding the one above.
    Case(
      components: ##"[{"/": "/Albums/*"}]"##,
      url: "https://example.com/albums/x",
      matched: true,
      rule: 0,
      defaults: ##"{"caseSensitive": false}"##
    ),
    Case(
      components: ##"[{"/": "/Albums/*"}]"##,
      url: "https://example.com/albums/x",
      matched: false,
      rule: nil,
      defaults: ##"{"caseSensitive": false}"##,
      detailDefaults: ##"{"caseSensitive": true}"##
    ),
    Case(
      components: ##"[{"/": "/Albums/*", "caseSensitive": false}]"##,
      url: "https://example.com/albums/x",
      matched: true,
      rule: 0,
      defaults: ##"{"caseSensitive": true}"##,
      detailDefaults: ##"{"caseSensitive": true}"##
    ),
    // percentEncoded (default true): compared as written; escape-hex case matters.
    Case(
      components: ##"[{"/": "/caf%C3%A9/*"}]"##,
      url: "https://example.com/caf%C3%A9/x",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/caf%C3%A9/*"}]"##,
      url: "https://example.com/caf%c3%a9/x",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/café/*"}]"##,
      url: "https://example.com/caf%C3%A9/x",
      matched: false,
      rule: nil
    ),
    // percentEncoded false: the URL is decoded, the pattern is not.
    Case(
      components: ##"[{"/": "/café/*", "percentEncoded": false}]"##,
      url: "https://example.com/caf%C3%A9/x",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/a b/*", "percentEncoded": false}]"##,
      url: "https://example.com/a%20b/x",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/a%20b/*", "percentEncoded": false}]"##,
      url: "https://example.com/a%20b/x",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"?": {"q": "a b"}, "percentEncoded": false}]"##,
      url: "https://example.com/s?q=a%20b",
      matched: true,
      rule: 0
    ),
    // %2F is not a path separator: no trailing-slash trimming after decoding.
    Case(
      components: ##"[{"/": "/a", "percentEncoded": false}]"##,
      url: "https://example.com/a%2F",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/a", "percentEncoded": false}]"##,
      url: "https://example.com/a/",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/a/b", "percentEncoded": false}]"##,
      url: "https://example.com/a%2Fb",
      matched: true,
      rule: 0
    ),
  ]

  static let variablesCases: [Case] = [
    Case(
      components: ##"[{"/": "/$(lang)/x"}]"##,
      url: "https://example.com/fr/x",
      matched: true,
      rule: 0,
      variables: ##"{"lang": ["en", "fr"]}"##
    ),
    Case(
      components: ##"[{"/": "/$(lang)/x"}]"##,
      url: "https://example.com/de/x",
      matched: false,
      rule: nil,
      variables: ##"{"lang": ["en", "fr"]}"##
    ),
    // Values may hold wildcards.
    Case(
      components: ##"[{"/": "/$(section)"}]"##,
      url: "https://example.com/shared-anything",
      matched: true,
      rule: 0,
      variables: ##"{"section": ["album?", "shared-*"]}"##
    ),
    Case(
      components: ##"[{"/": "/$(section)"}]"##,
      url: "https://example.com/albums",
      matched: true,
      rule: 0,
      variables: ##"{"section": ["album?", "shared-*"]}"##
    ),
    Case(
      components: ##"[{"/": "/$(section)"}]"##,
      url: "https://example.com/album",
      matched: false,
      rule: nil,
      variables: ##"{"section": ["album?", "shared-*"]}"##
    ),
    // Predefined variables.
    Case(
      components: ##"[{"/": "/$(digit)$(digit)"}]"##,
      url: "https://example.com/42",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/$(digit)$(digit)"}]"##,
      url: "https://example.com/4a",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/$(alpha)"}]"##,
      url: "https://example.com/Q",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/$(alnum)"}]"##,
      url: "https://example.com/-",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/$(xdigit)"}]"##,
      url: "https://example.com/f",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/$(xdigit)"}]"##,
      url: "https://example.com/g",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/$(lower)"}]"##,
      url: "https://example.com/A",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/$(upper)"}]"##,
      url: "https://example.com/a",
      matched: false,
      rule: nil
    ),
    // Case folding applies to predefined variables.
    Case(
      components: ##"[{"/": "/$(upper)", "caseSensitive": false}]"##,
      url: "https://example.com/a",
      matched: true,
      rule: 0
    ),
    // $(region) is Locale.isoRegionCodes: GB, not UK.
    Case(
      components: ##"[{"/": "/$(region)/*"}]"##,
      url: "https://example.com/GB/x",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/$(region)/*"}]"##,
      url: "https://example.com/UK/x",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/$(region)/*"}]"##,
      url: "https://example.com/gb/x",
      matched: false,
      rule: nil
    ),
    Case(
      components: ##"[{"/": "/$(region)/*", "caseSensitive": false}]"##,
      url: "https://example.com/gb/x",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/$(lang)/*"}]"##,
      url: "https://example.com/de/x",
      matched: true,
      rule: 0
    ),
    Case(
      components: ##"[{"/": "/$(lang)/*"}]"##,
      url: "https://example.com/xx/x",
      matched: false,
      rule: nil
    ),
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
