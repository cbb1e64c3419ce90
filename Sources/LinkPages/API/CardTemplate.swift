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
  private let route: String
  private let entries: [String: TemplateSet.Entry]
  private let library: MustacheLibrary
  /// The `title` and `description`, when they are the same on every card (see
  /// ``fixingShareText(columns:)``).
  private var shareText: (title: String, description: String)?
  /// What templates see of the app, the route, the locale and the page: the same on every
  /// card (`nil` when they do not render, which each card then reports). Strings, booleans and
  /// dictionaries of them, never changed after `init`: safe to read from any thread.
  nonisolated(unsafe) private let routeValues: [String: Any]?

  /// Resolves the `card`, `title` and `description` templates for `route` in `locale`.
  ///
  /// - Throws: ``PageError``: ``PageError/Code/invalidLocale``,
  ///   ``PageError/Code/missingTemplate``, or ``PageError/Code/templateSyntax`` for partials
  ///   that include each other.
  package init(renderer: PageRenderer, route: String, locale: String) throws(PageError) {
    let normalized = try Locales.normalized(locale)
    self.locale = try renderer.resolvedLocale(locale)
    table = renderer.table
    self.route = route
    entries = renderer.templates.resolved(locale: normalized, route: route)
    for name in [Self.name, "title", "description"] {
      _ = try TemplateSet.render(name, context: [:], entries: entries)
    }
    library = MustacheLibrary(templates: entries.mapValues(\.template))
    let (table, resolved) = (renderer.table, self.locale)
    routeValues = table.route(named: route).flatMap { route in
      try? RenderContext.routeValues(table: table, route: route, locale: resolved, platform: .any)
    }
  }

  /// Where the card template comes from: `Templates/en/card.mustache (built in)` or a path.
  package var origin: String { entries[Self.name]?.origin ?? Self.name }

  /// The card's markup for one row: the template's output with blank lines at the ends and
  /// trailing blanks removed.
  ///
  /// - Parameter links: The links of `values`, when the caller has made them already.
  /// - Throws: ``PageError`` for a field whose name or value is not accepted, or values that
  ///   do not make links.
  package func render(values: RouteValues, fields: [String: String], links: LinkSet? = nil)
    throws(PageError) -> String
  {
    let context = try RenderContext(
      table: table,
      values: values,
      locale: locale,
      fields: fields,
      platform: .any,
      links: links
    )
    var data = try context.base(routeValues: routeValues)
    if let shareText {
      data["title"] = shareText.title
      data["description"] = shareText.description
    } else {
      addShareText(to: &data)
    }
    return PageRenderer.tidy(render(Self.name, data), finalNewline: false)
  }

  /// The template for a sheet whose rows have `columns` (the names templates see as
  /// `fields.*`): when the `title` and `description` templates read nothing that changes from
  /// row to row (only `app.*`, `route.*`, `locale`, `platform.*`, `page.*`, and `fields.*` of
  /// columns the rows do not have), they are rendered here, once, rather than for every card.
  package func fixingShareText(columns: some Sequence<String>) -> CardTemplate {
    let columns = Set(columns)
    guard let titleNames = TemplateNames.names(of: "title", in: entries),
      let descriptionNames = TemplateNames.names(of: "description", in: entries),
      titleNames.allSatisfy({ Self.isFixed($0, columns: columns) }),
      descriptionNames.allSatisfy({ Self.isFixed($0, columns: columns) }),
      let route = table.route(named: route)
    else { return self }
    let routeValues: [String: Any]
    do throws(PageError) {
      routeValues = try RenderContext.routeValues(
        table: table,
        route: route,
        locale: locale,
        platform: .any
      )
    } catch {
      return self  // each card reports it
    }
    var data = routeValues
    data["fields"] = [String: Any]()
    addShareText(to: &data)
    var fixed = self
    fixed.shareText = (data["title"] as? String ?? "", data["description"] as? String ?? "")
    return fixed
  }

  /// Whether ``fixingShareText(columns:)`` rendered the share text once.
  package var hasFixedShareText: Bool { shareText != nil }

  /// Whether a name a share-text template looks up is the same on every card; `title` (set
  /// from the title template, which is checked too) and `description` (never set when the
  /// share text renders) count as fixed.
  static func isFixed(_ name: String, columns: Set<String>) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    switch parts[0] {
    case "app", "route", "locale", "platform", "page": return true
    case "title", "description": return parts.count == 1
    case "fields": return parts.count > 1 && !columns.contains(String(parts[1]))
    default: return false
    }
  }

  /// Renders `title` (the app's name when it is empty) and then `description` into `data`.
  private func addShareText(to data: inout [String: Any]) {
    var title = PlainText.clean(render("title", data))
    if title.isEmpty { title = (data["app"] as? [String: Any])?["name"] as? String ?? "" }
    data["title"] = title
    data["description"] = PlainText.clean(render("description", data))
  }

  private func render(_ name: String, _ data: [String: Any]) -> String {
    entries[name]?.template.render(data, library: library) ?? ""
  }
}
