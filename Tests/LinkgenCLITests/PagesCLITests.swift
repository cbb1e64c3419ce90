import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen make --share/--banner/--banner-snippet` and `linkgen page`, run as a user would.
@Suite(.blockingWork)
struct PagesCLITests {
  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  static let config = ["--config", "Examples/openlist/linkgen.json"]
  static let link = "https://openlist.example.com/shared-checklists/\(id)"

  @Test func bannerPrintsTheSmartAppBannerTag() throws {
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id", Self.id.uppercased(), "--banner"] + Self.config
    )
    #expect(result.status == 0)
    #expect(
      result.output
        == "<meta name=\"apple-itunes-app\" content=\"app-id=1234567890, app-argument=\(Self.link)\">\n"
    )
  }

  @Test func bannerSnippetIsSelfContained() throws {
    let result = try Linkgen.run(
      [
        "make", "shared-checklist", "--id", Self.id, "--banner-snippet", "--platform", "ios",
        "--locale", "ko",
      ]
        + Self.config
    )
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("<div class=\"linkgen-banner\""))
    #expect(result.output.contains("<style>") && !result.output.contains("<script"))
    #expect(
      result.output.contains(
        "href=\"openlist://shared-checklists?shared-checklistId=\(Self.id)\">열기</a>"
      )
    )
    #expect(result.output.contains("href=\"https://apps.apple.com/app/id1234567890\">앱 받기</a>"))
  }

  @Test func shareTextInEnglishAndKorean() throws {
    let en = try Linkgen.run(
      [
        "make", "shared-checklist", "--id", Self.id, "--share", "--field", "inviter=Ada", "--field",
        "title=Groceries",
      ]
        + Self.config
    )
    #expect(en.status == 0)
    #expect(
      en.output.hasPrefix(
        "message:\nAda shared the checklist “Groceries” with you:\n\(Self.link)\n"
      )
    )
    let ko = try Linkgen.run(
      [
        "make", "invite", "--code", "ABC123", "--share", "--locale", "ko", "--field", "inviter=지민",
        "--field", "title=장보기", "--format", "json",
      ] + Self.config
    )
    #expect(ko.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(ko.output.utf8)) as? [String: Any]
    )
    #expect(json["locale"] as? String == "ko")
    #expect(
      json["message"] as? String
        == "지민님이 OpenList의 “장보기”에 초대했습니다. 초대 수락하기:\nhttps://openlist.example.com/invite/ABC123"
    )
    let sms = try #require(json["sms"] as? [String: Any])
    #expect(sms["encoding"] as? String == "UCS-2" && (sms["units"] as? Int ?? 99) <= 70)
  }

  @Test func aShortenedSMSIsReported() throws {
    let result = try Linkgen.run(
      [
        "make", "shared-checklist", "--id", Self.id, "--share", "--locale", "ko", "--field",
        "inviter=지민",
      ]
        + Self.config
    )
    #expect(result.status == 0)
    #expect(result.error.contains("linkgen: warning: the SMS text was shortened"))
    #expect(result.output.hasSuffix("shortened):\n\(Self.link)\n"))
  }

  @Test func templatesFolderOverridesTheBuiltInOnes() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("en"),
      withIntermediateDirectories: true
    )
    try Data("Mine: {{links.universal}}".utf8).write(
      to: folder.appendingPathComponent("en/message.mustache")
    )
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id", Self.id, "--share", "--templates", folder.path]
        + Self.config
    )
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("message:\nMine: \(Self.link)\n"))
  }

  @Test func pageIsWrittenAtomically() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("page.html")
    try Data("old".utf8).write(to: out)
    let result = try Linkgen.run(
      [
        "page", "shared-checklist", "--id", Self.id, "--field", "title=Groceries", "--out",
        out.path,
      ] + Self.config
    )
    #expect(result.status == 0 && result.output.isEmpty)
    let html = try String(contentsOf: out, encoding: .utf8)
    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\">"))
    #expect(html.contains("<title>Groceries</title>"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["page.html"])
    let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
    #expect(mode.map { $0 & 0o044 } == 0o044)  // readable by the web server, not 0600
  }

  @Test func anUnwritableOutIsExit73() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    let blocked = folder.appendingPathComponent("page.html")
    try FileManager.default.createDirectory(
      at: blocked.appendingPathComponent("inside"),
      withIntermediateDirectories: true
    )
    let result = try Linkgen.run(
      ["page", "shared-checklist", "--id", Self.id, "--out", blocked.path] + Self.config
    )
    #expect(result.status == 73)
    #expect(result.error.hasPrefix("linkgen: error: cannot write \(blocked.path) ("))
    #expect(result.output.isEmpty)
  }

  @Test(arguments: [
    (["--share", "--banner"], Int32(64), "'--banner' had already been set with flag '--share'"),
    (["--share", "--field", "inviter"], 64, "The value 'inviter' is invalid for '--field"),
    (["--share", "--field", "a=1", "--field", "a=2"], 64, "given more than once"),
    (["--share", "--field", "bad.name=1"], 64, "is not a field name"),
    (["--share", "--locale", "../x"], 64, "is not a locale"),
    (["--share", "--templates", "/nonexistent/templates"], 66, "does not exist"),
  ])
  func badOptions(extra: [String], status: Int32, message: String) throws {
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id", Self.id] + extra + Self.config
    )
    #expect(result.status == status)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func unknownLocaleFallsBackWithAWarning() throws {
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id", Self.id, "--share", "--locale", "fr"] + Self.config
    )
    #expect(result.status == 0)
    #expect(result.error.contains("no templates for locale 'fr'; using 'en'"))
  }

  @Test func helpShowsExamples() throws {
    let page = try Linkgen.run(["page", "--help"])
    #expect(page.status == 0 && page.output.contains("Examples:") && page.output.contains("--out"))
    let make = try Linkgen.run(["make", "--help"])
    #expect(
      make.output.contains("--share") && make.output.contains("--banner-snippet")
        && make.output.contains("--field")
    )
  }
}
