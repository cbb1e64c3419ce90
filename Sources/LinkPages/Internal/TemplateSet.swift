import Foundation
import Mustache

/// The built-in templates overlaid with a user's folder, parsed once.
///
/// Templates have logical names (`message`, `page`, `head-tags`) and are looked up, for a
/// locale `L` and a route `R`, in the folders `L/R`, `L`, then the same for the locale's
/// language (`ko` for `ko-kr`) and for `en`, then the top level; in each folder the user's file
/// wins over the built-in one. Partials (`{{>head-tags}}`) resolve the same way.
struct TemplateSet: Sendable {
  /// Templates rendered as plain text (no HTML escaping): share text and the title and
  /// description that pages and previews show.
  static let textTemplates: Set<String> = [
    "title", "description", "message", "email-subject", "email-body", "sms",
  ]
  static let textPragma = "{{% CONTENT_TYPE: TEXT}}"

  struct Entry: Sendable {
    let template: MustacheTemplate
    /// Where it came from, for messages: `Templates/en/page.mustache (built in)` or a path.
    let origin: String
    /// The partials it names, for the cycle check.
    let partials: [String]
    /// Its text (line ends normalised), which page plans parse (``PlanTemplate``).
    let text: String
  }

  let builtIn: [String: Entry]
  let user: [String: Entry]
  /// The locale folders there are templates for, lower case.
  let locales: Set<String>

  init(userDirectory: URL?) throws(PageError) {
    var builtIn: [String: Entry] = [:]
    for (key, text) in EmbeddedTemplates.files {
      builtIn[key] = try Self.parse(text, key: key, origin: "Templates/\(key).mustache (built in)")
    }
    var user: [String: Entry] = [:]
    if let userDirectory {
      let files = try Self.files(in: userDirectory)
      guard files.count <= PageRenderer.maximumTemplateCount else {
        throw PageError(
          .templateTooLarge,
          "the templates folder \(userDirectory.path) has \(files.count) templates; linkgen "
            + "reads at most \(PageRenderer.maximumTemplateCount)"
        )
      }
      for (key, url) in files {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        if let size = attributes?[.size] as? Int, size > PageRenderer.maximumTemplateSize {
          throw PageError(
            .templateTooLarge,
            "\(url.path): the template is \(size) bytes; linkgen reads templates of at most "
              + "\(PageRenderer.maximumTemplateSize) bytes (64 KB)"
          )
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
          throw PageError(.unreadableTemplates, "cannot read the template \(url.path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
          throw PageError(.templateSyntax, "\(url.path): the template is not UTF-8 text")
        }
        user[key] = try Self.parse(text, key: key, origin: url.path)
      }
    }
    self.builtIn = builtIn
    self.user = user
    let folders = Set(
      builtIn.keys.compactMap(Self.topFolder) + user.keys.compactMap(Self.topFolder)
    )
    locales = folders.filter { Locales.isTag($0) }
  }

  /// The locales to look in, most specific first: `ko-kr` → `ko-kr`, `ko`, `en`; only those
  /// that have templates.
  func localeChain(_ locale: String) -> [String] {
    var chain: [String] = []
    var candidates = [locale]
    if let dash = locale.firstIndex(of: "-") { candidates.append(String(locale[..<dash])) }
    candidates.append("en")
    for candidate in candidates where locales.contains(candidate) && !chain.contains(candidate) {
      chain.append(candidate)
    }
    return chain
  }

  /// The templates visible for a locale and route, by logical name, with their origins.
  func resolved(locale: String, route: String) -> [String: Entry] {
    var folders = [""]
    for locale in localeChain(locale).reversed() {
      folders.append(locale)
      folders.append("\(locale)/\(route)")
    }
    var result: [String: Entry] = [:]
    for folder in folders {
      for source in [builtIn, user] {
        for (key, entry) in source {
          if folder.isEmpty {
            result[key] = entry
          } else if key.hasPrefix(folder + "/") {
            result[String(key.dropFirst(folder.count + 1))] = entry
          }
        }
      }
    }
    return result
  }

  /// Renders the named template with `context`, its partials resolved among `entries`.
  static func render(
    _ name: String,
    context: [String: Any],
    entries: [String: Entry]
  ) throws(PageError) -> (text: String, origin: String) {
    guard let entry = entries[name] else {
      throw PageError(
        .missingTemplate,
        "there is no template '\(name)' (looked for \(name).mustache in the user's folder and "
          + "the built-in Templates/)"
      )
    }
    try checkCycles(from: name, entries: entries, path: [])
    let library = MustacheLibrary(templates: entries.mapValues(\.template))
    return (entry.template.render(context, library: library), entry.origin)
  }

  private static func checkCycles(from name: String, entries: [String: Entry], path: [String])
    throws(PageError)
  {
    guard let entry = entries[name] else { return }
    if path.contains(name) {
      let cycle = (path.drop { $0 != name } + [name]).joined(separator: " → ")
      throw PageError(
        .templateSyntax,
        "\(entry.origin): the partials include each other (\(cycle))"
      )
    }
    for partial in entry.partials {
      try checkCycles(from: partial, entries: entries, path: path + [name])
    }
  }

  private static func parse(_ text: String, key: String, origin: String) throws(PageError) -> Entry
  {
    let text = text.replacingOccurrences(of: "\r\n", with: "\n")
    let isText = textTemplates.contains(String(key.split(separator: "/").last ?? ""))
    let prefix = isText ? textPragma : ""
    do {
      let template = try MustacheTemplate(string: prefix + text)
      return Entry(
        template: template,
        origin: origin,
        partials: partialNames(in: text),
        text: text
      )
    } catch let error as MustacheTemplate.ParserError {
      let column =
        error.context.lineNumber == 1
        ? error.context.columnNumber - prefix.count : error.context.columnNumber
      throw PageError(
        .templateSyntax,
        "\(origin):\(error.context.lineNumber):\(column): the template does not parse "
          + "(\(error.error))"
      )
    } catch {
      throw PageError(.templateSyntax, "\(origin): the template does not parse (\(error))")
    }
  }

  /// The names in `{{>name}}` and `{{<name}}` tags (with the default delimiters).
  static func partialNames(in text: String) -> [String] {
    var names: [String] = []
    var rest = text[...]
    while let open = rest.range(of: "{{") {
      rest = rest[open.upperBound...]
      guard let kind = rest.first, kind == ">" || kind == "<" else { continue }
      let name = rest.dropFirst().drop(while: \.isWhitespace).prefix {
        !$0.isWhitespace && $0 != "}"
      }
      if !name.isEmpty { names.append(String(name)) }
    }
    return names
  }

  /// The `.mustache` files below `directory`, by key (relative path without extension).
  private static func files(in directory: URL) throws(PageError) -> [(String, URL)] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else {
      throw PageError(
        .unreadableTemplates,
        "the templates folder \(directory.path) does not exist or is not a folder"
      )
    }
    let root = directory.standardizedFileURL.resolvingSymlinksInPath().path
    let prefix = root.hasSuffix("/") ? root : root + "/"
    guard
      let walker = FileManager.default.enumerator(
        at: URL(fileURLWithPath: root, isDirectory: true),
        includingPropertiesForKeys: nil,
        options: [.skipsHiddenFiles]
      )
    else {
      throw PageError(.unreadableTemplates, "cannot read the templates folder \(directory.path)")
    }
    var files: [(String, URL)] = []
    for case let url as URL in walker where url.pathExtension == "mustache" {
      let path = url.standardizedFileURL.path
      guard path.hasPrefix(prefix) else { continue }
      let relative = path.dropFirst(prefix.count).dropLast(".mustache".count)
      files.append((String(relative), url))
    }
    return files.sorted { $0.0 < $1.0 }
  }

  private static func topFolder(_ key: String) -> String? {
    key.firstIndex(of: "/").map { String(key[..<$0]) }
  }
}

/// Locale tags: a language (2–3 letters) with optional subtags (`pt-br`, `zh-hant`),
/// compared in lower case.
enum Locales {
  static func normalized(_ tag: String) throws(PageError) -> String {
    let lowered = tag.replacingOccurrences(of: "_", with: "-").lowercased()
    guard isTag(lowered) else {
      throw PageError(
        .invalidLocale,
        "'\(tag.prefix(40))' is not a locale: use a language tag such as en, ko or pt-BR"
      )
    }
    return lowered
  }

  static func isTag(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard let language = parts.first, (2...3).contains(language.count),
      language.allSatisfy({ $0.isASCII && $0.isLowercase })
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      (1...8).contains(part.count)
        && part.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber) }
    }
  }
}
