/// The route table's optional `"pages"` section: how share text, banners and landing pages
/// look.
///
/// ```json
/// "pages": {
///   "templates": "templates",
///   "image": "https://openlist.example.com/images/preview.png",
///   "imageAlt": "OpenList: shared checklists",
///   "twitterSite": "@openlist",
///   "themeColor": "#2f6fed"
/// }
/// ```
public struct PageSettings: Sendable, Hashable {
  /// A folder of templates that override the built-in ones, as written in the table: relative
  /// to the table file's folder unless it starts with `/`.
  public let templates: String?
  /// The preview image (`og:image`): an https URL.
  public let image: String?
  /// A description of the preview image (`og:image:alt`).
  public let imageAlt: String?
  /// The X/Twitter account of the site (`twitter:site`), as `@name`.
  public let twitterSite: String?
  /// The browser theme colour (`theme-color`), as `#rgb` or `#rrggbb`.
  public let themeColor: String?
}
