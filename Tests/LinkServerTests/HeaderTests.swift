import HTTPTypes
import LinkgenTestSupport
import Testing

@testable import LinkServer

/// The small readers of request headers and the log's cleaning.
@Suite(.blockingWork)
struct HeaderTests {
  @Test(
    arguments: [
      (nil, "en"), ("", "en"), ("ko", "ko"), ("ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7", "ko"),
      ("en-US,en;q=0.9,ko;q=0.8", "en"), ("fr-CH, fr;q=0.9, ko;q=0.5, *;q=0.1", "ko"),
      ("de, fr", "en"), ("ko;q=0", "en"), ("ko;q=0.000, en;q=0.001", "en"), ("ko;q=1.5", "en"),
      ("  ko-kr ; q=0.3 , en ; q=0.2", "ko"), ("KO-KR", "ko"), ("ko;q=0.5, en;q=0.5", "ko"),
      (",,,;;;", "en"), ("ko;q=abc, en", "en"),
    ] as [(String?, String)]
  )
  func acceptLanguage(_ header: String?, _ expected: String) {
    let chooser = AcceptLanguage(locales: ["en", "ko"])
    #expect(chooser.locales[chooser.choose(header)] == expected, "\(header ?? "nil")")
  }

  /// At its edge (docs/limits.md): the 32nd item is read, the 33rd is not.
  @Test func acceptLanguageReadsAtMost32Items() {
    let chooser = AcceptLanguage(locales: ["en", "ko"])
    func header(koAt position: Int) -> String {
      Array(repeating: "fr", count: position - 1).joined(separator: ",") + ",ko"
    }
    #expect(AcceptLanguage.maximumItems == 32)
    #expect(chooser.locales[chooser.choose(header(koAt: 32))] == "ko")
    #expect(chooser.locales[chooser.choose(header(koAt: 33))] == "en")
  }

  /// At its edge (docs/limits.md): a token that ends at the 1,024th byte of the user agent is
  /// seen, one that ends a byte later is not.
  @Test func userAgentIsReadUpTo1024Bytes() {
    func agent(iPhoneEndingAt end: Int) -> String {
      String(repeating: "x", count: end - "iPhone".utf8.count) + "iPhone"
    }
    #expect(ClientClassification.maximumLength == 1024)
    #expect(
      ClientClassification(userAgent: agent(iPhoneEndingAt: 1024), method: .get).platform == .ios
    )
    #expect(
      ClientClassification(userAgent: agent(iPhoneEndingAt: 1025), method: .get).platform == .other
    )
  }

  @Test func entityTags() {
    let tag = ETag.of(Array("hello".utf8))
    #expect(tag.count == 18 && tag.hasPrefix("\"") && tag.hasSuffix("\""))
    #expect(tag != ETag.of(Array("hellp".utf8)))
    #expect(ETag.matches(tag, tag))
    #expect(ETag.matches("W/\(tag)", tag))
    #expect(ETag.matches("\"a\", \(tag) , \"b\"", tag))
    #expect(ETag.matches("*", tag))
    #expect(ETag.matches(" * ", tag))
    #expect(!ETag.matches("\"a\"", tag))
    #expect(!ETag.matches("", tag))
    #expect(!ETag.matches(String(tag.dropLast()), tag))
  }

  @Test(arguments: [
    ("/", "/"),
    ("/search?q=milk&from=ada", "/search?q&from"),
    ("/search?q=a=b&&x", "/search?q&&x"),
    ("/a b\n\u{1B}[31m\"\\", "/a%20b%0A%1B[31m%22%5C"),
    ("/캡", "/%EC%BA%A1"),
    ("/x?", "/x?"),
  ])
  func logPaths(_ target: String, _ expected: String) {
    #expect(LogText.path(target) == expected)
  }

  @Test func logPathsAreBounded() {
    let long = LogText.path("/" + String(repeating: "a", count: 5000))
    #expect(long.utf8.count <= LogText.maximumLength + 3)
    #expect(long.hasSuffix("…"))
    #expect(LogText.token(String(repeating: "a", count: 65)) == nil)
    #expect(LogText.token("") == nil)
    #expect(LogText.token("id\r\nX") == "id%0D%0AX")
  }

  @Test func referrerHosts() {
    #expect(LinkResponder.host(ofReferrer: "https://l.instagram.com/?u=x") == "l.instagram.com")
    #expect(LinkResponder.host(ofReferrer: "https://Mail.Google.com:443/x") == "mail.google.com")
    #expect(
      LinkResponder.host(ofReferrer: "android-app://com.google.android.gm/")
        == "com.google.android.gm"
    )
    #expect(LinkResponder.host(ofReferrer: "https://evil\u{202E}.example/") == nil)
    #expect(LinkResponder.host(ofReferrer: "not a url") == nil)
    #expect(LinkResponder.host(ofReferrer: nil) == nil)
  }

  @Test func milliseconds() {
    #expect(LinkResponder.milliseconds(1_234_567) == "1.234")
    #expect(LinkResponder.milliseconds(5_000) == "0.005")
    #expect(LinkResponder.milliseconds(0) == "0.000")
  }
}
