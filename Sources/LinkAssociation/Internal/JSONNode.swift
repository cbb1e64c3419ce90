/// A JSON value read by ``JSONReader``, with the line it starts on. Objects keep every member
/// in file order, duplicates included; lookups take the last one, as Foundation's
/// `JSONSerialization` does.
struct JSONNode: Sendable {
  enum Value: Sendable {
    case object([Member])
    case array([JSONNode])
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
  }

  struct Member: Sendable {
    let key: String
    let value: JSONNode
  }

  let value: Value
  /// 1-based line of the value's first character.
  let line: Int

  /// The last member named `key`, when the node is an object that has one.
  subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// The members, last one winning for duplicate keys, in the order of first appearance.
  var members: [Member]? {
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

  var elements: [JSONNode]? {
    guard case .array(let elements) = value else { return nil }
    return elements
  }

  var string: String? {
    guard case .string(let string) = value else { return nil }
    return string
  }

  var bool: Bool? {
    guard case .bool(let bool) = value else { return nil }
    return bool
  }

  /// `a string`, `an array`…, for messages.
  var kindName: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string(let string): "the string \(JSONQuote.short(string))"
    case .number(let number):
      "the number \(number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))"
    case .bool(let bool): bool ? "true" : "false"
    case .null: "null"
    }
  }
}

/// Field paths in findings: `applinks.details[0].components[2]["?"]`.
enum JSONPath {
  static func member(_ path: String, _ key: String) -> String {
    let identifier =
      !key.isEmpty
      && key.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || $0 == "_"
      }
    if identifier { return path.isEmpty ? key : "\(path).\(key)" }
    return "\(path)[\(JSONQuote.full(key))]"
  }

  static func element(_ path: String, _ index: Int) -> String { "\(path)[\(index)]" }
}

/// JSON string literals for messages.
enum JSONQuote {
  static func full(_ text: String) -> String {
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
  static func short(_ text: String) -> String {
    text.count > 60 ? full(String(text.prefix(57)) + "…") : full(text)
  }
}
