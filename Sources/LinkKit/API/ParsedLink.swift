#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A link read back into its route: which route, which kind of link, the typed values, and
/// the query items the route does not declare.
///
/// ```swift
/// let parsed = try table.parse("OPENLIST://shared-checklists?shared-checklistId=3F2504E0-…&utm_source=mail")
/// parsed.route.name           // "shared-checklist"
/// parsed.kind                 // .scheme
/// parsed.values["id"]         // .uuid(3f2504e0-…)
/// parsed.ignoredQueryItems    // [utm_source=mail]
/// ```
public struct ParsedLink: Sendable, Hashable {
  /// The route the link matched.
  public let route: Route
  /// Whether it was a custom-scheme link or a universal link.
  public let kind: LinkKind
  /// The route's values; absent optional parameters read as their defaults.
  public let values: RouteValues
  /// The query items the route does not declare (`utm_source=mail`, `fbclid=…`), names and
  /// values percent-decoded, in the order they appear. They do not affect the match; a backend
  /// that wants campaign parameters reads them here.
  public let ignoredQueryItems: [QueryItem]

  /// A query item of a link, decoded.
  public struct QueryItem: Sendable, Hashable, CustomStringConvertible {
    /// The item's name (`utm_source`).
    public let name: String
    /// The item's value (`mail`); empty for an item without `=` or with nothing after it.
    public let value: String

    /// Creates an item.
    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }

    /// `name=value`, or the name alone when the value is empty.
    public var description: String { value.isEmpty ? name : "\(name)=\(value)" }
  }

  /// The position of the route in the table the link was parsed with.
  let routeIndex: Int

  /// Equal when the route, the kind, the values and the ignored query items are.
  public static func == (lhs: ParsedLink, rhs: ParsedLink) -> Bool {
    lhs.route == rhs.route && lhs.kind == rhs.kind && lhs.values == rhs.values
      && lhs.ignoredQueryItems == rhs.ignoredQueryItems
  }

  /// Hashes the route, the kind, the values and the ignored query items.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(route)
    hasher.combine(kind)
    hasher.combine(values)
    hasher.combine(ignoredQueryItems)
  }

  /// The typed route, when the link is a link to that route.
  ///
  /// - Throws: ``LinkError`` with ``LinkError/Code/routeMismatch`` for a link to another
  ///   route.
  public func decode<R: LinkRoute>(as type: R.Type = R.self) throws(LinkError) -> R {
    guard route.name == R.routeName else {
      throw LinkError(
        .routeMismatch,
        "the link is to route '\(route.name)', not '\(R.routeName)'",
        route: route.name
      )
    }
    return try values.storage.withUnsafeBufferPointer { buffer throws(LinkError) -> R in
      guard let base = buffer.baseAddress else { return try R(routeValues: values) }
      let slots = RouteSlots(
        storage: route.storage,
        values: UnsafeMutablePointer(mutating: base),
        routeIndex: routeIndex,
        backing: values
      )
      return try R(routeSlots: slots)
    }
  }
}

extension RouteTable {
  /// Parses a custom-scheme link or a universal link into its route and typed values.
  ///
  /// Scheme and host compare case-insensitively, UUIDs parse in either case, a trailing `/`
  /// is accepted, and query items the route does not declare are ignored but reported.
  /// Anything else that does not fit a route exactly is a ``LinkError`` naming the problem and
  /// its place in the input; parsing never traps.
  ///
  /// ```swift
  /// let parsed = try table.parse("https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301")
  /// parsed.route.name  // "shared-checklist"
  /// ```
  public func parse(_ url: String) throws(LinkError) -> ParsedLink {
    var bytes = url
    let result = withExtendedLifetime(storage) {
      bytes.withUTF8 { LinkParser(table: storage, input: $0).parse() }
    }
    return try result.get()
  }

  /// Parses a link straight into a typed route.
  ///
  /// - Throws: ``LinkError``, with ``LinkError/Code/routeMismatch`` when the link is valid but
  ///   for another route.
  @inlinable
  public func parse<R: LinkRoute>(_ url: String, as type: R.Type) throws(LinkError) -> R {
    var route: R?
    try withSlots(parsing: url) { slots throws(LinkError) in
      guard slots.routeName == R.routeName else {
        throw LinkError(
          .routeMismatch,
          "the link is to route '\(slots.routeName)', not '\(R.routeName)'",
          route: slots.routeName
        )
      }
      route = try R(routeSlots: slots)
    }
    guard let route else { throw LinkError(.noMatchingRoute, "no route matched the link") }
    return route
  }

  /// Parses the URL an app receives (`onOpenURL`, `application(_:open:)`, a universal link's
  /// `webpageURL`) into its route and typed values, as ``parse(_:)-(String)`` does with its
  /// text.
  ///
  /// ```swift
  /// .onOpenURL { url in
  ///   if let parsed = try? table.parse(url) { navigate(to: parsed) }
  /// }
  /// ```
  public func parse(_ url: URL) throws(LinkError) -> ParsedLink {
    try parse(url.absoluteString)
  }

  /// Parses the URL an app receives straight into a typed route.
  ///
  /// ```swift
  /// let checklist = try table.parse(url, as: SharedChecklist.self)
  /// ```
  public func parse<R: LinkRoute>(_ url: URL, as type: R.Type) throws(LinkError) -> R {
    try parse(url.absoluteString, as: type)
  }

  /// Whether the link parses into one of the table's routes: a cheap yes-or-no for
  /// "can this app handle this URL?".
  public func canHandle(_ url: String) -> Bool {
    (try? withSlots(parsing: url) { _ throws(LinkError) in }) != nil
  }

  /// Whether the URL parses into one of the table's routes.
  public func canHandle(_ url: URL) -> Bool {
    canHandle(url.absoluteString)
  }
}
