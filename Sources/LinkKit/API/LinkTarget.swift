#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// A Swift type whose values are the places an app's links lead to: one case per route of a
/// route table, which the type carries with it.
///
/// `linkgen generate swift` (or the `LinkgenPlugin` build plugin) writes one from a
/// `linkgen.json`, so the compiler checks that an app handles every route and that every value
/// has the right type:
///
/// ```swift
/// let link = DeepLink.sharedChecklist(id: id)
/// try link.universalLink  // "https://openlist.example.com/shared-checklists/3f2504e0-…"
/// try link.schemeLink     // "openlist://shared-checklists?shared-checklistId=3f2504e0-…"
///
/// switch try DeepLink(parsing: url) {
/// case .sharedChecklist(let id): showChecklist(id)
/// case .invite(let code, let role): accept(code, as: role)
/// // …one case per route: the compiler checks none is forgotten
/// }
/// ```
///
/// A conformance reads and writes values by position through ``RouteSlots``, so building and
/// parsing go straight between the enum and the link: no dictionary, no `Codable`, and for a
/// universal link one allocation, the link's own.
public protocol LinkTarget: Sendable {
  /// The route table the type's routes come from.
  static var routeTable: RouteTable { get }

  /// The position of this value's route in ``routeTable``'s routes.
  var routeIndex: Int { get }

  /// Creates the value from the values of a parsed link.
  ///
  /// `routeSlots.routeIndex` says which route the link matched.
  init(routeSlots: borrowing RouteSlots) throws(LinkError)

  /// Writes the value's parameters into the slots of its route.
  func encode(to routeSlots: inout RouteSlots) throws(LinkError)
}

extension LinkTarget {
  /// Parses a custom-scheme link or a universal link with the core's strict parser.
  ///
  /// ```swift
  /// try DeepLink(parsing: "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301")
  /// // .sharedChecklist(id: 3f2504e0-…)
  /// ```
  ///
  /// - Throws: ``LinkError`` naming what is wrong and where, as ``RouteTable/parse(_:)-(String)`` does.
  @inlinable
  public init(parsing url: String) throws(LinkError) {
    var parsed: Self?
    try Self.routeTable.withSlots(parsing: url) { slots throws(LinkError) in
      parsed = try Self(routeSlots: slots)
    }
    guard let parsed else { throw LinkError(.noMatchingRoute, "no route matched the link") }
    self = parsed
  }

  /// Parses a link, such as the URL an app is opened with.
  ///
  /// - Throws: ``LinkError`` naming what is wrong and where.
  @inlinable
  public init(parsing url: URL) throws(LinkError) {
    try self.init(parsing: url.absoluteString)
  }

  /// The typed value of a link parsed with ``RouteTable/parse(_:)-(String)``, which also tells its
  /// kind and the query items it ignored.
  ///
  /// - Throws: ``LinkError`` with ``LinkError/Code/unknownRoute`` when the link was parsed
  ///   with a table whose route differs from this type's.
  @inlinable
  public init(_ parsed: ParsedLink) throws(LinkError) {
    var target: Self?
    try Self.routeTable.withSlots(of: parsed) { slots throws(LinkError) in
      target = try Self(routeSlots: slots)
    }
    guard let target else { throw LinkError(.noMatchingRoute, "no route matched the link") }
    self = target
  }

  /// Whether the link parses into one of the type's routes: a cheap yes-or-no for "can this
  /// app handle this URL?".
  public static func canHandle(_ url: String) -> Bool {
    routeTable.canHandle(url)
  }

  /// Whether the link parses into one of the type's routes.
  public static func canHandle(_ url: URL) -> Bool {
    routeTable.canHandle(url.absoluteString)
  }

  /// The route of this value.
  public var route: Route { Self.routeTable.routes[routeIndex] }

  /// The link set: the custom-scheme link, the universal link and the store fallbacks.
  ///
  /// - Throws: ``LinkError`` when a value does not fit its parameter (an integer out of
  ///   bounds, text with characters the route does not allow).
  @inlinable
  public var links: LinkSet {
    get throws(LinkError) {
      try Self.routeTable.linkSet(routeIndex: routeIndex) { slots throws(LinkError) in
        try encode(to: &slots)
      }
    }
  }

  /// The universal link (`https://<canonical domain>/…`).
  ///
  /// - Throws: ``LinkError`` as ``links`` does.
  @inlinable
  public var universalLink: String {
    get throws(LinkError) { try link(.universal) }
  }

  /// The custom-scheme link (`openlist://…`).
  ///
  /// - Throws: ``LinkError`` as ``links`` does.
  @inlinable
  public var schemeLink: String {
    get throws(LinkError) { try link(.scheme) }
  }

  /// The value's route and parameters as ``RouteValues``, for APIs that take them (share text
  /// and landing pages, the untyped builder).
  ///
  /// - Throws: ``LinkError`` as ``links`` does.
  @inlinable
  public var routeValues: RouteValues {
    get throws(LinkError) {
      try Self.routeTable.routeValues(routeIndex: routeIndex) { slots throws(LinkError) in
        try encode(to: &slots)
      }
    }
  }

  /// One link of the value: the custom-scheme link or the universal link.
  ///
  /// - Throws: ``LinkError`` as ``links`` does.
  @inlinable
  public func link(_ kind: LinkKind) throws(LinkError) -> String {
    try Self.routeTable.link(kind, routeIndex: routeIndex) { slots throws(LinkError) in
      try encode(to: &slots)
    }
  }
}
