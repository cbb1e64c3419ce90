#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One route's values by position, lent to a typed route while a link is built or parsed: the
/// fast path between Swift types and links, with no dictionary, no names and no `Codable`.
///
/// Slot `n` is the route's `n`-th parameter, in the order the route table declares them. The
/// enums that `linkgen generate swift` writes use it, and so can types written by hand (see
/// ``LinkRoute/init(routeSlots:)`` and ``LinkTarget``):
///
/// ```swift
/// // { "name": "checklist-item", "parameters": [{ "name": "list", … }, { "name": "item", … }] }
/// init(routeSlots slots: borrowing RouteSlots) throws(LinkError) {
///   list = try slots.require(0, as: UUID.self)
///   item = try slots.require(1, as: Int.self)
/// }
///
/// func encode(to slots: inout RouteSlots) throws(LinkError) {
///   try slots.set(list, at: 0)
///   try slots.set(item, at: 1)
/// }
/// ```
///
/// Setting a value checks it against the parameter's type and constraints, as
/// ``RouteValues/set(_:for:)-8z4ja`` does; reading one returns its default when the link
/// leaves it out. The slots live only for the call they are lent to (they are not copyable),
/// usually on the stack: building a universal link this way costs one allocation, the link's.
public struct RouteSlots: ~Copyable {
  /// The route, kept alive by the table for the whole call.
  unowned(unsafe) let storage: RouteStorage
  /// One value per parameter; `nil` where none is set.
  let values: UnsafeMutablePointer<LinkValue?>

  /// The values the slots lend, when they lend a ``RouteValues`` (so that reading them back
  /// into one costs no copy).
  let backing: RouteValues?

  /// The position of the route in its table's ``RouteTable/routes``.
  public let routeIndex: Int

  init(
    storage: RouteStorage,
    values: UnsafeMutablePointer<LinkValue?>,
    routeIndex: Int,
    backing: RouteValues? = nil
  ) {
    self.storage = storage
    self.values = values
    self.routeIndex = routeIndex
    self.backing = backing
  }

  /// Slots for a route the caller keeps alive, taken without reference counting.
  init(route: Unmanaged<RouteStorage>, values: UnsafeMutablePointer<LinkValue?>, routeIndex: Int) {
    storage = route.takeUnretainedValue()
    self.values = values
    self.routeIndex = routeIndex
    backing = nil
  }

  /// The values as ``RouteValues``.
  var routeValues: RouteValues {
    if let backing { return backing }
    var values = RouteValues(route: route)
    for slot in 0..<storage.parameterCount { values.storage[slot] = self.values[slot] }
    return values
  }

  /// The route the values belong to.
  public var route: Route { Route(storage: storage) }
  /// The name of the route the values belong to.
  public var routeName: String { storage.name }
  /// The number of slots: the route's parameter count.
  public var count: Int { storage.parameterCount }

  /// The value of a slot, its default when it has none, or `nil` when it has neither (or the
  /// route has no such slot).
  public subscript(slot: Int) -> LinkValue? {
    guard slot >= 0 && slot < storage.parameterCount else { return nil }
    return values[slot] ?? storage.parameters[slot].defaultValue
  }

  // MARK: Reading

  /// The UUID in a slot (or its default).
  ///
  /// - Throws: ``LinkError`` when the route has no such slot, the slot has no value and no
  ///   default, or it holds another kind of value.
  public func require(_ slot: Int, as type: UUID.Type) throws(LinkError) -> UUID {
    if case .uuid(let uuid)? = self[slot] { return uuid }
    throw problem(slot, expected: type)
  }

  /// The integer in a slot (or its default).
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does.
  public func require(_ slot: Int, as type: Int.Type) throws(LinkError) -> Int {
    if case .int(let int)? = self[slot] { return int }
    throw problem(slot, expected: type)
  }

  /// The text in a slot (or its default).
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does.
  public func require(_ slot: Int, as type: String.Type) throws(LinkError) -> String {
    if case .string(let string)? = self[slot] { return string }
    throw problem(slot, expected: type)
  }

  /// The boolean in a slot (or its default).
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does.
  public func require(_ slot: Int, as type: Bool.Type) throws(LinkError) -> Bool {
    if case .bool(let bool)? = self[slot] { return bool }
    throw problem(slot, expected: type)
  }

  /// The value in a slot (or its default) as a Swift type, such as the `String`-backed enum
  /// of an `enum` parameter.
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does.
  public func require<T: LinkValueConvertible>(_ slot: Int, as type: T.Type = T.self)
    throws(LinkError) -> T
  {
    if let value = self[slot], let typed = T(linkValue: value) { return typed }
    throw problem(slot, expected: type)
  }

  /// The value in a slot as a Swift type, its default, or `nil` when it has neither: for
  /// optional parameters.
  ///
  /// - Throws: ``LinkError`` when the route has no such slot or the slot holds another kind
  ///   of value.
  public func optional<T: LinkValueConvertible>(_ slot: Int, as type: T.Type = T.self)
    throws(LinkError) -> T?
  {
    guard slot >= 0 && slot < storage.parameterCount else { throw noSlot(slot) }
    guard let value = self[slot] else { return nil }
    guard let typed = T(linkValue: value) else { throw problem(slot, expected: type) }
    return typed
  }

  // MARK: Writing

  /// Sets a slot to a UUID.
  ///
  /// - Throws: ``LinkError`` with ``LinkError/Code/unknownParameter`` when the route has no
  ///   such slot, ``LinkError/Code/invalidValue`` when its parameter is not a UUID.
  public mutating func set(_ value: UUID, at slot: Int) throws(LinkError) {
    guard slot >= 0 && slot < storage.parameterCount else { throw noSlot(slot) }
    if !storage.isUUID(slot) || (!storage.allowsNilUUID(slot) && UUIDText.isNil(value)) {
      try check(.uuid(value), slot)
    }
    values[slot] = .uuid(value)
  }

  /// Sets a slot to an integer, after checking its bounds.
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does, and when the value is out of
  ///   bounds.
  public mutating func set(_ value: Int, at slot: Int) throws(LinkError) {
    try store(.int(value), at: slot)
  }

  /// Sets a slot to text, after checking its length and characters.
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does, and when the text breaks the
  ///   parameter's rules.
  public mutating func set(_ value: String, at slot: Int) throws(LinkError) {
    try store(.string(value), at: slot)
  }

  /// Sets a slot to a boolean.
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does.
  public mutating func set(_ value: Bool, at slot: Int) throws(LinkError) {
    try store(.bool(value), at: slot)
  }

  /// Sets a slot from a Swift value, such as the `String`-backed enum of an `enum` parameter.
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does, and when the value does not fit
  ///   the parameter.
  public mutating func set<T: LinkValueConvertible>(_ value: T, at slot: Int) throws(LinkError) {
    try store(value.linkValue, at: slot)
  }

  /// Sets a slot from an optional Swift value; `nil` clears it (the link leaves the parameter
  /// out).
  ///
  /// - Throws: ``LinkError`` as the `UUID` overload does.
  public mutating func set<T: LinkValueConvertible>(_ value: T?, at slot: Int) throws(LinkError) {
    guard let value else {
      guard slot >= 0 && slot < storage.parameterCount else { throw noSlot(slot) }
      values[slot] = nil
      return
    }
    try store(value.linkValue, at: slot)
  }

  private mutating func store(_ value: LinkValue, at slot: Int) throws(LinkError) {
    guard slot >= 0 && slot < storage.parameterCount else { throw noSlot(slot) }
    try check(value, slot)
    values[slot] = value
  }

  private func check(_ value: LinkValue, _ slot: Int) throws(LinkError) {
    try ValueRules.check(value, for: storage.parameters[slot], route: storage.name)
  }

  // MARK: Errors

  private func noSlot(_ slot: Int) -> LinkError {
    let count = storage.parameterCount
    return LinkError(
      .unknownParameter,
      "route '\(storage.name)' has no parameter at position \(slot); it has \(count)",
      route: storage.name
    )
  }

  private func problem(_ slot: Int, expected: Any.Type) -> LinkError {
    guard slot >= 0 && slot < storage.parameterCount else { return noSlot(slot) }
    let parameter = storage.parameters[slot]
    guard let value = self[slot] else {
      return LinkError(
        .missingParameter,
        "route '\(storage.name)' has no value for parameter '\(parameter.name)'",
        route: storage.name,
        parameter: parameter.name
      )
    }
    return LinkError(
      .invalidValue,
      "parameter '\(parameter.name)' of route '\(storage.name)' holds \(value.kindName) "
        + "\"\(ValueProblem.sanitized(value.description))\", which is not a \(expected)",
      route: storage.name,
      parameter: parameter.name
    )
  }
}
