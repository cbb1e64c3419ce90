import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

@testable import LinkPages

/// A sheet renders the card's `title` and `description` once when they read nothing that changes
/// from row to row, and per card otherwise; either way every card gets the same markup.
@Suite(.blockingWork)
struct CardTemplateTests {
  @Test func theBuiltInShareTextIsRenderedOnceWithoutItsColumns() throws {
    let renderer = try PageRenderer(table: try Fixtures.builtInOnly())
    for locale in ["en", "ko"] {
      let template = try CardTemplate(renderer: renderer, route: "shared-checklist", locale: locale)
      let fixed = template.fixingShareText(columns: ["id", "name"])
      #expect(fixed.hasFixedShareText && !template.hasFixedShareText)
      for name in ["Ada", "지민", "O'Brien & <Sons>"] {
        let values = try Fixtures.values(renderer.table)
        let fields = ["name": name]
        let markup = try fixed.render(values: values, fields: fields)
        #expect(markup == (try template.render(values: values, fields: fields)))
      }
    }
  }

  /// The built-in title reads `fields.title` and the description `fields.inviter`: with those
  /// columns each card renders its own.
  @Test func columnsTheShareTextReadsAreRenderedPerCard() throws {
    let renderer = try PageRenderer(table: try Fixtures.builtInOnly())
    let template = try CardTemplate(renderer: renderer, route: "shared-checklist", locale: "en")
    let values = try Fixtures.values(renderer.table)
    for column in ["title", "inviter"] {
      let fixed = template.fixingShareText(columns: ["name", column])
      #expect(!fixed.hasFixedShareText, "\(column)")
      let first = try fixed.render(values: values, fields: [column: "First"])
      let second = try fixed.render(values: values, fields: [column: "Second"])
      #expect(first.contains("First") && second.contains("Second"), "\(column)")
    }
  }

  @Test func templatesThatReadRowValuesOrCannotBeReadAreRenderedPerCard() throws {
    let table = try Fixtures.builtInOnly()
    let cases: [(title: String, fixed: Bool)] = [
      ("{{app.name}}: {{#route.summary}}{{route.summary}}{{/route.summary}}", true),
      ("{{! a comment }}{{{app.name}}} {{&locale}} {{^fields.other}}none{{/fields.other}}", true),
      ("{{> part}}", true),
      ("{{params.id}}", false),
      ("{{links.universal}}", false),
      ("{{#fields}}{{name}}{{/fields}}", false),
      ("{{fields.name}}", false),
      ("{{#app}}{{name}}{{/app}}", false),
      ("{{=<% %>=}}<% params.id %>", false),
      ("{{> missing}}", false),
      ("{{> row}}", false),
      ("{{.}}", false),
    ]
    for (title, fixed) in cases {
      let folder = try TemporaryDirectory()
      try Fixtures.write(title, to: folder.url.appendingPathComponent("en/title.mustache"))
      try Fixtures.write("{{app.name}}", to: folder.url.appendingPathComponent("en/part.mustache"))
      try Fixtures.write("{{params.id}}", to: folder.url.appendingPathComponent("en/row.mustache"))
      let renderer = try PageRenderer(table: table, templatesDirectory: folder.url)
      let template = try CardTemplate(renderer: renderer, route: "shared-checklist", locale: "en")
      let fixedTemplate = template.fixingShareText(columns: ["name"])
      #expect(fixedTemplate.hasFixedShareText == fixed, "\(title)")
      // Rendered once, the share text is what each card would render.
      if fixed {
        let values = try Fixtures.values(table)
        #expect(
          try fixedTemplate.render(values: values, fields: ["name": "Ada"])
            == (try template.render(values: values, fields: ["name": "Ada"])),
          "\(title)"
        )
      }
    }
  }
}
