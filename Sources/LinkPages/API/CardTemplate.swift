package import LinkKit
import Mustache

/// The text of a printed invite card, from the `card` template of a locale (and route), as
/// Pango markup for `linkgen sheet`.
///
/// The template sees what share text sees (`fields.*` — here a CSV row's columns —,
/// `params.*`, `links.*`, `app.*`, `route.*`) plus `title` and `description` rendered from the
/// route's share-text templates. Values are escaped for markup (`&`, `<`, `>`, quotes), so the
/// template's own tags (`<span weight="bold">`) are the only markup. The templates are resolved
/// and parsed once; ``render(values:fields:)`` is safe from any thread.
package struct CardTemplate: Sendable {
  /// The logical name of the template.
  package static let name = "card"

  /// The locale whose templates are used (`en`, `ko`).
  package let locale: String
  private let table: RouteTable
  private let entries: [String: TemplateSet.Entry]
  private let library: MustacheLibrary

  /// Resolves the `card`, `title` and `description` templates for `route` in `locale`.
  ///
  /// - Throws: ``PageError``: ``PageError/Code/invalidLocale``,
  ///   ``PageError/Code/missingTemplate``, or ``PageError/Code/templateSyntax`` for partials
  ///   that include each other.
  package init(renderer: PageRenderer, route: String, locale: String) throws(PageError) {
    let normalized = try Locales.normalized(locale)
    self.locale = try renderer.resolvedLocale(locale)
    table = renderer.table
    entries = renderer.templates.resolved(locale: normalized, route: route)
    for name in [Self.name, "title", "description"] {
      _ = try TemplateSet.render(name, context: [:], entries: entries)
    }
    library = MustacheLibrary(templates: entries.mapValues(\.template))
  }

  /// Where the card template comes from: `Templates/en/card.mustache (built in)` or a path.
  package var origin: String { entries[Self.name]?.origin ?? Self.name }

  /// The card's markup for one row: the template's output with blank lines at the ends and
  /// trailing blanks removed.
  ///
  /// - Throws: ``PageError`` for a field whose name or value is not accepted, or values that
  ///   do not make links.
  package func render(values: RouteValues, fields: [String: String]) throws(PageError) -> String {
    let context = try RenderContext(
      table: table,
      values: values,
      locale: locale,
      fields: fields,
      platform: .any
    )
    var data = try context.base()
    var title = PlainText.clean(render("title", data))
    if title.isEmpty { title = (data["app"] as? [String: Any])?["name"] as? String ?? "" }
    data["title"] = title
    data["description"] = PlainText.clean(render("description", data))
    return PageRenderer.tidy(render(Self.name, data), finalNewline: false)
  }

  private func render(_ name: String, _ data: [String: Any]) -> String {
    entries[name]?.template.render(data, library: library) ?? ""
  }
}
