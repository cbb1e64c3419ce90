import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

struct TemplateTests {
  /// `tidy` works on UTF-8 bytes for speed; it must give what the plain `String` definition
  /// gives (lines split at the character `\n`, trailing spaces and tabs dropped, blank lines
  /// at the ends dropped), on text mixing blanks, CRLF, combining marks and Hangul.
  @Test func tidyingIsTheStringDefinition() {
    func reference(_ text: String, finalNewline: Bool) -> String {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        String(line.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
      }
      let trimmed = lines.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()
      return trimmed.joined(separator: "\n") + (trimmed.isEmpty || !finalNewline ? "" : "\n")
    }
    let pieces = [" ", "\t", "\n", "\r", "\r\n", "a", "é", "e\u{301}", " \u{301}", "한", "<b>"]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<2_000 {
      let count = Int.random(in: 0...12, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      for finalNewline in [false, true] {
        #expect(
          PageRenderer.tidy(text, finalNewline: finalNewline)
            == reference(text, finalNewline: finalNewline),
          "\(text.debugDescription)"
        )
      }
    }
  }

  /// Plain ASCII text skips `PlainText.clean`'s normalisation when cleaning would not change
  /// it; anything else (blanks at the ends, doubled spaces, controls, non-ASCII) still goes
  /// through it.
  @Test func cleaningPlainASCII() {
    let cases: [(String, String)] = [
      ("Guest 1", "Guest 1"), ("", ""), (" ", ""), ("  a  b ", "a b"), ("a\tb", "a b"),
      ("a\nb", "a b"), ("a\u{7F}b", "a b"), ("a~!", "a~!"), ("e\u{301}", "\u{E9}"),
      ("a\u{200B}b", "ab"), ("x ", "x"), (" x", "x"),
    ]
    for (text, clean) in cases {
      #expect(PlainText.clean(text) == clean, "\(text.debugDescription)")
    }
  }

  @Test func builtInTemplatesAreTheFilesOfTemplatesFolder() throws {
    let folder = Fixtures.root.appendingPathComponent("Templates")
    let walker = try #require(
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    )
    var onDisk: [String: String] = [:]
    for case let url as URL in walker where url.pathExtension == "mustache" {
      let key = String(url.path.dropFirst(folder.path.count + 1).dropLast(".mustache".count))
      onDisk[key] = try String(contentsOf: url, encoding: .utf8)
    }
    #expect(onDisk.count >= 20)
    #expect(EmbeddedTemplates.files == onDisk)
  }

  @Test func aUserFolderOverridesASubsetWithoutRebuilding() throws {
    let table = try Fixtures.builtInOnly()
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.write(
      "Custom: {{fields.inviter}} {{links.universal}}\n",
      to: folder.appendingPathComponent("en/message.mustache")
    )
    let values = try Fixtures.values(table)
    let link = try table.link(.universal, for: values)
    var renderer = try PageRenderer(table: table, templatesDirectory: folder)
    let en = try renderer.shareText(for: values, fields: ["inviter": "Ada", "title": "T"])
    #expect(en.message == "Custom: Ada \(link)")
    #expect(en.emailSubject == "Ada shared “T” with you on OpenList")  // built in
    // An English override does not replace the built-in Korean text.
    let ko = try renderer.shareText(
      for: values,
      locale: "ko",
      fields: ["inviter": "Ada", "title": "T"]
    )
    #expect(ko.message.hasPrefix("Ada님이"))

    // Edit the folder: a new renderer reads the new files.
    try Fixtures.write(
      "바뀐 메시지 {{links.universal}}",
      to: folder.appendingPathComponent("ko/message.mustache")
    )
    try Fixtures.write(
      "{{fields.title}}!",
      to: folder.appendingPathComponent("ko/shared-checklist/title.mustache")
    )
    renderer = try PageRenderer(table: table, templatesDirectory: folder)
    let edited = try renderer.shareText(for: values, locale: "ko", fields: ["title": "T"])
    #expect(edited.message == "바뀐 메시지 \(link)")
    #expect(edited.emailSubject == "OpenList: “T”")
    // A new locale folder becomes available, falling back to English for what it lacks.
    try Fixtures.write(
      "Bonjour {{links.universal}}",
      to: folder.appendingPathComponent("fr/message.mustache")
    )
    renderer = try PageRenderer(table: table, templatesDirectory: folder)
    #expect(renderer.locales == ["en", "fr", "ko"])
    let fr = try renderer.shareText(for: values, locale: "fr-CA")
    #expect(fr.locale == "fr" && fr.message == "Bonjour \(link)")
    #expect(fr.emailSubject == "A link to open in OpenList")
  }

  @Test func theTablesTemplatesPathIsRelativeToTheTableFile() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.openlistURL))
        as? [String: Any]
    )
    object["pages"] = ["templates": "my templates"]
    let tableURL = folder.appendingPathComponent("linkgen.json")
    try JSONSerialization.data(withJSONObject: object).write(to: tableURL)
    try Fixtures.write(
      "From the table's folder {{links.universal}}",
      to: folder.appendingPathComponent("my templates/en/message.mustache")
    )
    let table = try RouteTable(contentsOf: tableURL)
    let renderer = try PageRenderer(table: table)
    #expect(renderer.templatesDirectory?.lastPathComponent == "my templates")
    #expect(
      try renderer.shareText(for: try Fixtures.values(table)).message.hasPrefix(
        "From the table's folder https://"
      )
    )
  }

  @Test func localesAreLanguageTags() throws {
    let renderer = try PageRenderer(table: try Fixtures.builtInOnly())
    #expect(try renderer.resolvedLocale("ko-KR") == "ko")
    #expect(try renderer.resolvedLocale("ko_kr") == "ko")
    #expect(try renderer.resolvedLocale("fr") == "en")
    #expect(try renderer.resolvedLocale("EN") == "en")
    for bad in ["../etc", "", "e", "en/..", "en-", "ko KR", "한국어", "toolonglanguage"] {
      #expect {
        try renderer.resolvedLocale(bad)
      } throws: { error in
        (error as? PageError)?.code == .invalidLocale
      }
    }
  }

  @Test func brokenUserTemplatesAreErrorsNamingTheFile() throws {
    let table = try Fixtures.builtInOnly()
    let values = try Fixtures.values(table)
    let cases: [(String, String, PageError.Code, String)] = [
      (
        "en/message.mustache", "Hi\n  {{#fields.inviter}} unclosed", .templateSyntax,
        "message.mustache:"
      ),
      ("en/sms.mustache", "{{title}} {{=<% %>=}}", .templateSyntax, "sms.mustache"),
      (
        "en/page.mustache", "<html><title>{{title}}</title></html>", .missingContentSecurityPolicy,
        "page.mustache"
      ),
      ("head-tags.mustache", "{{>page-layout}}", .templateSyntax, "include each other"),
      ("en/sms.mustache", "No link here", .templateSyntax, "must carry the link"),
    ]
    for (path, text, code, needle) in cases {
      let folderScratch = try TemporaryDirectory()
      let folder = folderScratch.url
      defer { try? FileManager.default.removeItem(at: folder) }
      try Fixtures.write(text, to: folder.appendingPathComponent(path))
      #expect {
        let renderer = try PageRenderer(table: table, templatesDirectory: folder)
        _ = try renderer.shareText(for: values)
        _ = try renderer.landingPage(for: values)
      } throws: { error in
        guard let error = error as? PageError else { return false }
        return error.code == code && error.message.contains(needle)
      }
    }
    #expect {
      try PageRenderer(
        table: table,
        templatesDirectory: URL(fileURLWithPath: "/nonexistent/templates")
      )
    } throws: { error in
      (error as? PageError)?.code == .unreadableTemplates
    }
  }

  @Test func syntaxErrorsGiveLineAndColumn() throws {
    let folderScratch = try TemporaryDirectory()
    let folder = folderScratch.url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Fixtures.write(
      "line one\n{{/nope}}\n",
      to: folder.appendingPathComponent("en/title.mustache")
    )
    #expect {
      try PageRenderer(table: try Fixtures.builtInOnly(), templatesDirectory: folder)
    } throws: { error in
      (error as? PageError)?.message.contains("en/title.mustache:2:") == true
    }
  }

  @Test func theSmartBannerNeedsAnAppStoreID() throws {
    let table = try Fixtures.table {
      var app = $0["app"] as? [String: Any] ?? [:]
      var ios = app["ios"] as? [String: Any] ?? [:]
      ios["appStoreID"] = nil
      app["ios"] = ios
      $0["app"] = app
      $0["pages"] = nil
    }
    let renderer = try PageRenderer(table: table)
    #expect {
      try renderer.smartBannerMeta(for: try Fixtures.values(table))
    } throws: { error in
      (error as? PageError)?.code == .missingAppIdentity
    }
    let page = try renderer.landingPage(for: try Fixtures.values(table))
    #expect(!page.contains("apple-itunes-app") && !page.contains("app-store"))
  }
}

extension TemplateTests {
  /// The two Android intent links have two names: `links.androidIntent` is the link set's (as
  /// `linkgen make` prints it, falling back to the web link), `links.androidStoreIntent` falls
  /// back to Google Play for the landing page's own button.
  @Test func theTwoAndroidIntentLinksHaveTwoNames() throws {
    let table = try Fixtures.builtInOnly()
    let scratch = try TemporaryDirectory()
    try Fixtures.write(
      "{{links.androidIntent}}\n{{links.androidStoreIntent}}\n",
      to: scratch.url.appendingPathComponent("en/message.mustache")
    )
    let renderer = try PageRenderer(table: table, templatesDirectory: scratch.url)
    let values = try Fixtures.values(table)
    let links = try table.links(for: values)
    let lines = try renderer.shareText(for: values).message.split(separator: "\n").map(String.init)
    let linkSetIntent = try #require(links.androidIntent)
    #expect(lines.first == linkSetIntent)
    #expect(linkSetIntent.contains("S.browser_fallback_url=https%3A%2F%2Fopenlist.example.com"))
    #expect(lines.count == 2)
    #expect(lines.last?.contains("S.browser_fallback_url=https%3A%2F%2Fplay.google.com") == true)
    #expect(lines.last?.hasSuffix(";end") == true)
  }
}

/// A table embedded in generated code has no file for `pages.templates` to be relative to.
struct EmbeddedTableTemplateTests {
  static func embedded() throws -> RouteTable {
    let json = String(decoding: try Data(contentsOf: Fixtures.openlistURL), as: UTF8.self)
    let signatures = try Fixtures.openlist().routes.map(\.signature).joined(separator: "\n")
    return try RouteTable(generatedJSON: json, source: "Links.swift", routeSignatures: signatures)
  }

  @Test func aRelativeTemplatesFolderNeedsAnExplicitDirectory() throws {
    let table = try Self.embedded()
    do {
      _ = try PageRenderer(table: table)
      Issue.record("resolved a relative templates folder of an embedded table")
    } catch {
      #expect(error.code == .unreadableTemplates)
      #expect(error.message.contains("embedded in generated code (Links.swift)"))
    }
    let templates = Fixtures.root.appendingPathComponent("Examples/openlist/templates")
    let pages = try PageRenderer(table: table, templatesDirectory: templates)
    let values = try table.values(for: "invite", arguments: ["code": "ABC123"])
    let share = try pages.shareText(for: values, locale: "ko", fields: ["inviter": "지민"])
    #expect(share.message.contains("지민님이"))
  }
}
