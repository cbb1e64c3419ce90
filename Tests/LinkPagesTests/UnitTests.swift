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
