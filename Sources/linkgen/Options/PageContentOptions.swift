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
    name: .long,
    parsing: .singleValue,
    help: ArgumentHelp(
      "A display field for the templates, such as inviter=Ada or title=Groceries (repeatable). "
        + "Untrusted text: controls, line breaks, bidi and zero-width characters are removed.",
      valueName: "name=value"
    )
  )
  var field: [String] = []

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
  var platform: PlatformArgument = .any

  /// The fields as a dictionary; `name=value` pairs, each name once.
  func fields() throws(Failure) -> [String: String] {
    var result: [String: String] = [:]
    for pair in field {
      guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
        throw Failure("--field takes name=value, got '\(pair)'", status: Failure.usage)
      }
      let name = String(pair[..<equals])
      guard result[name] == nil else {
        throw Failure("--field \(name) is given more than once", status: Failure.usage)
      }
      result[name] = String(pair[pair.index(after: equals)...])
    }
    return result
  }

  /// The renderer for the table, with the user's templates; warns when the locale falls back.
  func renderer(for table: RouteTable) throws(Failure) -> PageRenderer {
    let renderer: PageRenderer
    do throws(PageError) {
      renderer = try PageRenderer(
        table: table,
        templatesDirectory: templates.map { URL(fileURLWithPath: $0, isDirectory: true) }
      )
      let used = try renderer.resolvedLocale(locale)
      if used != locale.lowercased().replacingOccurrences(of: "_", with: "-")
        && !locale.lowercased().hasPrefix(used + "-")
      {
        Console.warning("there are no templates for locale '\(locale)'; using '\(used)'")
      }
    } catch {
      throw Failure(error)
    }
    return renderer
  }
}

/// `--platform any|ios|android`.
enum PlatformArgument: String, ExpressibleByArgument, CaseIterable {
  case any, ios, android

  var platform: Platform {
    switch self {
    case .any: .any
    case .ios: .ios
    case .android: .android
    }
  }
}

extension Failure {
  init(_ error: PageError) {
    let status =
      switch error.code {
      case .unreadableTemplates: Failure.noInput
      case .invalidLocale, .invalidField: Failure.usage
      default: Failure.dataError
      }
    self.init(error.message, status: status)
  }
}
