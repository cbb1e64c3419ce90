@testable import LinkAssociation

/// The larger tables of ``MatcherTests``: query items, case and encoding, variables.
extension MatcherTests {
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
}
