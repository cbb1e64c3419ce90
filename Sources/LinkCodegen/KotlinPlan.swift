import LinkKit

/// The Kotlin names and types for a route table's ``TableModel``, decided and checked before
/// any code is written: one subclass per route (a `data class`, or an `object` for a route
/// without parameters), one property per parameter, one `enum class` per `enum` parameter.
///
/// Names follow the Swift plan's: a route `shared-checklist` is the class `SharedChecklist`, a
/// parameter keeps its name, an enum parameter's type is `ChecklistLayout` and its constants
/// are the Swift case names (`list`, `inProgress`, `_1x`). Kotlin keywords are escaped with
/// backticks.
struct KotlinPlan {
  struct Subclass {
    let route: TableModel.RouteModel
    /// The class name (upper camel case).
    let name: String
    let properties: [Property]
  }

  struct Property {
    let model: TableModel.ParameterModel
    /// The property name, escaped when it is a keyword.
    let name: String
    /// The Kotlin type, without `?`: `UUID`, `Int`, `Long`, `String`, `Boolean` or the enum.
    let type: String
    let nested: NestedEnum?
    var parameter: Parameter { model.parameter }
  }

  struct NestedEnum {
    let name: String
    let route: String
    let parameter: String
    /// Each value's constant name (escaped) and value.
    let constants: [(name: String, value: String)]

    func constant(for value: String) -> String? {
      constants.first { $0.value == value }?.name
    }
  }

  let typeName: String
  let packageName: String
  let subclasses: [Subclass]
  let enums: [NestedEnum]

  /// Kotlin's hard keywords, which a name must escape with backticks.
  static let keywords: Set<String> = [
    "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in",
    "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true",
    "try", "typealias", "typeof", "val", "var", "when", "while",
  ]

  /// Names the generated file declares or uses inside the type, which a subclass or an enum
  /// class must not take.
  static let reservedTypeNames: Set<String> = [
    "Any", "Array", "Boolean", "ByteArray", "Character", "Charsets", "Companion",
    "IllegalArgumentException", "IllegalStateException", "Int", "IntArray", "LinkErrorCode",
    "LinkRuntime", "LinkSet", "List", "Long", "Nothing", "Pair", "ParseResult", "String",
    "StringBuilder", "UUID", "Unit",
  ]

  /// Members of a data class and of the generated type, which a property must not shadow.
  static let reservedPropertyNames: Set<String> = [
    "copy", "equals", "hashCode", "links", "schemeLink", "toString", "universalLink",
  ]

  /// Members of an enum class, which a constant must not shadow.
  static let reservedConstantNames: Set<String> = [
    "Companion", "compareTo", "entries", "equals", "hashCode", "name", "ordinal", "toString",
    "value", "valueOf", "values",
  ]

  init(model: TableModel, typeName: String, packageName: String) throws(CodegenError) {
    self.typeName = typeName
    self.packageName = packageName
    var subclasses: [Subclass] = []
    var enums: [NestedEnum] = []
    var owners: [String: String] = [typeName: "the generated type"]
    for route in model.routes {
      let name = SwiftNames.typeName(route: route.name, parameter: "")
      try Self.claim(name, by: "route '\(route.name)'", in: &owners, route: route.name)
      var properties: [Property] = []
      for parameter in route.parameters {
        let property = try Self.property(parameter, route: route, owners: &owners)
        if let nested = property.nested { enums.append(nested) }
        properties.append(property)
      }
      subclasses.append(Subclass(route: route, name: name, properties: properties))
    }
    self.subclasses = subclasses
    self.enums = enums
  }

  /// Takes a name in the generated type's scope for `owner`, or throws.
  private static func claim(
    _ name: String,
    by owner: String,
    in owners: inout [String: String],
    route: String,
    parameter: String? = nil
  ) throws(CodegenError) {
    if reservedTypeNames.contains(name) {
      throw CodegenError(
        .reservedName,
        "\(owner) maps to the Kotlin class name '\(name)', which the generated code uses; "
          + "rename it",
        route: route,
        parameter: parameter
      )
    }
    if let other = owners[name] {
      throw CodegenError(
        .nameCollision,
        "\(owner) maps to the Kotlin class name '\(name)', which \(other) has already; rename one",
        route: route,
        parameter: parameter
      )
    }
    owners[name] = owner
  }

  private static func property(
    _ model: TableModel.ParameterModel,
    route: TableModel.RouteModel,
    owners: inout [String: String]
  ) throws(CodegenError) -> Property {
    let parameter = model.parameter
    let owner = "parameter '\(parameter.name)' of route '\(route.name)'"
    if parameter.name.allSatisfy({ $0 == "_" }) || reservedPropertyNames.contains(parameter.name)
      || parameter.name.wholeMatch(of: /component[0-9]+/) != nil
    {
      throw CodegenError(
        .reservedName,
        "\(owner) cannot be a Kotlin property of a data class (the name is reserved); rename it",
        route: route.name,
        parameter: parameter.name
      )
    }
    let name = escaped(parameter.name)
    switch parameter.type {
    case .uuid: return Property(model: model, name: name, type: "UUID", nested: nil)
    case .bool: return Property(model: model, name: name, type: "Boolean", nested: nil)
    case .string: return Property(model: model, name: name, type: "String", nested: nil)
    case .int(let min, let max):
      let fits = { (bound: Int?) in bound.map { Int(Int32.min)...Int(Int32.max) ~= $0 } ?? false }
      let type = fits(min) && fits(max) ? "Int" : "Long"
      return Property(model: model, name: name, type: type, nested: nil)
    case .enumeration(let values):
      let enumName = SwiftNames.typeName(route: route.name, parameter: parameter.name)
      try claim(enumName, by: owner, in: &owners, route: route.name, parameter: parameter.name)
      let nested = try nestedEnum(enumName, values, route: route.name, parameter: parameter.name)
      return Property(model: model, name: name, type: enumName, nested: nested)
    }
  }

  private static func nestedEnum(
    _ name: String,
    _ values: [String],
    route: String,
    parameter: String
  )
    throws(CodegenError) -> NestedEnum
  {
    var constants: [(name: String, value: String)] = []
    var owners: [String: String] = [:]
    let owner = "parameter '\(parameter)' of route '\(route)'"
    for value in values {
      guard let constant = SwiftNames.caseName(value: value), !constant.allSatisfy({ $0 == "_" })
      else {
        throw CodegenError(
          .invalidName,
          "the value \"\(value)\" of \(owner) has no letter or digit to name a Kotlin constant "
            + "by; rename it",
          route: route,
          parameter: parameter
        )
      }
      if reservedConstantNames.contains(constant) {
        throw CodegenError(
          .reservedName,
          "the value \"\(value)\" of \(owner) maps to the Kotlin constant '\(constant)', which "
            + "\(name) uses for a member; rename the value",
          route: route,
          parameter: parameter
        )
      }
      if let other = owners[constant] {
        throw CodegenError(
          .nameCollision,
          "the values \"\(other)\" and \"\(value)\" of \(owner) both map to the Kotlin constant "
            + "'\(constant)'; rename one",
          route: route,
          parameter: parameter
        )
      }
      owners[constant] = value
      constants.append((escaped(constant), value))
    }
    return NestedEnum(name: name, route: route, parameter: parameter, constants: constants)
  }

  /// The name escaped with backticks when it is a Kotlin keyword.
  static func escaped(_ name: String) -> String {
    keywords.contains(name) ? "`\(name)`" : name
  }

  /// Why the text cannot name the generated type, or `nil` when it can.
  static func typeNameProblem(_ name: String) -> String? {
    guard isIdentifier(name) else {
      return "'\(name)' is not a Kotlin type name: letters, digits and '_', not starting with "
        + "a digit, not a keyword"
    }
    if reservedTypeNames.contains(name) {
      return "'\(name)' is a name the generated file uses; choose another name"
    }
    return nil
  }

  /// Why the text cannot name the generated file's package, or `nil` when it can.
  static func packageNameProblem(_ name: String) -> String? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ isIdentifier(String($0)) }) else {
      return "'\(name)' is not a Kotlin package name: identifiers (letters, digits and '_', not "
        + "keywords) joined by '.', as in com.example.openlist"
    }
    return nil
  }

  private static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.utf8.first, !(48...57).contains(first), !keywords.contains(text),
      !text.allSatisfy({ $0 == "_" })
    else { return false }
    return text.utf8.allSatisfy { byte in
      (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
        || byte == UInt8(ascii: "_")
    }
  }
}
