/// Escaping for XML 1.0 text and attribute values. Characters XML 1.0 cannot hold at all (C0
/// controls other than tab, line feed and carriage return; U+FFFE, U+FFFF) become U+FFFD;
/// the route table never lets them into identifiers, so this is defence in depth.
enum XMLText {
  /// Escapes `&`, `<` and `>` (and `]]>` stays harmless because `>` is escaped).
  static func text(_ value: String) -> String {
    escape(value, quotes: false)
  }

  /// Escapes text for a double- or single-quoted attribute value.
  static func attribute(_ value: String) -> String {
    escape(value, quotes: true)
  }

  /// Text for inside `<!-- … -->`: `--` is not allowed there, nor a final `-`.
  static func comment(_ value: String) -> String {
    var text = escape(value, quotes: false)
    while text.contains("--") { text = text.replacing("--", with: "- -") }
    if text.hasSuffix("-") { text += " " }
    return text
  }

  private static func escape(_ value: String, quotes: Bool) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where quotes: result += "&quot;"
      case "'" where quotes: result += "&apos;"
      case "\t", "\n", "\r":
        if quotes {
          result += "&#\(scalar.value);"
        } else {
          result.unicodeScalars.append(scalar)
        }
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// A minimal XML element tree for the generated snippets, printed with a fixed indentation so
/// the output is deterministic.
indirect enum XMLNode {
  case element(String, attributes: [(String, String)], children: [XMLNode])
  case text(String)
  case comment(String)

  static func element(
    _ name: String,
    _ attributes: [(String, String)] = [],
    _ children: [XMLNode] = []
  )
    -> XMLNode
  {
    .element(name, attributes: attributes, children: children)
  }

  /// The node and its children, one element per line; an element holding only text stays on
  /// one line (`<string>openlist</string>`).
  func render(indent: String, level: Int = 0) -> String {
    let pad = String(repeating: indent, count: level)
    switch self {
    case .text(let text):
      return pad + XMLText.text(text)
    case .comment(let text):
      return pad + "<!-- " + XMLText.comment(text) + " -->"
    case .element(let name, let attributes, let children):
      var open = "<" + name
      if attributes.count > 1 && level > 0 && name != "data" {
        let attributePad = pad + indent + indent
        for (key, value) in attributes {
          open += "\n" + attributePad + key + "=\"" + XMLText.attribute(value) + "\""
        }
      } else {
        for (key, value) in attributes {
          open += " " + key + "=\"" + XMLText.attribute(value) + "\""
        }
      }
      if children.isEmpty { return pad + open + " />" }
      if children.count == 1, case .text(let text) = children[0] {
        return pad + open + ">" + XMLText.text(text) + "</" + name + ">"
      }
      let inner = children.map { $0.render(indent: indent, level: level + 1) }
      return ([pad + open + ">"] + inner + [pad + "</" + name + ">"]).joined(separator: "\n")
    }
  }
}
