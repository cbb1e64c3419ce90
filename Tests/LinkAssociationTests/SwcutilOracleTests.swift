import Testing

@testable import LinkAssociation

/// Apple's own verdicts, which linkgen's matcher must reproduce exactly.
///
/// Each probe was run through Apple's `swcutil` on macOS 27.0 (26A5388g), arm64, on
/// 2026-09-02: `swcutil match -u URL -j RULE` (one rule against one URL, ``probes``) and
/// `swcutil verify -d example.com -j FILE -u URL` (a whole file, ``documents``). The raw output
/// is published by the blazingly-aasa project (`conformance/oracle/swcutil-probes.tsv` and
/// `swcutil-gap-probes.tsv`); the verdicts are transcribed here. docs/association.md cites them
/// for each normalization rule.
struct SwcutilOracleTests {
  struct Probe: Sendable, CustomTestStringConvertible {
    let name: String
    let rule: String
    let url: String
    let matched: Bool

    init(_ name: String, _ rule: String, _ url: String, _ matched: Bool) {
      self.name = name
      self.rule = rule
      self.url = url
      self.matched = matched
    }

    var testDescription: String { "\(name): \(rule) ~ \(url) → \(matched)" }
  }

  struct DocumentProbe: Sendable, CustomTestStringConvertible {
    enum Verdict: Sendable { case matched, blocked, none }
    let name: String
    let json: String
    let url: String
    let verdict: Verdict

    init(_ name: String, _ json: String, _ url: String, _ verdict: Verdict) {
      self.name = name
      self.json = json
      self.url = url
      self.verdict = verdict
    }

    var testDescription: String { "\(name): \(url) → \(verdict)" }
  }

  /// `swcutil match`: whether the rule matches the URL ("Matched by pattern" or "Did not
  /// match").
  static let probes: [Probe] = [
    Probe(
      "trailing-star/buy-star-vs-no-slash",
      ##"{"/":"/buy/*"}"##,
      "https://example.com/buy",
      true
    ),
    Probe(
      "trailing-star/buy-star-vs-slash",
      ##"{"/":"/buy/*"}"##,
      "https://example.com/buy/",
      true
    ),
    Probe(
      "trailing-star/buy-star-vs-child",
      ##"{"/":"/buy/*"}"##,
      "https://example.com/buy/42",
      true
    ),
    Probe(
      "trailing-star/buy-star-vs-sibling",
      ##"{"/":"/buy/*"}"##,
      "https://example.com/buyer",
      false
    ),
    Probe(
      "trailing-star/buy-star-vs-prefix",
      ##"{"/":"/buy/*"}"##,
      "https://example.com/bu",
      false
    ),
    Probe(
      "trailing-star/deep-star-vs-no-slash",
      ##"{"/":"/a/b/*"}"##,
      "https://example.com/a/b",
      true
    ),
    Probe(
      "trailing-star/star-no-slash-vs-plain",
      ##"{"/":"/buy*"}"##,
      "https://example.com/buy",
      true
    ),
    Probe(
      "trailing-star/mid-star-vs-no-slash",
      ##"{"/":"/a/*/c"}"##,
      "https://example.com/a/c",
      false
    ),
    Probe("trailing-star/exact-no-star", ##"{"/":"/buy"}"##, "https://example.com/buy", true),
    Probe(
      "trailing-star/exact-vs-trailing-slash",
      ##"{"/":"/buy"}"##,
      "https://example.com/buy/",
      true
    ),
    Probe(
      "leading-slash/bare-abc-vs-slash-abc",
      ##"{"/":"abc"}"##,
      "https://example.com/abc",
      true
    ),
    Probe(
      "leading-slash/apple-doc-example",
      ##"{"/":"abc","?":"def","#":"*"}"##,
      "https://example.com/abc?def",
      true
    ),
    Probe("leading-slash/bare-buy-star", ##"{"/":"buy/*"}"##, "https://example.com/buy/42", true),
    Probe(
      "query-missing/star-on-absent-item",
      ##"{"?":{"b":"*"}}"##,
      "https://example.com/x?a=1",
      true
    ),
    Probe(
      "query-missing/question-star-on-absent",
      ##"{"?":{"b":"?*"}}"##,
      "https://example.com/x?a=1",
      false
    ),
    Probe(
      "query-missing/empty-pattern-on-absent",
      ##"{"?":{"b":""}}"##,
      "https://example.com/x?a=1",
      true
    ),
    Probe(
      "query-missing/literal-on-absent",
      ##"{"?":{"b":"1"}}"##,
      "https://example.com/x?a=1",
      false
    ),
    Probe(
      "query-missing/star-on-empty-query",
      ##"{"?":{"b":"*"}}"##,
      "https://example.com/x",
      true
    ),
    Probe(
      "query-missing/two-items-one-absent",
      ##"{"?":{"a":"1","b":"*"}}"##,
      "https://example.com/x?a=1",
      true
    ),
    Probe(
      "query-repeat/target-is-first",
      ##"{"?":{"id":"42"}}"##,
      "https://example.com/x?id=42&id=7",
      false
    ),
    Probe(
      "query-repeat/target-is-last",
      ##"{"?":{"id":"42"}}"##,
      "https://example.com/x?id=7&id=42",
      false
    ),
    Probe(
      "query-repeat/target-is-middle",
      ##"{"?":{"id":"42"}}"##,
      "https://example.com/x?id=7&id=42&id=9",
      false
    ),
    Probe(
      "query-nonstring/bool-true-value-present",
      ##"{"?":{"flag":true}}"##,
      "https://example.com/x?flag=1",
      true
    ),
    Probe(
      "query-nonstring/bool-true-item-absent",
      ##"{"?":{"flag":true}}"##,
      "https://example.com/x?other=1",
      true
    ),
    Probe(
      "query-nonstring/bool-false-value-present",
      ##"{"?":{"flag":false}}"##,
      "https://example.com/x?flag=1",
      true
    ),
    Probe(
      "query-nonstring/number-predicate",
      ##"{"?":{"n":5}}"##,
      "https://example.com/x?n=5",
      true
    ),
    Probe(
      "query-nonstring/null-predicate",
      ##"{"?":{"n":null}}"##,
      "https://example.com/x?n=5",
      true
    ),
    Probe("percent/default-encoded-space", ##"{"/":"/a%20b"}"##, "https://example.com/a%20b", true),
    Probe("percent/default-literal-space", ##"{"/":"/a b"}"##, "https://example.com/a%20b", false),
    Probe(
      "percent/false-literal-space",
      ##"{"/":"/a b","percentEncoded":false}"##,
      "https://example.com/a%20b",
      true
    ),
    Probe(
      "percent/false-encoded-pattern",
      ##"{"/":"/a%20b","percentEncoded":false}"##,
      "https://example.com/a%20b",
      false
    ),
    Probe("percent/encoded-slash-default", ##"{"/":"/a/b"}"##, "https://example.com/a%2Fb", false),
    Probe(
      "percent/encoded-slash-decoded",
      ##"{"/":"/a/b","percentEncoded":false}"##,
      "https://example.com/a%2Fb",
      true
    ),
    Probe(
      "percent/hex-case-default",
      ##"{"/":"/caf%C3%A9"}"##,
      "https://example.com/caf%c3%a9",
      false
    ),
    Probe(
      "percent/unicode-literal-false",
      ##"{"/":"/caf\u00e9","percentEncoded":false}"##,
      "https://example.com/caf%C3%A9",
      true
    ),
    Probe(
      "percent/unicode-literal-default",
      ##"{"/":"/caf\u00e9"}"##,
      "https://example.com/caf%C3%A9",
      false
    ),
    Probe("fragment/star-on-absent-fragment", ##"{"#":"*"}"##, "https://example.com/x", true),
    Probe("fragment/question-star-on-absent", ##"{"#":"?*"}"##, "https://example.com/x", false),
    Probe("fragment/empty-on-absent", ##"{"#":""}"##, "https://example.com/x", true),
    Probe("query-whole/whole-exact", ##"{"?":"a=1"}"##, "https://example.com/x?a=1", true),
    Probe(
      "query-whole/whole-rejects-extra",
      ##"{"?":"a=1"}"##,
      "https://example.com/x?a=1&b=2",
      false
    ),
    Probe("query-whole/whole-star-on-empty", ##"{"?":"*"}"##, "https://example.com/x", true),
    Probe(
      "query-whole/whole-question-star-on-empty",
      ##"{"?":"?*"}"##,
      "https://example.com/x",
      false
    ),
    Probe("lead/bare-abc-vs-abcd", ##"{"/":"abc"}"##, "https://example.com/abcd", false),
    Probe("lead/bare-abc-vs-xabc", ##"{"/":"abc"}"##, "https://example.com/xabc", false),
    Probe("lead/bare-abc-star", ##"{"/":"abc/*"}"##, "https://example.com/abc", true),
    Probe("lead/bare-star-abc", ##"{"/":"*abc"}"##, "https://example.com/xabc", true),
    Probe("lead/double-slash-pattern", ##"{"/":"//abc"}"##, "https://example.com/abc", true),
    Probe("lead/bare-deep", ##"{"/":"a/b"}"##, "https://example.com/a/b", true),
    Probe("trail/pattern-trailing-slash", ##"{"/":"/buy/"}"##, "https://example.com/buy", true),
    Probe("trail/deep-pattern-trailing", ##"{"/":"/a/b/"}"##, "https://example.com/a/b", true),
    Probe("trail/double-trailing-url", ##"{"/":"/buy/*"}"##, "https://example.com/buy//", true),
    Probe("trail/star-vs-double-slash", ##"{"/":"/buy/"}"##, "https://example.com/buy//", true),
    Probe("trail/root-pattern", ##"{"/":"/"}"##, "https://example.com/", true),
    Probe("trail/root-pattern-vs-empty", ##"{"/":"/"}"##, "https://example.com", true),
    Probe(
      "dup/star-on-duplicate",
      ##"{"?":{"id":"*"}}"##,
      "https://example.com/x?id=7&id=42",
      true
    ),
    Probe(
      "dup/joined-forward",
      ##"{"?":{"id":"7,42"}}"##,
      "https://example.com/x?id=7&id=42",
      false
    ),
    Probe(
      "dup/joined-reverse",
      ##"{"?":{"id":"42,7"}}"##,
      "https://example.com/x?id=42&id=7",
      false
    ),
    Probe(
      "dup/empty-on-duplicate",
      ##"{"?":{"id":""}}"##,
      "https://example.com/x?id=7&id=42",
      false
    ),
    Probe(
      "dup/question-star-on-dup",
      ##"{"?":{"id":"?*"}}"##,
      "https://example.com/x?id=7&id=42",
      true
    ),
    Probe(
      "dup/identical-duplicates",
      ##"{"?":{"id":"7"}}"##,
      "https://example.com/x?id=7&id=7",
      true
    ),
    Probe(
      "nonstr/string-still-applies",
      ##"{"?":{"a":"1","flag":true}}"##,
      "https://example.com/x?a=2",
      true
    ),
    Probe(
      "nonstr/string-passes-with-bool",
      ##"{"?":{"a":"1","flag":true}}"##,
      "https://example.com/x?a=1",
      true
    ),
    Probe("nonstr/array-predicate", ##"{"?":{"a":["1"]}}"##, "https://example.com/x?a=2", true),
    Probe(
      "nonstr/object-predicate",
      ##"{"?":{"a":{"b":"1"}}}"##,
      "https://example.com/x?a=2",
      true
    ),
    Probe("whole/empty-pattern-no-query", ##"{"?":""}"##, "https://example.com/x", true),
    Probe("whole/literal-vs-no-query", ##"{"?":"a=1"}"##, "https://example.com/x", false),
    Probe("unknown-key/control-plain", ##"{"/":"/foo/*"}"##, "https://example.com/foo/1", true),
    Probe(
      "unknown-key/unknown-alongside-path",
      ##"{"/":"/foo/*","totallyUnknownKey":"x"}"##,
      "https://example.com/foo/1",
      true
    ),
    Probe(
      "unknown-key/unknown-nonmatching",
      ##"{"/":"/foo/*","totallyUnknownKey":"x"}"##,
      "https://example.com/bar",
      false
    ),
    Probe(
      "unknown-key/unknown-alone",
      ##"{"totallyUnknownKey":"x"}"##,
      "https://example.com/anything",
      true
    ),
    Probe("unknown-key/control-empty", ##"{}"##, "https://example.com/anything", true),
    Probe(
      "unknown-key/misspelled-known",
      ##"{"/":"/foo/*","casesensitive":true}"##,
      "https://example.com/FOO/1",
      false
    ),
    Probe(
      "unknown-key/nested-unknown-object",
      ##"{"/":"/foo/*","future":{"a":"b"}}"##,
      "https://example.com/foo/1",
      true
    ),
  ]

  /// `swcutil verify`: whether the file opens the app for the URL ("matched"), keeps the URL
  /// out of it ("blocked match"), or says nothing ("did not match").
  static let documents: [DocumentProbe] = [
    DocumentProbe(
      "defaults/control-no-defaults",
      ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"*"}]}]}}"##,
      "https://example.com/bar",
      .matched
    ),
    DocumentProbe(
      "defaults/applinks-path",
      ##"{"applinks":{"defaults":{"/":"/foo/*"},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"*"}]}]}}"##,
      "https://example.com/bar",
      .none
    ),
    DocumentProbe(
      "defaults/applinks-path-agreeing",
      ##"{"applinks":{"defaults":{"/":"/foo/*"},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"*"}]}]}}"##,
      "https://example.com/foo/1",
      .matched
    ),
    DocumentProbe(
      "defaults/detail-path",
      ##"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"defaults":{"/":"/foo/*"},"components":[{"#":"*"}]}]}}"##,
      "https://example.com/bar",
      .none
    ),
    DocumentProbe(
      "defaults/applinks-exclude",
      ##"{"applinks":{"defaults":{"exclude":true},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"*"}]}]}}"##,
      "https://example.com/bar",
      .blocked
    ),
    DocumentProbe(
      "defaults/applinks-query",
      ##"{"applinks":{"defaults":{"?":{"id":"??"}},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"*"}]}]}}"##,
      "https://example.com/bar?id=7",
      .none
    ),
    DocumentProbe(
      "defaults/applinks-query-violating",
      ##"{"applinks":{"defaults":{"?":{"id":"??"}},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"#":"*"}]}]}}"##,
      "https://example.com/bar?id=7777",
      .none
    ),
    DocumentProbe(
      "defaults/applinks-casesensitive-true",
      ##"{"applinks":{"defaults":{"caseSensitive":true},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/foo"}]}]}}"##,
      "https://example.com/FOO",
      .none
    ),
    DocumentProbe(
      "defaults/applinks-casesensitive-false",
      ##"{"applinks":{"defaults":{"caseSensitive":false},"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/foo"}]}]}}"##,
      "https://example.com/FOO",
      .matched
    ),
  ]

  @Test(arguments: probes)
  func ruleMatchesAsSwcutil(_ probe: Probe) {
    let file = components("[\(probe.rule)]")
    let match = file.match(probe.url, domain: "example.com")
    #expect(match.matched == probe.matched, "\(match.reason)")
  }

  @Test(arguments: documents)
  func fileMatchesAsSwcutil(_ probe: DocumentProbe) {
    let match = aasa(probe.json).match(probe.url, domain: "example.com")
    switch probe.verdict {
    case .matched: #expect(match.matched, "\(match.reason)")
    case .blocked: #expect(!match.matched && match.excluded, "\(match.reason)")
    case .none: #expect(!match.matched && !match.excluded, "\(match.reason)")
    }
  }
}
