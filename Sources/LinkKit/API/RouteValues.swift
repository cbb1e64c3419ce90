/// The values of one route's parameters, in the order the route declares them.
///
/// The builder reads them, the parser returns them. Setting a value checks it against the
/// parameter's type and constraints, so a `RouteValues` never holds a value its route would
/// reject.
///
/// ```swift
/// var values = try table.values(for: "shared-checklist")
/// try values.set(UUID(), for: "id")
/// let id: UUID = try values.require("id")
/// ```
public struct RouteValues: Sendable, Hashable, CustomStringConvertible {
  /// The route the values belong to.
  public let route: Route
  var storage: ValueSlots

  /// The name of the route the values belong to.
  public var routeName: String { route.name }
  /// The route's parameters, in declaration order.
  public var parameters: [Parameter] { route.parameters }

  init(route: Route) {
    self.route = route
    self.storage = ValueSlots(count: route.storage.parameters.count)
  }

  init(route: Route, storage: ValueSlots) {
    self.route = route
    self.storage = storage
  }

  /// The value of the named parameter, its default when it has none, or `nil` when it has
  /// neither (or the route has no such parameter).
  public subscript(name: String) -> LinkValue? {
    guard let index = index(of: name) else { return nil }
    return effectiveValue(at: index, of: parameters)
  }

  /// Every parameter with its value (or default), in declaration order; `nil` for an optional
  /// parameter without value or default.
  public var all: [(parameter: Parameter, value: LinkValue?)] {
    // One array, read from the slots in place (every landing page reads it).
    let parameters = self.parameters
    return parameters.indices.map { (parameters[$0], effectiveValue(at: $0, of: parameters)) }
  }

  /// Sets the named parameter, after checking the value against its type and constraints.
  /// Passing `nil` clears it.
  ///
  /// - Throws: ``LinkError`` with ``LinkError/Code/unknownParameter`` or
  ///   ``LinkError/Code/invalidValue``.
  public mutating func set(_ value: LinkValue?, for name: String) throws(LinkError) {
    guard let index = index(of: name) else { throw unknownParameter(name) }
    if let value {
      try ValueRules.check(value, for: parameters[index], route: routeName)
    }
    storage[index] = value
  }

  /// Sets the named parameter from a Swift value.
  public mutating func set(_ value: (some LinkValueConvertible)?, for name: String)
    throws(LinkError)
  {
    try set(value?.linkValue, for: name)
  }

  /// Sets the named parameter from its text, as a user would type it on a command line
  /// (`"42"`, `"true"`, a UUID in either case). The text is taken literally: it is not
  /// percent-decoded.
  public mutating func set(text: String, for name: String) throws(LinkError) {
    guard let index = index(of: name) else { throw unknownParameter(name) }
    var text = text
    let parameter = parameters[index]
    let result = text.withUTF8 { ValueRules.parse($0, for: parameter) }
    switch result {
    case .success(let value): storage[index] = value
    case .failure(let problem):
      throw problem.error(parameter: parameter, route: routeName, text: text)
    }
  }

  /// The named parameter's value as a Swift type; its default when it has none.
  ///
  /// - Throws: ``LinkError`` when the route has no such parameter, the parameter has no value
  ///   and no default, or the value is of another kind.
  public func require<T: LinkValueConvertible>(_ name: String, as type: T.Type = T.self)
    throws(LinkError) -> T
  {
    guard let value = try optional(name, as: type) else {
      throw LinkError(
        .missingParameter,
        "route '\(routeName)' needs a value for parameter '\(name)'",
        route: routeName,
        parameter: name
      )
    }
    return value
  }

  /// The named parameter's value as a Swift type, its default, or `nil` when it has neither.
  public func optional<T: LinkValueConvertible>(_ name: String, as type: T.Type = T.self)
    throws(LinkError) -> T?
  {
    guard let index = index(of: name) else { throw unknownParameter(name) }
    guard let value = effectiveValue(at: index, of: parameters) else { return nil }
    guard let typed = T(linkValue: value) else {
      throw LinkError(
        .invalidValue,
        "parameter '\(name)' of route '\(routeName)' holds \(value.kindName) \"\(value)\", "
          + "which is not a \(T.self)",
        route: routeName,
        parameter: name
      )
    }
    return typed
  }

  @inline(__always)
  func index(of name: String) -> Int? {
    parameters.firstIndex { $0.name == name }
  }

  private func unknownParameter(_ name: String) -> LinkError {
    let list =
      parameters.isEmpty ? "none" : parameters.map { "'\($0.name)'" }.joined(separator: ", ")
    return LinkError(
      .unknownParameter,
      "route '\(routeName)' has no parameter '\(name)'; it has \(list)",
      route: routeName,
      parameter: name
    )
  }

  /// `shared-checklist(id: 3f2504e0-…)`: the route and each parameter's value or default.
  public var description: String {
    let parts = all.map { "\($0.parameter.name): \($0.value.map { "\"\($0)\"" } ?? "nil")" }
    return "\(routeName)(\(parts.joined(separator: ", ")))"
  }

  /// Moves the values out, leaving these empty, so that the taker holds the only reference and
  /// can fill them without a copy.
  mutating func take() -> RouteValues {
    let taken = self
    storage = .empty
    return taken
  }

  /// The value of each parameter, with defaults in place of absent values.
  var effectiveValues: [LinkValue?] {
    let parameters = self.parameters
    return parameters.indices.map { effectiveValue(at: $0, of: parameters) }
  }

  /// The value at `index`, or its parameter's default when it has none (`parameters` is the
  /// route's, read once by the caller).
  private func effectiveValue(at index: Int, of parameters: [Parameter]) -> LinkValue? {
    storage[index] ?? parameters[index].defaultValue
  }

  /// Equal when they belong to the same route and every parameter has the same value, an
  /// absent value counting as its default.
  public static func == (lhs: RouteValues, rhs: RouteValues) -> Bool {
    lhs.routeName == rhs.routeName && lhs.effectiveValues == rhs.effectiveValues
  }

  /// Hashes the route name and the values, an absent value counting as its default.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(routeName)
    hasher.combine(effectiveValues)
  }
}

extension LinkValue {
  var kindName: String {
    switch self {
    case .uuid: "a UUID"
    case .int: "an int"
    case .string: "a string"
    case .bool: "a bool"
    }
  }
}
