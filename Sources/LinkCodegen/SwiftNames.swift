/// How names in a route table become Swift names, predictably:
///
/// - a route name, kebab-case, becomes a case name in lower camel case
///   (`shared-checklist` → `sharedChecklist`);
/// - a parameter keeps its name as the case's label (`showDone`, `list`);
/// - an `enum` parameter gets a nested type named after its route and itself, in upper camel
///   case (`checklist` + `layout` → `ChecklistLayout`), whose cases are the values in lower
///   camel case (`in-progress` → `inProgress`, `1x` → `_1x`);
/// - Swift keywords are escaped with backticks where Swift needs it (`` `default` `` as a case,
///   `for` bare as a label).
package enum SwiftNames {
  /// Words that must be escaped with backticks to be used as names.
  static let keywords: Set<String> = [
    "Any", "Protocol", "Self", "Type", "as", "associatedtype", "await", "break", "case", "catch",
    "class", "continue", "default", "defer", "deinit", "do", "else", "enum", "extension",
    "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
    "inout", "internal", "is", "let", "nil", "open", "operator", "precedencegroup", "private",
    "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct", "subscript",
    "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
  ]

  /// The name escaped with backticks when it is a keyword.
  static func escaped(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// The name as an argument label: escaped only when it is `inout`, `var` or `let`, the
  /// keywords an argument list does not take bare.
  static func escapedLabel(_ name: String) -> String {
    ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
  }

  /// `shared-checklist` → `sharedChecklist`.
  static func caseName(route: String) -> String {
    lowerCamel(route.split(separator: "-").map(String.init))
  }

  /// `checklist` + `layout` → `ChecklistLayout`.
  static func typeName(route: String, parameter: String) -> String {
    let words = route.split(separator: "-").map(String.init) + [parameter]
    return words.map(capitalizingFirst).joined()
  }

  /// An enum value's case name, or `nil` when the value has no letter or digit to name it by.
  ///
  /// The value is split into words at every character that cannot be part of a Swift name;
  /// the words are joined in lower camel case, and a name starting with a digit gets a `_`.
  static func caseName(value: String) -> String? {
    var words: [String] = []
    var word = ""
    for scalar in value.unicodeScalars {
      if isNameScalar(scalar) {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    guard !words.isEmpty else { return nil }
    let name = lowerCamel(words)
    guard let first = name.unicodeScalars.first, isNameStart(first) else { return "_" + name }
    return name
  }

  /// Whether the text is a Swift identifier made of ASCII letters, digits and `_`, not
  /// starting with a digit and not a keyword.
  static func isPlainIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, !(48...57).contains(first), !keywords.contains(text) else {
      return false
    }
    return text.utf8.allSatisfy { byte in
      (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
        || byte == UInt8(ascii: "_")
    }
  }

  // MARK: Words

  private static func lowerCamel(_ words: [String]) -> String {
    guard let first = words.first else { return "" }
    let head =
      first.unicodeScalars.allSatisfy({ !$0.properties.isLowercase })
      ? first.lowercased() : lowercasingFirst(first)
    return head + words.dropFirst().map(capitalizingFirst).joined()
  }

  private static func capitalizingFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.uppercased() + word.dropFirst()
  }

  private static func lowercasingFirst(_ word: String) -> String {
    guard let first = word.first else { return word }
    return first.lowercased() + word.dropFirst()
  }

  /// Letters, digits and `_`, in ASCII or beyond (Unicode's identifier characters).
  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
        || byte == UInt8(ascii: "_")
    }
    return scalar.properties.isXIDContinue
  }

  private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let byte = UInt8(scalar.value)
      return (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "_")
    }
    return scalar.properties.isXIDStart
  }
}
