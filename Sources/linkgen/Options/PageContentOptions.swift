import ArgumentParser
import Foundation
import LinkKit
import LinkPages

/// What the share text, banners and landing pages are rendered with; shared by `make` and
/// `page`.
struct PageContentOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The language of the text: en, ko, or a locale of your templates; falls back to its "
        + "language, then en.",
      valueName: "tag"
    )
  )
  var locale: String = "en"

  @Option(
    name: .customLong("field"),
    parsing: .singleValue,
    help: ArgumentHelp(
      "A display field for the templates, such as inviter=Ada or title=Groceries (repeatable). "
        + "Untrusted text: controls, line breaks, bidi and zero-width characters are removed.",
      valueName: "name=value"
    )
  )
  var fieldList: [NameValue] = []

  @Option(
    name: .long,
    help: ArgumentHelp(
      "A folder of .mustache templates overriding any of the built-in ones (default: the "
        + "table's pages.templates).",
      valueName: "dir"
    ),
    completion: .directory
  )
  var templates: String?

  @Option(
    name: .long,
    help: ArgumentHelp(
      "The device the Open button is for: any (custom-scheme link, both stores), ios, or "
        + "android (intent: link that falls back to Google Play).",
      valueName: "platform"
    )
  )
  var platform: Platform = .any

  func validate() throws {
    var seen = Set<String>()
    for field in fieldList where !seen.insert(field.name).inserted {
      throw ValidationError("--field \(field.name) is given more than once")
    }
  }

  /// The fields as a dictionary.
  var fields: [String: String] {
    Dictionary(fieldList.map { ($0.name, $0.value) }) { first, _ in first }
  }

  /// The renderer for the table, with the user's templates; warns when the locale falls back
  /// to another one's templates.
  func renderer(for table: RouteTable) throws(PageError) -> PageRenderer {
    let renderer = try PageRenderer(
      table: table,
      templatesDirectory: templates.map { URL(fileURLWithPath: $0, isDirectory: true) }
    )
    if let warning = try renderer.localeWarning(locale) { Console.warning(warning) }
    return renderer
  }
}
