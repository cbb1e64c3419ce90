/// A JSON value whose objects keep their keys in order, printed with two-space indentation.
///
/// Used wherever linkgen writes JSON that people read and diff (command output, association
/// files, manifests): the order is the one given, not a hash order. Shared by linkgen's
/// modules (`package`), not part of the public API.
///
/// ```swift
/// JSONValue.object([("route", .string("home")), ("ok", .bool(true))]).rendered()
/// // {
/// //   "route": "home",
/// //   "ok": true
/// // }
/// ```
package indirect enum JSONValue: Sendable {
  /// An object, members in order.
  case object([(String, JSONValue)])
  /// An array.
  case array([JSONValue])
  /// A string.
  case string(String)
  /// An integer.
  case number(Int)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// The value as pretty-printed JSON text.
  ///
  /// - Parameter htmlSafe: Also escape `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, so
  ///   the text can sit inside an HTML `<script>` element.
  package func rendered(htmlSafe: Bool = false) -> String {
    var output = ""
    write(to: &output, indent: 0, htmlSafe: htmlSafe)
    return output
  }

  func write(to output: inout String, indent: Int, htmlSafe: Bool) {
    let pad = String(repeating: "  ", count: indent + 1)
    let closing = String(repeating: "  ", count: indent)
    switch self {
    case .object(let members):
      guard !members.isEmpty else { return output += "{}" }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += pad + JSONValue.quoted(key, htmlSafe: htmlSafe) + ": "
        value.write(to: &output, indent: indent + 1, htmlSafe: htmlSafe)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += closing + "}"
    case .array(let elements):
      guard !elements.isEmpty else { return output += "[]" }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += pad
        element.write(to: &output, indent: indent + 1, htmlSafe: htmlSafe)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += closing + "]"
    case .string(let string): output += JSONValue.quoted(string, htmlSafe: htmlSafe)
    case .number(let number): output += String(number)
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: output += "null"
    }
  }

  /// A JSON string literal: `"`, `\` and controls escaped; with `htmlSafe`, also `<`, `>`,
  /// `&`, U+2028 and U+2029 as `\u` escapes, so the literal is safe inside an HTML
  /// `<script>`.
  package static func quoted(_ string: String, htmlSafe: Bool = false) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        guard htmlSafe else {
          result.unicodeScalars.append(scalar)
          continue
        }
        result += escaped(scalar)
      case "\u{0}"..."\u{1F}", "\u{7F}":
        result += escaped(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  private static func escaped(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }
}
