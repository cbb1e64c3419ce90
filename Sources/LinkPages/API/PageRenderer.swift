public import Foundation
public import LinkKit

/// Renders share text, Smart App Banner tags, a portable banner snippet and landing pages for
/// the links of a route table, from Mustache templates.
///
/// The templates are built in (the package's `Templates/` folder, compiled into the library),
/// and a folder of your own overrides any of them: the `templatesDirectory` argument, or the
/// route table's `pages.templates` path (relative to the table file).
///
/// ```swift
/// let table = try RouteTable(contentsOf: URL(filePath: "linkgen.json"))
/// let pages = try PageRenderer(table: table)
/// let values = try table.values(for: "shared-checklist", arguments: ["id": "3f2504e0-…"])
/// let share = try pages.shareText(for: values, locale: "ko", fields: ["inviter": "Ada"])
/// let html = try pages.landingPage(for: values, fields: ["title": "Groceries"])
/// ```
///
/// Every value is escaped for the place it lands in (see docs/pages.md): display fields are
/// untrusted plain text, links are linkgen's own and pass a URL allowlist, the
/// `apple-itunes-app` content is assembled and encoded here. A renderer is immutable and
/// `Sendable`; create it once and share it.
public struct PageRenderer: Sendable {
  /// The most display fields one call takes.
  public static let maximumFieldCount = 32
  /// The longest display field value, in characters, before cleaning.
  public static let maximumFieldLength = 1000
  /// The largest template file of a user's folder, in bytes, checked before it is read (the
  /// built-in `page` template is 3 KB).
  public static let maximumTemplateSize = 64 * 1024
  /// The most templates a user's folder may hold.
  public static let maximumTemplateCount = 1000

  /// The route table whose links are rendered.
  public let table: RouteTable
  /// The user's templates folder in use, if any.
  public let templatesDirectory: URL?
  let templates: TemplateSet
  /// The page variants compiled so far (``PagePlan``), shared by copies of the renderer.
  let plans = PlanCache()
  /// The table's URL policy, made once (every page checks its links with it).
  let policy: URLPolicy
  /// The app's App Store ID, read once (whether a page has the deferred link's copy script).
  let appStoreID: String?

  /// Loads the built-in templates and, when given, a folder that overrides any of them.
  ///
  /// - Parameter templatesDirectory: A folder of `.mustache` files laid out like `Templates/`.
  ///   When `nil`, the table's `pages.templates` is used (relative to the table file's folder;
  ///   a table embedded in generated code needs an absolute path or this argument), and when
  ///   the table has none, only the built-in templates.
  /// - Throws: ``PageError`` when the folder cannot be read or a template does not parse.
  public init(table: RouteTable, templatesDirectory: URL? = nil) throws(PageError) {
    self.table = table
    policy = URLPolicy(appScheme: table.app.scheme, androidPackage: table.app.android?.package)
    appStoreID = table.app.ios?.appStoreID
    let directory: URL?
    if let templatesDirectory {
      directory = templatesDirectory
    } else {
      directory = try Self.tableTemplatesDirectory(table)
    }
    self.templatesDirectory = directory
    templates = try TemplateSet(userDirectory: directory)
  }

  /// The locales there are templates for (`en`, `ko`, and those of the user's folder).
  public var locales: [String] { templates.locales.sorted() }

  /// The locale whose templates a request for `locale` uses: itself, its language (`ko` for
  /// `ko-KR`), or English.
  ///
  /// - Throws: ``PageError`` with ``PageError/Code/invalidLocale`` for text that is not a
  ///   language tag.
  public func resolvedLocale(_ locale: String) throws(PageError) -> String {
    // A locale of the templates (as the server passes them) is its own.
    if templates.locales.contains(locale) { return locale }
    return templates.localeChain(try Locales.normalized(locale)).first ?? "en"
  }

  /// A warning when there are no templates for `locale` nor for its language, so that another
  /// locale's (English) are used; `nil` when the locale or its language has templates.
  ///
  /// ```swift
  /// try pages.localeWarning("ko-KR")  // nil: the Korean templates serve ko-KR
  /// try pages.localeWarning("fr")     // there are no templates for locale 'fr'; using 'en'
  /// ```
  ///
  /// - Throws: ``PageError`` with ``PageError/Code/invalidLocale`` for text that is not a
  ///   language tag.
  public func localeWarning(_ locale: String) throws(PageError) -> PageWarning? {
    let normalized = try Locales.normalized(locale)
    let used = try resolvedLocale(locale)
    let language = normalized.prefix { $0 != "-" }
    guard used != normalized, used != language else { return nil }
    return PageWarning(
      .localeFallback,
      "there are no templates for locale '\(locale)'; using '\(used)'"
    )
  }

  /// The `'sha256-…'` Content-Security-Policy sources that allow the `<style>` elements of
  /// `html`, for a page that embeds the ``bannerSnippet(for:locale:fields:platform:)`` and
  /// has a policy of its own.
  public static func styleSources(in html: String) -> [String] {
    ContentSecurityPolicy.styleSources(in: html)
  }

  private static func tableTemplatesDirectory(_ table: RouteTable) throws(PageError) -> URL? {
    guard let path = table.pages?.templates else { return nil }
    if path.hasPrefix("/") { return URL(fileURLWithPath: path, isDirectory: true) }
    if table.isEmbedded {
      throw PageError(
        .unreadableTemplates,
        "the route table is embedded in generated code (\(table.source ?? "no file")), so its "
          + "pages.templates folder '\(path)' is relative to no file; pass templatesDirectory"
      )
    }
    let base =
      table.url?.deletingLastPathComponent()
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    return base.appendingPathComponent(path, isDirectory: true)
  }
}
