/// A Swift type for one route, so that building and parsing are checked by the compiler.
///
/// The simplest conformance is a `Codable` struct whose properties are the route's
/// parameters; the property names are the parameter names, and optional properties are the
/// optional parameters:
///
/// ```swift
/// struct SharedChecklist: LinkRoute, Codable {
///   static let routeName = "shared-checklist"
///   var id: UUID
/// }
///
/// let links = try table.links(for: SharedChecklist(id: id))
/// let route = try table.parse(url, as: SharedChecklist.self)
/// ```
///
/// Parameters of type `enum` map to a `String`-backed enum that conforms to
/// ``LinkValueConvertible`` (and `Codable`). Types that are not `Codable` implement
/// ``init(routeValues:)`` and ``encode(to:)-(RouteValues)`` with ``RouteValues/require(_:as:)``
/// and ``RouteValues/set(_:for:)-8z4ja``; types that want the fastest path also implement
/// ``init(routeSlots:)`` and ``encode(to:)-(RouteSlots)``, which read and write the values by
/// position through ``RouteSlots``, with no dictionary and no `Codable`. The enums that
/// `linkgen generate swift` writes (see ``LinkTarget``) work that way.
public protocol LinkRoute: Sendable {
  /// The name of the route in the table (`shared-checklist`).
  static var routeName: String { get }

  /// Creates the typed route from parsed values.
  init(routeValues: RouteValues) throws(LinkError)

  /// Writes the route's parameters into values prepared for its route.
  func encode(to routeValues: inout RouteValues) throws(LinkError)

  /// Creates the typed route from parsed values read by position: the fast path.
  ///
  /// The default reads the values into ``RouteValues`` and calls ``init(routeValues:)``.
  /// Implement it, with ``encode(to:)-(RouteSlots)``, to skip that step and `Codable`:
  ///
  /// ```swift
  /// init(routeSlots: borrowing RouteSlots) throws(LinkError) {
  ///   id = try routeSlots.require(0, as: UUID.self)
  /// }
  /// ```
  init(routeSlots: borrowing RouteSlots) throws(LinkError)

  /// Writes the route's parameters by position into slots prepared for its route: the fast
  /// path the builder takes.
  ///
  /// The default fills ``RouteValues`` with ``encode(to:)-(RouteValues)`` and copies them.
  func encode(to routeSlots: inout RouteSlots) throws(LinkError)
}

extension LinkRoute {
  /// Reads the route through ``RouteValues`` and ``init(routeValues:)``.
  public init(routeSlots: borrowing RouteSlots) throws(LinkError) {
    try self.init(routeValues: routeSlots.routeValues)
  }

  /// Writes the route through ``encode(to:)-(RouteValues)`` and copies the values.
  public func encode(to routeSlots: inout RouteSlots) throws(LinkError) {
    var values = RouteValues(route: routeSlots.route)
    try encode(to: &values)
    try values.storage.withUnsafeBufferPointer { buffer throws(LinkError) in
      for slot in 0..<Swift.min(buffer.count, routeSlots.count) {
        routeSlots.values[slot] = buffer[slot]
      }
    }
  }
}

extension LinkRoute where Self: Decodable {
  /// Decodes the route from parsed values through `Decodable`.
  public init(routeValues: RouteValues) throws(LinkError) {
    do {
      self = try Self(from: RouteValuesDecoder(values: routeValues))
    } catch let error as LinkError {
      throw error
    } catch {
      throw LinkError(
        .invalidValue,
        "cannot decode \(Self.self) from route '\(routeValues.routeName)': \(error)",
        route: routeValues.routeName
      )
    }
  }
}

extension LinkRoute where Self: Encodable {
  /// Encodes the route into values through `Encodable`.
  public func encode(to routeValues: inout RouteValues) throws(LinkError) {
    // The encoder takes the values (so filling them copies nothing) and always gives them
    // back, also when encoding fails part-way.
    let encoder = RouteValuesEncoder(values: routeValues.take())
    defer { routeValues = encoder.values }
    do {
      try self.encode(to: encoder)
    } catch let error as LinkError {
      throw error
    } catch {
      throw LinkError(
        .invalidValue,
        "cannot encode \(Self.self) for route '\(routeValues.routeName)': \(error)",
        route: routeValues.routeName
      )
    }
  }
}
