import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

@Suite(.blockingWork)
struct ShareTextTests {
  let table: RouteTable
  let renderer: PageRenderer

  init() throws {
    table = try Fixtures.builtInOnly()
    renderer = try PageRenderer(table: table)
  }

  var link: String { "https://openlist.example.com/shared-checklists/\(Fixtures.id)" }

  @Test func englishShareText() throws {
    let share = try renderer.shareText(
      for: try Fixtures.values(table),
      fields: ["inviter": "Ada", "title": "Groceries"]
    )
    #expect(share.locale == "en")
    #expect(share.link == link)
    #expect(share.message == "Ada shared “Groceries” with you on OpenList:\n\(link)")
    #expect(share.emailSubject == "Ada shared “Groceries” with you on OpenList")
    #expect(share.emailBody.hasPrefix("Hi,\n\nAda shared “Groceries” with you on OpenList.\n"))
    #expect(share.emailBody.contains("iPhone and iPad: https://apps.apple.com/app/id1234567890"))
    #expect(share.sms.text == "Ada shared \"Groceries\" on OpenList: \(link)")
    #expect(share.sms.encoding == .gsm7 && share.sms.units == share.sms.text.count)
    #expect(!share.sms.shortened)
  }

  @Test func koreanShareText() throws {
    let share = try renderer.shareText(
      for: try Fixtures.values(table),
      locale: "ko-KR",
      fields: ["inviter": "지민", "title": "장보기"]
    )
    #expect(share.locale == "ko")
    // Natural wording: no "을(를)" after a title whose last syllable the template cannot know.
    #expect(share.message == "지민님이 OpenList에서 “장보기” 링크를 공유했어요:\n\(link)")
    #expect(share.emailSubject == "지민님이 공유한 “장보기”")
    #expect(share.emailBody.hasPrefix("안녕하세요,\n\n지민님이 OpenList에서"))
    // Korean needs UCS-2 (70 units), which this 83-character link alone exceeds with any
    // text: the SMS is the link alone.
    #expect(share.sms.text == link && share.sms.shortened && share.sms.encoding == .gsm7)
  }

  /// The route summary describes the route; it is never quoted as if it were a title.
  @Test(arguments: [
    ("en", [:], "Open this in OpenList:", "A link to open in OpenList"),
    (
      "en", ["inviter": "Ada"], "Ada shared a link with you on OpenList:",
      "Ada shared a link with you on OpenList"
    ),
    ("en", ["title": "Groceries"], "“Groceries” on OpenList:", "“Groceries” on OpenList"),
    ("ko", [:], "OpenList에서 열어 보세요:", "OpenList에서 열기"),
    ("ko", ["inviter": "지민"], "지민님이 OpenList에서 링크를 공유했어요:", "지민님이 공유한 OpenList 링크"),
    ("ko", ["title": "장보기"], "OpenList에서 “장보기” 보기:", "OpenList: “장보기”"),
  ])
  func wordingReadsNaturallyWithAndWithoutFields(
    locale: String,
    fields: [String: String],
    message: String,
    subject: String
  ) throws {
    let share = try renderer.shareText(
      for: try Fixtures.values(table),
      locale: locale,
      fields: fields
    )
    #expect(share.message == "\(message)\n\(link)")
    #expect(share.emailSubject == subject)
    for text in [share.message, share.emailSubject, share.emailBody, share.sms.text] {
      #expect(!text.contains("Open a checklist someone shared with you"), "\(text)")
      #expect(!text.contains("(를)") && !text.contains("(이)"), "\(text)")
    }
  }

  /// Typed routes go straight to the renderer, with the same output as their values.
  @Test func typedRoutesRenderLikeTheirValues() throws {
    let fields = ["inviter": "Ada", "title": "Groceries"]
    let typed = try renderer.shareText(for: SharedChecklist(id: Fixtures.uuid), fields: fields)
    #expect(typed == (try renderer.shareText(for: try Fixtures.values(table), fields: fields)))
    let page = try renderer.landingPage(for: SharedChecklist(id: Fixtures.uuid))
    #expect(page == (try renderer.landingPage(for: try Fixtures.values(table))))
    #expect(throws: PageError.self) { try renderer.shareText(for: Unknown()) }
  }

  @Test func exampleRouteTemplatesFromTheTablesFolder() throws {
    let openlist = try Fixtures.openlist()
    let renderer = try PageRenderer(table: openlist)
    let en = try renderer.shareText(
      for: try Fixtures.values(openlist),
      fields: ["title": "Groceries"]
    )
    #expect(en.message == "Here’s the checklist “Groceries”:\n\(link)")
    let ko = try renderer.shareText(
      for: try openlist.values(for: "invite", arguments: ["code": "ABC123"]),
      locale: "ko",
      fields: ["inviter": "지민", "title": "장보기"]
    )
    #expect(
      ko.message
        == "지민님이 OpenList의 “장보기”에 초대했습니다. 초대 수락하기:\nhttps://openlist.example.com/invite/ABC123"
    )
    #expect(ko.sms.text == "지민님의 초대 \"장보기\": https://openlist.example.com/invite/ABC123")
    #expect(ko.sms.encoding == .ucs2 && ko.sms.units <= 70)
  }

  @Test(arguments: Hostile.values)
  func hostileFieldsStayPlainTextNextToTheLink(_ hostile: String) throws {
    let values = try Fixtures.values(table)
    for locale in ["en", "ko"] {
      let share = try renderer.shareText(
        for: values,
        locale: locale,
        fields: ["inviter": hostile, "title": hostile, "recipient": hostile]
      )
      let clean = PlainText.clean(hostile)
      #expect(share.message.contains(clean))
      #expect(share.message.split(separator: "\n").last.map(String.init) == link)
      #expect(!share.emailSubject.contains("\n") && !share.emailSubject.contains("\r"))
      for text in [share.message, share.emailSubject, share.emailBody, share.sms.text] {
        #expect(
          !text.unicodeScalars.contains {
            [0x202E, 0x202C, 0x200B, 0xFEFF, 0x2028, 0x0D, 0x85].contains($0.value)
          }
        )
      }
      #expect(share.sms.text.contains(link) && SMSCounter.fits(share.sms.text))
      // The link in the text is the canonical one and parses back to the same values.
      #expect((try table.parse(share.link)).values == values)
    }
  }

  @Test func longFieldsAreShortenedToFitOneSegment() throws {
    let name = String(repeating: "Ada Lovelace ", count: 30)
    let share = try renderer.shareText(
      for: try Fixtures.values(table),
      fields: ["inviter": name, "title": "Groceries"]
    )
    #expect(share.sms.shortened)
    #expect(share.sms.encoding == .gsm7 && share.sms.units <= 160)
    #expect(share.sms.text.hasPrefix("Ada Lovelace"))
    #expect(share.sms.text.contains("...") && share.sms.text.hasSuffix(link))
    #expect(share.message.contains(PlainText.clean(name)))
  }

  @Test func aLinkLongerThanASegmentIsAnError() throws {
    let values = try table.values(
      for: "search",
      arguments: ["query": String(repeating: "milk ", count: 40)]
    )
    #expect {
      try renderer.shareText(for: values)
    } throws: { error in
      (error as? PageError)?.code == .smsTooLong
    }
  }

  @Test func badFieldsAreRefused() throws {
    let values = try Fixtures.values(table)
    for fields in [
      ["a.b": "x"], ["_x": "x"], ["": "x"], ["title": String(repeating: "x", count: 1001)],
      Dictionary(uniqueKeysWithValues: (0..<33).map { ("f\($0)", "x") }),
    ] {
      #expect {
        try renderer.shareText(for: values, fields: fields)
      } throws: { error in
        (error as? PageError)?.code == .invalidField
      }
    }
  }
}

@Suite(.blockingWork)
struct SMSCounterTests {
  @Test(arguments: [
    ("abc", SMSMessage.Encoding.gsm7, 3), ("a^b", .gsm7, 4), ("€", .gsm7, 2), ("é@£$¥", .gsm7, 5),
    ("{}[]~|\\", .gsm7, 14), ("ç", .ucs2, 1), ("한글", .ucs2, 2), ("a😀", .ucs2, 3), ("`", .ucs2, 1),
  ])
  func measures(text: String, encoding: SMSMessage.Encoding, units: Int) {
    #expect(SMSCounter.measure(text) == (encoding, units))
  }

  @Test func segmentLimits() {
    #expect(SMSCounter.fits(String(repeating: "a", count: 160)))
    #expect(!SMSCounter.fits(String(repeating: "a", count: 161)))
    #expect(!SMSCounter.fits(String(repeating: "a", count: 159) + "€"))
    #expect(SMSCounter.fits(String(repeating: "가", count: 70)))
    #expect(!SMSCounter.fits(String(repeating: "가", count: 71)))
    #expect(!SMSCounter.fits(String(repeating: "가", count: 69) + "😀"))
  }
}

private struct SharedChecklist: LinkRoute, Codable {
  static let routeName = "shared-checklist"
  var id: UUID
}

private struct Unknown: LinkRoute, Codable {
  static let routeName = "no-such-route"
}
