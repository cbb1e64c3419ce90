import LinkKit

/// The Swift names and types for a route table's ``TableModel``, decided and checked before
/// any code is written: one case per route, one label and type per parameter, one nested enum
/// per `enum` parameter.
struct SwiftPlan {
  struct Case {
    let route: Route
    /// The case name, escaped when it is a keyword.
    let name: String
    let parameters: [Label]
  }

  struct Label {
    let parameter: Parameter
    /// The label, escaped only where Swift requires it in an argument list (`inout`, `var`,
    /// `let`).
    let name: String
    /// The name of a variable bound to the value, escaped when it is a keyword.
    let binding: String
    /// The Swift type of the value, without `?`.
    let type: String
    /// `nil` for `uuid`, `int`, `string` and `bool`; the nested enum for `enum` parameters.
    let nested: NestedEnum?
    /// An optional parameter without a default: `T? = nil`.
    var isOptional: Bool { parameter.isOptional && parameter.defaultValue == nil }
  }

  struct NestedEnum {
    let name: String
    let route: String
    let parameter: String
    /// Each value's case name (escaped) and raw value.
    let cases: [(name: String, value: String)]

    func caseName(for value: String) -> String? {
      cases.first { $0.value == value }?.name
    }
  }

  let typeName: String
  let cases: [Case]
  let enums: [NestedEnum]
  /// Whether any parameter is a UUID (then the file imports Foundation).
  let usesUUID: Bool
  /// The name of the slots argument, which no parameter's binding hides.
  let slotsName: String

  /// Types the generated code names, which a nested enum must not hide.
  static let reservedTypeNames: Set<String> = [
    "Any", "Bool", "CaseIterable", "Error", "Foundation", "FoundationEssentials", "Hashable",
    "Int", "LinkError", "LinkKind", "LinkKit", "LinkSet", "LinkTarget", "LinkValue",
    "LinkValueConvertible", "Never", "Optional", "ParsedLink", "Route", "RouteSlots",
    "RouteTable", "Self", "Sendable", "String", "Swift", "URL", "UUID",
  ]

  /// Members of the generated type (its own and `LinkTarget`'s), which a case must not shadow.
  static let reservedCaseNames: Set<String> = [
    "canHandle", "encode", "fatalError", "hash", "hashValue", "init", "link", "links", "route",
    "routeIndex", "routeSignatures", "routeTable", "schemeLink", "self", "tableJSON",
    "universalLink",
  ]

  /// Members of a `String`-backed enum, which a value's case must not shadow.
  static let reservedValueNames: Set<String> = [
    "allCases", "hash", "hashValue", "init", "linkValue", "rawValue", "self",
  ]

  init(model: TableModel, typeName: String) throws(CodegenError) {
    self.typeName = typeName
    var names = Names(typeName: typeName)
    var cases: [Case] = []
    for route in model.table.routes {
      cases.append(try names.plan(route))
    }
    self.cases = cases
    enums = names.enums
    usesUUID = model.usesUUID
    slotsName = Self.slotsName(avoiding: model.table)
  }

  /// `slots`, with `_` added until no parameter of `table` has the name.
  private static func slotsName(avoiding table: RouteTable) -> String {
    let parameterNames = Set(table.routes.flatMap { $0.parameters.map(\.name) })
    var slotsName = "slots"
    while parameterNames.contains(slotsName) { slotsName += "_" }
    return slotsName
  }

  /// The names given so far, route by route, so that no two routes get one case name and no
  /// two `enum` parameters one type name.
  private struct Names {
    private var caseOwners: [String: String] = [:]
    private var typeOwners: [String: String]
    private(set) var enums: [NestedEnum] = []

    init(typeName: String) {
      typeOwners = [typeName: "the generated type"]
    }

    /// The case of `route`, with its labels and nested enums.
    mutating func plan(_ route: Route) throws(CodegenError) -> Case {
      let name = try caseName(of: route)
      var labels: [Label] = []
      for parameter in route.parameters {
        labels.append(try label(of: parameter, in: route))
      }
      return Case(route: route, name: SwiftNames.escaped(name), parameters: labels)
    }

    private mutating func caseName(of route: Route) throws(CodegenError) -> String {
      let name = SwiftNames.caseName(route: route.name)
      if SwiftPlan.reservedCaseNames.contains(name) {
        throw CodegenError(
          .reservedName,
          "route '\(route.name)' maps to the Swift case name '\(name)', which the generated "
            + "type uses for \(name == "self" || name == "init" ? "itself" : "a member"); "
            + "rename the route",
          route: route.name
        )
      }
      if let other = caseOwners[name] {
        throw CodegenError(
          .nameCollision,
          "routes '\(other)' and '\(route.name)' both map to the Swift case name '\(name)'; "
            + "rename one",
          route: route.name
        )
      }
      caseOwners[name] = route.name
      return name
    }

    private mutating func label(of parameter: Parameter, in route: Route) throws(CodegenError)
      -> Label
    {
      guard parameter.name != "_" else {
        throw CodegenError(
          .invalidName,
          "parameter '_' of route '\(route.name)' cannot be a Swift label; rename it",
          route: route.name,
          parameter: parameter.name
        )
      }
      var nested: NestedEnum?
      let type: String
      switch parameter.type {
      case .uuid: type = "UUID"
      case .int: type = "Int"
      case .string: type = "String"
      case .bool: type = "Bool"
      case .enumeration(let values):
        let made = try nestedEnum(values, of: parameter, in: route)
        nested = made
        type = made.name
      }
      return Label(
        parameter: parameter,
        name: SwiftNames.escapedLabel(parameter.name),
        binding: SwiftNames.escaped(parameter.name),
        type: type,
        nested: nested
      )
    }

    private mutating func nestedEnum(
      _ values: [String],
      of parameter: Parameter,
      in route: Route
    ) throws(CodegenError) -> NestedEnum {
      let enumName = SwiftNames.typeName(route: route.name, parameter: parameter.name)
      let owner = "parameter '\(parameter.name)' of route '\(route.name)'"
      if SwiftPlan.reservedTypeNames.contains(enumName) {
        throw CodegenError(
          .reservedName,
          "\(owner) maps to the Swift type name '\(enumName)', which would hide the type "
            + "\(enumName) the generated code uses; rename the parameter",
          route: route.name,
          parameter: parameter.name
        )
      }
      if let other = typeOwners[enumName] {
        throw CodegenError(
          .nameCollision,
          "\(owner) maps to the Swift type name '\(enumName)', which \(other) has already; "
            + "rename one",
          route: route.name,
          parameter: parameter.name
        )
      }
      typeOwners[enumName] = owner
      let made = try SwiftPlan.nestedEnum(enumName, values, route: route, parameter: parameter)
      enums.append(made)
      return made
    }
  }

  fileprivate static func nestedEnum(
    _ name: String,
    _ values: [String],
    route: Route,
    parameter: Parameter
  ) throws(CodegenError) -> NestedEnum {
    var cases: [(name: String, value: String)] = []
    var owners: [String: String] = [:]
    for value in values {
      guard let caseName = SwiftNames.caseName(value: value) else {
        throw CodegenError(
          .invalidName,
          "the value \"\(value)\" of parameter '\(parameter.name)' of route '\(route.name)' "
            + "has no letter or digit to name a Swift case by; rename it",
          route: route.name,
          parameter: parameter.name
        )
      }
      if reservedValueNames.contains(caseName) {
        throw CodegenError(
          .reservedName,
          "the value \"\(value)\" of parameter '\(parameter.name)' of route '\(route.name)' "
            + "maps to the Swift case name '\(caseName)', which \(name) uses for a member; "
            + "rename the value",
          route: route.name,
          parameter: parameter.name
        )
      }
      if let other = owners[caseName] {
        throw CodegenError(
          .nameCollision,
          "the values \"\(other)\" and \"\(value)\" of parameter '\(parameter.name)' of route "
            + "'\(route.name)' both map to the Swift case name '\(caseName)'; rename one",
          route: route.name,
          parameter: parameter.name
        )
      }
      owners[caseName] = value
      cases.append((SwiftNames.escaped(caseName), value))
    }
    return NestedEnum(name: name, route: route.name, parameter: parameter.name, cases: cases)
  }
}
