/// A JSON value read by ``JSONReader``, with the line and column it starts on. Objects keep
/// every member in file order, duplicates included; lookups take the last one, as
/// Foundation's `JSONSerialization` does.
package struct JSONNode: Sendable {
  package enum Value: Sendable {
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// A number, as written (so that integers beyond a `Double`'s precision keep their value).
    case number(String)
    case bool(Bool)
    case null
  }

  package struct Member: Sendable {
    package let key: String
    package let value: JSONNode
  }

  package let value: Value
  /// 1-based line of the value's first character.
  package let line: Int
  /// 1-based column (in characters) of the value's first character.
  package let column: Int

  /// The last member named `key`, when the node is an object that has one.
  package subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// The members, last one winning for duplicate keys, in the order of first appearance.
  package var members: [Member]? {
    guard case .object(let members) = value else { return nil }
    var seen: [String: Int] = [:]
    var result: [Member] = []
    for member in members {
      if let index = seen[member.key] {
        result[index] = member
      } else {
        seen[member.key] = result.count
        result.append(member)
      }
    }
    return result
  }

  package var elements: [JSONNode]? {
    guard case .array(let elements) = value else { return nil }
    return elements
  }

  package var string: String? {
    guard case .string(let string) = value else { return nil }
    return string
  }

  package var bool: Bool? {
    guard case .bool(let bool) = value else { return nil }
    return bool
  }

  /// The number's value, when the node is a number.
  package var number: Double? {
    guard case .number(let text) = value else { return nil }
    return Double(text)
  }

  /// The number as an `Int`, when the node is a number written as an integer that fits one
  /// (`3`, `-12`; not `3.0`, `1e3` or a number beyond `Int.max`).
  package var integer: Int? {
    guard case .number(let text) = value else { return nil }
    return Int(text)
  }

  /// `a string`, `an array`…, for messages.
  package var kindName: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string(let string): "the string \(JSONQuote.short(string))"
    case .number(let text): "the number \(text)"
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    }
  }
}

/// Field paths in findings: `applinks.details[0].components[2]["?"]`.
package enum JSONPath {
  package static func member(_ path: String, _ key: String) -> String {
    let identifier =
      !key.isEmpty
      && key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "_"
      }
    if identifier { return path.isEmpty ? key : "\(path).\(key)" }
    return "\(path)[\(JSONQuote.full(key))]"
  }

  package static func element(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}

/// JSON string literals for messages.
package enum JSONQuote {
  package static func full(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        result +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Quoted, cut to 60 characters.
  package static func short(_ text: String) -> String {
    text.count > 60 ? full(String(text.prefix(57)) + "…") : full(text)
  }
}
