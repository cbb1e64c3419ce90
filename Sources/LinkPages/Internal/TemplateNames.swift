import Foundation
import Mustache

/// The names a template looks up, read from the tags of its text and of the partials it
/// includes: `fields.title` for `{{#fields.title}}`, `app.name` for `{{uppercase(app.name)}}`.
///
/// Used to tell a template whose output is the same for every row of a sheet, so that it is
/// rendered once. It answers `nil` whenever it cannot be sure: a delimiter change (`{{=…=}}`),
/// a dynamic or missing partial, a tag it cannot read.
enum TemplateNames {
  static func names(of name: String, in entries: [String: TemplateSet.Entry]) -> Set<String>? {
    var names: Set<String> = []
    var visited: Set<String> = []
    return collect(name, entries, &names, &visited) ? names : nil
  }

  private static func collect(
    _ name: String,
    _ entries: [String: TemplateSet.Entry],
    _ names: inout Set<String>,
    _ visited: inout Set<String>
  ) -> Bool {
    guard let entry = entries[name] else { return false }
    // Partials that include each other are refused when the templates are resolved.
    guard visited.insert(name).inserted else { return true }
    var text = Substring(entry.template.description)
    while let open = text.range(of: "{{") {
      var rest = text[open.upperBound...]
      let triple = rest.first == "{"
      if triple { rest = rest.dropFirst() }
      guard let close = rest.range(of: triple ? "}}}" : "}}") else { return false }
      let tag = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
      text = rest[close.upperBound...]
      if triple {
        names.insert(variable(tag))
        continue
      }
      switch tag.first {
      case "!", "/", "%", "$": continue  // comments, ends, pragmas, block names
      case "=": return false  // new delimiters: the rest cannot be read this way
      case ">", "<":
        let partial = tag.dropFirst().trimmingCharacters(in: .whitespaces)
        guard !partial.hasPrefix("*"), collect(partial, entries, &names, &visited) else {
          return false
        }
      case "#", "^", "&", "{": names.insert(variable(String(tag.dropFirst())))
      default: names.insert(variable(tag))
      }
    }
    return true
  }

  /// The name a tag looks up: `app.name` for `app.name` and for `uppercase(app.name)`.
  private static func variable(_ tag: String) -> String {
    var name = Substring(tag)
    if let open = name.lastIndex(of: "(") { name = name[name.index(after: open)...] }
    if let close = name.firstIndex(of: ")") { name = name[..<close] }
    return name.trimmingCharacters(in: .whitespaces)
  }
}
