// The route table's parameters: the type and its constraints, the default.
extension TableCompiler {
  mutating func parameter(_ file: TableDocument.Parameter, route: String, field: String)
    -> Parameter?
  {
    let before = problems.count
    if let message = Identifiers.parameterNameProblem(file.name) {
      problem(route: route, field: "\(field).name", message)
    }
    guard let kind = ParameterKind(rawValue: file.type) else {
      problem(
        route: route,
        field: "\(field).type",
        "unknown type '\(file.type)'; the types are \(ParameterKind.list)"
      )
      return nil
    }
    for key in file.constraints(notApplyingTo: kind) {
      problem(
        route: route,
        field: "\(field).\(key)",
        "'\(key)' does not apply to a parameter of type \(kind.rawValue)"
      )
    }
    let type: ParameterType
    switch kind {
    case .uuid: type = .uuid
    case .bool: type = .bool
    case .int: type = intType(file, route: route, field: field)
    case .enumeration: type = enumType(file, route: route, field: field)
    case .string: type = stringType(file, route: route, field: field)
    }
    if file.optional == false && file.default != nil {
      problem(
        route: route,
        field: "\(field).optional",
        "a parameter with a default is optional; remove \"optional\": false or the default"
      )
    }
    let allowsNilUUID = file.allowNil ?? false
    let defaultValue = file.default.flatMap {
      self.defaultValue(
        $0,
        for: type,
        allowsNilUUID: allowsNilUUID,
        route: route,
        field: "\(field).default"
      )
    }
    guard problems.count == before else { return nil }
    return Parameter(
      name: file.name,
      type: type,
      isOptional: file.optional ?? false,
      defaultValue: defaultValue,
      allowsNilUUID: allowsNilUUID
    )
  }

  private mutating func intType(_ file: TableDocument.Parameter, route: String, field: String)
    -> ParameterType
  {
    if let min = file.min, let max = file.max, min > max {
      problem(route: route, field: "\(field).max", "max (\(max)) is below min (\(min))")
    }
    return .int(min: file.min, max: file.max)
  }

  private mutating func enumType(_ file: TableDocument.Parameter, route: String, field: String)
    -> ParameterType
  {
    let values = file.values ?? []
    if values.isEmpty {
      problem(route: route, field: "\(field).values", "an enum parameter lists its values")
    }
    for (index, value) in values.enumerated() {
      var text = value
      if let trouble = text.withUTF8({ ValueRules.checkString($0, rules: StringRules()) }) {
        problem(
          route: route,
          field: "\(field).values[\(index)]",
          "the value \(trouble.sentence(text: value))"
        )
      } else if values[..<index].contains(value) {
        problem(route: route, field: "\(field).values[\(index)]", "'\(value)' is listed twice")
      }
    }
    return .enumeration(values)
  }

  private mutating func stringType(_ file: TableDocument.Parameter, route: String, field: String)
    -> ParameterType
  {
    let minLength = file.minLength ?? 1
    let maxLength = file.maxLength ?? StringRules.defaultMaxLength
    if minLength < 0 {
      problem(route: route, field: "\(field).minLength", "minLength cannot be negative")
    }
    if maxLength < max(minLength, 1) {
      problem(
        route: route,
        field: "\(field).maxLength",
        "maxLength (\(maxLength)) must be at least 1 and at least minLength (\(minLength))"
      )
    }
    if maxLength > RouteTable.maximumURLLength {
      problem(
        route: route,
        field: "\(field).maxLength",
        "maxLength (\(maxLength)) exceeds the longest link the parser reads "
          + "(\(RouteTable.maximumURLLength) bytes)"
      )
    }
    var allowed: AllowedCharacters?
    if let pattern = file.allowedCharacters {
      do {
        allowed = try AllowedCharacters(pattern)
      } catch {
        problem(route: route, field: "\(field).allowedCharacters", error.message)
      }
    }
    return .string(
      StringRules(minLength: minLength, maxLength: maxLength, allowedCharacters: allowed)
    )
  }

  /// The default as a value of the parameter's type, or `nil` after a problem.
  private mutating func defaultValue(
    _ scalar: TableDocument.Scalar,
    for type: ParameterType,
    allowsNilUUID: Bool,
    route: String,
    field: String
  ) -> LinkValue? {
    guard let value = Self.value(scalar, for: type) else {
      problem(
        route: route,
        field: field,
        "the default \(scalar) is not a value of type \(type.name)"
      )
      return nil
    }
    if let trouble = ValueRules.problem(with: value, for: type, allowsNilUUID: allowsNilUUID) {
      problem(
        route: route,
        field: field,
        "the default \(trouble.sentence(text: value.description))"
      )
      return nil
    }
    return value
  }

  private static func value(_ scalar: TableDocument.Scalar, for type: ParameterType) -> LinkValue? {
    switch (type, scalar) {
    case (.uuid, .string(let text)):
      var text = text
      return text.withUTF8 { UUIDText.parse($0) }.map(LinkValue.uuid)
    case (.int, .int(let int)): return .int(int)
    case (.bool, .bool(let bool)): return .bool(bool)
    case (.string, .string(let text)), (.enumeration, .string(let text)): return .string(text)
    default: return nil
    }
  }
}
