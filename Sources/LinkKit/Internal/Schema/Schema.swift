/// A JSON object type described by its fields: the one description from which the reader
/// takes the keys it knows (any other is reported, with a suggestion), the JSON type each
/// holds, which are required, and where each value goes.
protocol SchemaObject {
  init()
  /// The object's keys, in the order the format documents them.
  static var fields: [SchemaField<Self>] { get }
}

/// One key of a ``SchemaObject``.
struct SchemaField<Owner> {
  /// The key.
  let key: String
  /// Whether an object without the key is a problem.
  let isRequired: Bool
  /// For a parameter's type-specific keys: the one type they apply to.
  let parameterKind: ParameterKind?
  /// Reads the value into the owner (reporting a value of the wrong JSON type).
  let read: (inout Owner, JSONNode, String, inout SchemaReader) -> Void
  /// Whether the owner holds a value for the key.
  let isPresent: (Owner) -> Bool

  /// A key whose value is not read (`$schema`).
  static func ignored(_ key: String) -> Self {
    Self(key: key, isRequired: false, parameterKind: nil, read: { _, _, _, _ in }) { _ in false }
  }

  /// A value read by `value` into an optional property.
  static func optional<Value>(
    _ key: String,
    _ path: WritableKeyPath<Owner, Value?>,
    for kind: ParameterKind? = nil,
    _ value: @escaping (JSONNode, String, inout SchemaReader) -> Value?
  ) -> Self {
    Self(key: key, isRequired: false, parameterKind: kind) { owner, node, field, reader in
      owner[keyPath: path] = value(node, field, &reader)
    } isPresent: {
      $0[keyPath: path] != nil
    }
  }

  /// A value read by `value` into a required property (left at its default when missing or
  /// of the wrong type, with a problem reported).
  static func required<Value>(
    _ key: String,
    _ path: WritableKeyPath<Owner, Value>,
    _ value: @escaping (JSONNode, String, inout SchemaReader) -> Value?
  ) -> Self {
    Self(key: key, isRequired: true, parameterKind: nil) { owner, node, field, reader in
      if let read = value(node, field, &reader) { owner[keyPath: path] = read }
    } isPresent: { _ in
      true
    }
  }
}

/// The JSON types of the format's values, with the words messages use for them.
enum SchemaValue {
  static func string(_ node: JSONNode, _ field: String, _ reader: inout SchemaReader) -> String? {
    guard let string = node.string else { return reader.wrongType(node, field, "a string") }
    return string
  }

  static func bool(_ node: JSONNode, _ field: String, _ reader: inout SchemaReader) -> Bool? {
    guard let bool = node.bool else { return reader.wrongType(node, field, "true or false") }
    return bool
  }

  static func integer(_ node: JSONNode, _ field: String, _ reader: inout SchemaReader) -> Int? {
    if let integer = node.integer { return integer }
    if let number = node.number, number == number.rounded(), !number.isNaN {
      reader.problem(
        field,
        node,
        "\(node.kindName) is out of range: an integer here is \(Int.min) to \(Int.max)"
      )
      return nil
    }
    return reader.wrongType(node, field, "an integer")
  }

  static func strings(_ node: JSONNode, _ field: String, _ reader: inout SchemaReader)
    -> [String]?
  {
    guard let elements = node.elements else {
      return reader.wrongType(node, field, "an array of strings")
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      if let string = string(element, "\(field)[\(index)]", &reader) { result.append(string) }
    }
    return result.count == elements.count ? result : nil
  }

  static func object<T: SchemaObject>(
    _ node: JSONNode,
    _ field: String,
    _ reader: inout SchemaReader
  ) -> T? {
    reader.object(node, field)
  }

  static func objects<T: SchemaObject>(
    naming key: String? = nil
  ) -> (JSONNode, String, inout SchemaReader) -> [T]? {
    { node, field, reader in
      guard let elements = node.elements else {
        return reader.wrongType(node, field, "an array of objects")
      }
      return elements.enumerated().compactMap { index, element in
        let saved = reader.route
        defer { reader.route = saved }
        if let key, let name = element[key]?.string { reader.route = name }
        return reader.object(element, "\(field)[\(index)]")
      }
    }
  }
}

/// Reads JSON nodes into ``SchemaObject`` values, collecting every problem with its field
/// path, route, line and column, and remembering where each field is for later problems.
struct SchemaReader {
  private(set) var problems: [RouteTableError.Problem] = []
  /// The line and column of every field read, by path (`routes[0].parameters[1].max`).
  private(set) var positions: [String: (line: Int, column: Int)] = [:]
  /// The route being read, for problems inside it.
  var route: String?

  /// The object at `field`, or `nil` after a problem when the node is not an object. Unknown
  /// keys and missing required ones are reported; fields of the wrong type keep their
  /// defaults.
  mutating func object<T: SchemaObject>(_ node: JSONNode, _ field: String) -> T? {
    positions[field] = (node.line, node.column)
    guard let members = node.members else { return wrongType(node, field, "an object") }
    var result = T()
    let fields = T.fields
    for member in members {
      let path = field.isEmpty ? member.key : "\(field).\(member.key)"
      positions[path] = (member.value.line, member.value.column)
      guard let spec = fields.first(where: { $0.key == member.key }) else {
        unknownKey(member, path: path, known: fields.map(\.key))
        continue
      }
      spec.read(&result, member.value, path, &self)
    }
    for spec in fields where spec.isRequired && !members.contains(where: { $0.key == spec.key }) {
      let path = field.isEmpty ? spec.key : "\(field).\(spec.key)"
      problem(path, node, "the required key '\(spec.key)' is missing")
    }
    return result
  }

  /// Reports a value of the wrong JSON type; returns `nil` for the caller to return.
  mutating func wrongType<T>(_ node: JSONNode, _ field: String, _ expected: String) -> T? {
    problem(field, node, "expected \(expected), found \(node.kindName)")
    return nil
  }

  mutating func problem(_ field: String, _ node: JSONNode, _ message: String) {
    problems.append(
      .init(route: route, field: field, message: message, line: node.line, column: node.column)
    )
  }

  private mutating func unknownKey(_ member: JSONNode.Member, path: String, known: [String]) {
    let listed = known.filter { !$0.hasPrefix("$") }
    let message =
      if let near = Suggestion.nearest(to: member.key, in: listed) {
        "unknown key '\(member.key)'; did you mean '\(near)'?"
      } else {
        "unknown key '\(member.key)'; the keys here are \(listed.joined(separator: ", "))"
      }
    problem(path, member.value, message)
  }
}
