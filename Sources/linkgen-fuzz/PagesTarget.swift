import Foundation
import LinkKit
import LinkPages

/// The page and share-text renderers with hostile display fields and parameter values.
enum PagesTarget {
  static let target = FuzzTarget(
    name: "pages",
    summary: "landing pages, banners and share text with hostile values: the same HTML "
      + "structure as a benign render; plain text without control, bidi or invisible characters",
    check: check
  )

  static let table: RouteTable = {
    do {
      return try RouteTable(json: Data(Tables.openlistFull.utf8))
    } catch {
      Invariant.fail("the embedded OpenList table does not load: \(error)")
    }
  }()

  static let renderer: PageRenderer = {
    do {
      return try PageRenderer(table: table)
    } catch {
      Invariant.fail("the built-in templates do not load: \(error)")
    }
  }()

  static let fieldNames = ["inviter", "title", "note"]
  static let benignText = ["inviter": "Ada", "title": "Groceries", "note": "See you"]

  static func check(_ bytes: [UInt8]) {
    var input = FuzzInput(bytes)
    // One render a run (they cost milliseconds each under the sanitizers).
    let output = input.pick(["page", "banner", "meta", "share"])
    let platform = input.pick(Platform.allCases)
    let locale = input.pick(["en", "ko", "ko-KR", "fr"])
    let (values, benignValues) = routeValues(&input)
    var fields: [String: String] = [:]
    for name in fieldNames where input.bool() {
      // Only the note may reach the field length limit; long fields slow every render.
      fields[name] = input.text(upTo: name == "note" ? 1100 : 300)
    }
    if fields.isEmpty { fields["title"] = String(decoding: input.rest(), as: UTF8.self) }
    // The benign render has the same fields, where the hostile ones survive cleaning.
    var benign: [String: String] = [:]
    for (name, value) in fields where !PlainText.clean(value).isEmpty {
      benign[name] = benignText[name]
    }
    guard let link = try? table.link(.universal, for: values) else {
      Invariant.fail("values the table accepted do not build a link")
    }
    do {
      let reference = try Reference.render(benignValues, locale, benign, platform)
      switch output {
      case "page":
        let page = try renderer.landingPage(
          for: values,
          locale: locale,
          fields: fields,
          platform: platform
        )
        sameShape(page, reference.page, "landing page")
      case "banner":
        let banner = try renderer.bannerSnippet(
          for: values,
          locale: locale,
          fields: fields,
          platform: platform
        )
        sameShape(banner, reference.banner, "banner")
      case "meta":
        sameShape(try renderer.smartBannerMeta(for: values), reference.meta, "Smart App Banner tag")
      default:
        let share = try renderer.shareText(for: values, locale: locale, fields: fields)
        checkText(share, like: reference.share, link: link)
      }
    } catch {
      // Refusals the documentation promises: an over-long field, and share text for a link
      // too long for one SMS segment on its own.
      let expected =
        (error.code == .invalidField
          && fields.values.contains { $0.count > PageRenderer.maximumFieldLength })
        || (error.code == .smsTooLong && link.count > 80)
      Invariant.require(expected, "rendering failed: \(error)")
    }
  }

  /// The benign renders, kept: there are few of them (platform × locale × route × fields).
  struct Reference {
    let page: String
    let banner: String
    let meta: String
    let share: ShareText

    nonisolated(unsafe) static var renders: [String: Reference] = [:]

    static func render(
      _ values: RouteValues,
      _ locale: String,
      _ fields: [String: String],
      _ platform: Platform
    ) throws(PageError) -> Reference {
      let key = "\(values.routeName) \(locale) \(platform) \(fields.keys.sorted())"
      if let known = renders[key] { return known }
      let reference = Reference(
        page: try renderer.landingPage(
          for: values,
          locale: locale,
          fields: fields,
          platform: platform
        ),
        banner: try renderer.bannerSnippet(
          for: values,
          locale: locale,
          fields: fields,
          platform: platform
        ),
        meta: try renderer.smartBannerMeta(for: values),
        share: try renderer.shareText(for: values, locale: locale, fields: fields)
      )
      renders[key] = reference
      return reference
    }
  }

  /// Hostile values for a route, or benign ones when the table refuses them; and benign values
  /// of the same shape for the reference render.
  static func routeValues(_ input: inout FuzzInput) -> (RouteValues, RouteValues) {
    let route = input.pick(["shared-checklist", "search", "invite"])
    let benign: [String: String]
    var hostile: [String: String]
    switch route {
    case "search":
      benign = ["query": "milk", "from": "home"]
      hostile = ["query": input.text(upTo: 250), "from": input.text(upTo: 50)]
    case "invite":
      benign = ["code": "ABC123", "role": "viewer"]
      hostile = ["code": input.text(upTo: 14), "role": input.pick(["viewer", "editor"])]
    default:
      benign = ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"]
      hostile = ["id": input.text(upTo: 40)]
    }
    do {
      let reference = try table.values(for: route, arguments: benign)
      let values = (try? table.values(for: route, arguments: hostile)) ?? reference
      return (values, reference)
    } catch {
      Invariant.fail("benign values for \(route) are refused: \(error)")
    }
  }

  static func sameShape(_ html: String, _ reference: String, _ what: String) {
    let shape = HTMLShape.of(html)
    let expected = HTMLShape.of(reference)
    Invariant.require(
      shape == expected,
      "the \(what)'s markup differs from a benign render's:\n    \(shape)\n    \(expected)\n"
        + html
    )
  }

  static func checkText(_ share: ShareText, like benign: ShareText, link: String) {
    let variants = [
      ("message", share.message), ("email subject", share.emailSubject),
      ("email body", share.emailBody), ("SMS", share.sms.text),
    ]
    for (name, text) in variants {
      if let bad = text.unicodeScalars.first(where: { $0 != "\n" && isInvisible($0) }) {
        Invariant.fail(
          "the \(name) holds U+\(String(bad.value, radix: 16, uppercase: true)): "
            + text.debugDescription
        )
      }
    }
    Invariant.require(!share.emailSubject.contains("\n"), "a line break in the email subject")
    Invariant.require(
      share.message.split(separator: "\n", omittingEmptySubsequences: false).count
        == benign.message.split(separator: "\n", omittingEmptySubsequences: false).count
        && share.emailBody.split(separator: "\n", omittingEmptySubsequences: false).count
          == benign.emailBody.split(separator: "\n", omittingEmptySubsequences: false).count,
      "a field added lines:\n\(share.message)\n\(share.emailBody)"
    )
    Invariant.require(
      share.link == link && share.message.contains(link) && share.emailBody.contains(link)
        && share.sms.text.contains(link),
      "a variant lost the link \(link)"
    )
  }

  /// Controls (C0, DEL, C1), line and paragraph separators, bidirectional formatting and
  /// invisible characters.
  static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200B, 0x200C, 0x200E, 0x200F,
      0x202A...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB:
      true
    default: false
    }
  }
}
