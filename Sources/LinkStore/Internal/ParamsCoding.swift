import Foundation
import LinkKit

/// A link's values as stored: a JSON object of each set parameter's canonical text (what
/// `linkgen make` would be given), keys sorted, read back through the route table.
enum ParamsCoding {
  /// Written by hand rather than with `JSONEncoder`, which cost a sixth of a 100,000-link
  /// import: keys sorted by their UTF-8 bytes, `"`, `\` and control characters escaped, `/`
  /// and everything else as it is (what `JSONEncoder` with `.sortedKeys` and
  /// `.withoutEscapingSlashes` writes for these keys and values).
  static func encode(_ values: RouteValues) -> String {
    var members: [(String, String)] = []
    for (parameter, value) in values.all {
      if let value { members.append((parameter.name, value.description)) }
    }
    members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    var output = "{"
    for (index, (name, text)) in members.enumerated() {
      if index > 0 { output += "," }
      quote(name, into: &output)
      output += ":"
      quote(text, into: &output)
    }
    return output + "}"
  }

  private static func quote(_ text: String, into output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  static func decode(_ text: String) -> [String: String]? {
    try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
  }
}
