import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkPages

@Suite(.blockingWork)
struct PlainTextTests {
  @Test(arguments: [
    ("Ada\r\nBcc: x", "Ada Bcc: x"), ("\u{202E}cba\u{202C}", "cba"), ("a\u{2066}b\u{2069}", "ab"),
    ("a\u{200B}b\u{200C}c\u{2060}d\u{FEFF}e", "abcde"), ("  spaced \t out  ", "spaced out"),
    ("e\u{301}", "é"), ("👩\u{200D}💻", "👩\u{200D}💻"), ("a\u{200D}b", "ab"), ("\u{3164}", ""),
    ("line\u{2028}break\u{85}", "line break"), ("<b>&amp;</b>", "<b>&amp;</b>"), ("지민", "지민"),
  ])
  func cleans(_ input: String, _ expected: String) {
    #expect(PlainText.clean(input) == expected)
  }
}

@Suite(.blockingWork)
struct URLPolicyTests {
  let policy = URLPolicy(appScheme: "openlist", androidPackage: "com.example.openlist")

  @Test(arguments: [
    "https://openlist.example.com/a?b=c%2C", "openlist://shared-checklists?x=1",
    "intent://x#Intent;scheme=openlist;package=com.example.openlist;S.browser_fallback_url=https%3A%2F%2Fa.example;end",
    // The opaque form (a table whose scheme template is `openlist:{album}`).
    "intent:x?index=1#Intent;scheme=openlist;package=com.example.openlist;end",
  ])
  func accepts(_ url: String) throws {
    _ = try policy.check(url).get()
  }

  @Test(arguments: [
    "javascript:alert(1)", "JaVaScRiPt:alert(1)", " javascript:alert(1)", "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>", "vbscript:x", "//evil.example/",
    "https:evil.example",
    "https://user@evil.example/", "https://evil.example:8443/", "https:\\\\evil.example",
    "https://evil.example/\"onmouseover=\"x", "http://openlist.example.com/", "openlistx://x",
    "intent://x#Intent;scheme=openlist;package=com.evil.app;end",
    "intent:x#Intent;scheme=evil;package=com.example.openlist;end",
    "intent:x#Intent;scheme=openlist;package=com.example.openlist;", "file:///etc/passwd", "",
    "https://exa mple.com/", "itms-apps://apps.apple.com/app/id1",
  ])
  func refuses(_ url: String) {
    #expect(throws: PageError.self) { try policy.check(url).get() }
  }

  /// The refusal names what was wrong, as the byte-wise check words it.
  @Test(arguments: [
    ("", "empty or too long"), ("https://a.example/\u{E9}", "it contains U+00E9"),
    ("https://a.example/\"", "it contains '\"' (U+0022)"), ("no-scheme", "it has no scheme"),
    ("https:a.example", "an https URL starts with https://"),
    ("https:/", "an https URL starts with https://"),
    ("https://", "the host must be a plain domain name, without userinfo or port"),
    ("https:///path", "the host must be a plain domain name, without userinfo or port"),
    ("https://a_b.example/", "the host must be a plain domain name, without userinfo or port"),
    (
      "intent://x#Intent;scheme=openlist;package=com.example.openlist;en",
      "only intent: links to the app's own scheme and package are allowed"
    ),
    ("ftp://a.example/", "only https, openlist: and the app's intent: links are allowed"),
    // The app's own scheme is matched as the table spells it.
    ("OpenList://x", "only https, openlist: and the app's intent: links are allowed"),
  ])
  func refusalSaysWhy(_ url: String, _ why: String) {
    guard case .failure(let error) = policy.check(url) else {
      Issue.record("\(url) was accepted")
      return
    }
    #expect(error.message.hasSuffix(": " + why), "\(error.message)")
  }

  /// `https` and `intent` in any case; the host ends at `/`, `?` or `#`.
  @Test(arguments: [
    "HTTPS://a.example/x",
    "INTENT://x#Intent;scheme=openlist;package=com.example.openlist;end",
    "https://a.example?x", "https://a.example#x",
  ])
  func acceptsSchemesInAnyCase(_ url: String) throws {
    _ = try policy.check(url).get()
  }

  /// The byte check (its table) says what the scalar check says, for every byte.
  @Test func byteCheckMatchesScalarCheck() {
    for byte in 0...255 {
      #expect(
        URLPolicy.allowed(UInt8(byte))
          == (byte < 0x80 && URLPolicy.allowed(Unicode.Scalar(UInt8(byte)))),
        "byte \(byte)"
      )
    }
  }

  /// The branch-free check of a whole link says what the byte check says: for every byte alone,
  /// and for every byte at each place of a link (first, in a word, last).
  @Test func wholeLinkCheckMatchesByteCheck() {
    let link = Array("https://openlist.example.com/lists/a1b2?x=1".utf8)
    for byte in 0...255 {
      let expected = URLPolicy.allowed(UInt8(byte))
      #expect([UInt8(byte)].withUnsafeBufferPointer(URLPolicy.allAllowed) == expected)
      for place in [0, 9, link.count - 1] {
        var changed = link
        changed[place] = UInt8(byte)
        #expect(changed.withUnsafeBufferPointer(URLPolicy.allAllowed) == expected, "\(byte)")
      }
    }
    #expect([UInt8]().withUnsafeBufferPointer(URLPolicy.allAllowed))
  }
}

@Suite(.blockingWork)
struct PlainTextASCIITests {
  /// ASCII text is cleaned byte by byte: the result is what the rules say (controls and
  /// spaces to one space between words, none at the ends), checked against a plain reading of
  /// them on random ASCII text.
  @Test func asciiCleaningFollowsTheRules() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x00, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x20, 0x7F, 0x41, 0x62, 0x2E, 0x7E,
    ]
    for _ in 0..<2000 {
      let bytes = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator) ?? 0x41
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let words = bytes.split { $0 <= 0x20 || $0 == 0x7F }.map {
        String(decoding: $0, as: UTF8.self)
      }
      #expect(PlainText.clean(text) == words.joined(separator: " "), "\(text.debugDescription)")
    }
  }
}

@Suite(.blockingWork)
struct JSONQuoteTests {
  /// The page's JSON strings escape what JSON-in-HTML needs, and nothing else, for every byte.
  @Test func quotesEveryASCIIByteAsJSONValueDoes() {
    for byte in UInt8(0)...0x7F {
      var out: [UInt8] = []
      PageValues.quote(String(decoding: [0x61, byte, 0x62], as: UTF8.self), into: &out)
      let expected: String
      switch byte {
      case 0x22: expected = #""a\"b""#
      case 0x5C: expected = #""a\\b""#
      case 0x0A: expected = #""a\nb""#
      case 0x0D: expected = #""a\rb""#
      case 0x09: expected = #""a\tb""#
      case 0x00...0x1F, 0x7F, 0x3C, 0x3E, 0x26:
        let hex = String(byte, radix: 16)
        expected = "\"a\\u" + String(repeating: "0", count: 4 - hex.count) + hex + "b\""
      default: expected = "\"a" + String(UnicodeScalar(byte)) + "b\""
      }
      #expect(String(decoding: out, as: UTF8.self) == expected, "byte \(byte)")
    }
    var out: [UInt8] = []
    PageValues.quote("x\u{2028}y\u{2029}z\u{2026}", into: &out)
    #expect(String(decoding: out, as: UTF8.self) == #""x\u2028y\u2029z\#u{2026}""#)
  }
}

/// The escapes look at eight bytes at a time and at single bytes only in a word that may hold
/// one to escape: every byte, at every place of a value longer than a word, with plain bytes or
/// other bytes to escape around it, is escaped as a byte-by-byte escape does.
@Suite(.blockingWork)
struct WordScanTests {
  @Test func everyByteAtEveryPlaceIsEscapedAsByteByByte() {
    var wrong: [String] = []
    for byte in UInt8(0)...0xFF {
      for filler: UInt8 in [0x61, 0x26, 0xE2, 0x80] {
        for place in 0..<17 {
          var bytes = [UInt8](repeating: filler, count: 17)
          bytes[place] = byte
          var html: [UInt8] = []
          bytes.withUnsafeBufferPointer { PageValues.escape($0, into: &html) }
          if html != Self.htmlEscaped(bytes) {
            wrong.append("HTML: \(byte) at \(place) in \(filler)")
          }
          let text = String(decoding: bytes, as: UTF8.self)
          var json: [UInt8] = []
          PageValues.quote(text, into: &json)
          if json != Self.jsonQuoted(Array(text.utf8)) {
            wrong.append("JSON: \(byte) at \(place) in \(filler)")
          }
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
  }

  /// Each of `& < > " '` as its entity, one byte at a time.
  static func htmlEscaped(_ bytes: [UInt8]) -> [UInt8] {
    bytes.flatMap { byte -> [UInt8] in
      switch byte {
      case 0x26: Array("&amp;".utf8)
      case 0x3C: Array("&lt;".utf8)
      case 0x3E: Array("&gt;".utf8)
      case 0x22: Array("&quot;".utf8)
      case 0x27: Array("&#39;".utf8)
      default: [byte]
      }
    }
  }

  /// JSON-in-HTML quoting one byte at a time (U+2028 and U+2029 as their three bytes).
  static func jsonQuoted(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x22]
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        out += Array((bytes[index + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
        index += 3
        continue
      }
      switch byte {
      case 0x22: out += Array(#"\""#.utf8)
      case 0x5C: out += Array(#"\\"#.utf8)
      case 0x0A: out += Array(#"\n"#.utf8)
      case 0x0D: out += Array(#"\r"#.utf8)
      case 0x09: out += Array(#"\t"#.utf8)
      case 0x00...0x1F, 0x7F, 0x3C, 0x3E, 0x26:
        let hex = String(byte, radix: 16)
        out += Array(("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: out.append(byte)
      }
      index += 1
    }
    return out + [0x22]
  }
}

@Suite(.blockingWork)
struct StyleSourceTests {
  /// The expected sources were computed apart from linkgen, with Python's hashlib:
  /// `base64.b64encode(hashlib.sha256(b"a{}").digest())`.
  @Test func styleSourcesHashEachStyleElement() {
    let html = "<style>a{}</style><p>x</p><STYLE media=\"print\">b{}</STYLE><styles>"
    #expect(
      PageRenderer.styleSources(in: html) == [
        "'sha256-X1RutGBrXCt9KkSaXMK7tHftWiRscFHOhxsS8tv8hBk='",
        "'sha256-7yqHVAesot11p6HczDsgKRipvI5UPgs97z80zNXlans='",
      ]
    )
  }
}
