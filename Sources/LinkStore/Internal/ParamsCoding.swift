import Foundation
import LinkKit

/// A link's values as stored: a JSON object of each set parameter's canonical text (what
/// `linkgen make` would be given), read back through the route table.
enum ParamsCoding {
  static func encode(_ values: RouteValues) -> String {
    var object: [String: String] = [:]
    for (parameter, value) in values.all {
      if let value { object[parameter.name] = value.description }
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(object) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  static func decode(_ text: String) -> [String: String]? {
    try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
  }
}
