import Foundation

/// Kotlin source text for values: string and `Long` literals, and text safe inside a KDoc
/// comment. Everything outside printable ASCII is escaped, so generated files are ASCII.
enum KotlinLiteral {
  /// A Kotlin string literal: `"…"` with `\`, `"` and `$` escaped, and every character outside
  /// printable ASCII as `\uXXXX` (UTF-16 units).
  static func string(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "$": result += "\\$"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value >= 0x20 && scalar.value < 0x7F {
          result.unicodeScalars.append(scalar)
        } else {
          for unit in String(scalar).utf16 { result += "\\u" + hex4(unit) }
        }
      }
    }
    return result + "\""
  }

  /// A `Long` literal; `Long.MIN_VALUE` has no literal of its own.
  static func long(_ value: Int) -> String {
    value == Int.min ? "Long.MIN_VALUE" : "\(value)L"
  }

  /// Text for a KDoc comment: no comment delimiters (Kotlin nests block comments), and non-ASCII
  /// characters kept (the file is UTF-8).
  static func docText(_ text: String) -> String {
    text.replacingOccurrences(of: "*/", with: "*&#47;").replacingOccurrences(
      of: "/*",
      with: "&#47;*"
    )
  }

  private static func hex4(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: true)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
