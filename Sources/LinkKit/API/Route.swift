/// One route of the table: a name, typed parameters and a link template per kind.
///
/// ```json
/// {
///   "name": "shared-checklist",
///   "parameters": [{ "name": "id", "type": "uuid" }],
///   "scheme": "openlist://shared-checklists?shared-checklistId={id}",
///   "universal": "/shared-checklists/{id}"
/// }
/// ```
public struct Route: Sendable, Hashable {
  let storage: RouteStorage

  /// The route's name, unique in its table (`shared-checklist`).
  public var name: String { storage.name }
  /// A one-line description for listings, help and landing pages.
  public var summary: String? { storage.summary }
  /// The typed parameters, in declaration order.
  public var parameters: [Parameter] { storage.parameters }
  /// The custom-scheme template, compiled.
  public var schemePattern: LinkPattern { storage.schemePattern }
  /// The universal-link template (a path with an optional query), compiled.
  public var universalPattern: LinkPattern { storage.universalPattern }

  init(storage: RouteStorage) {
    self.storage = storage
  }

  init(
    name: String,
    summary: String?,
    parameters: [Parameter],
    schemePattern: LinkPattern,
    universalPattern: LinkPattern,
    appScheme: String
  ) {
    storage = RouteStorage(
      name: name,
      summary: summary,
      parameters: parameters,
      schemePattern: schemePattern,
      universalPattern: universalPattern,
      appScheme: appScheme
    )
  }

  /// The pattern for one kind of link.
  public func pattern(for kind: LinkKind) -> LinkPattern {
    switch kind {
    case .scheme: schemePattern
    case .universal: universalPattern
    }
  }

  /// The parameter of the given name, if the route declares one.
  public func parameter(named name: String) -> Parameter? {
    parameters.first { $0.name == name }
  }

  /// Equal when the name, parameters and templates are.
  public static func == (lhs: Route, rhs: Route) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.name == rhs.name && lhs.parameters == rhs.parameters
        && lhs.schemePattern == rhs.schemePattern && lhs.universalPattern == rhs.universalPattern)
  }

  /// Hashes the name and templates.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(schemePattern.template)
    hasher.combine(universalPattern.template)
  }
}

/// A link template compiled into literal and parameter components.
///
/// `openlist://shared-checklists?shared-checklistId={id}` compiles to the authority form with
/// host `shared-checklists`, no path components and one query item whose value is parameter 0.
public struct LinkPattern: Sendable, Hashable {
  /// Where the route's first component sits.
  public enum Form: Sendable, Hashable {
    /// `scheme://host/…`: the host is a fixed name that picks the route.
    case authority(host: String)
    /// `scheme:first/…` with no `//`, as in `myphotoapp:{album}?index={index}`.
    case opaque
    /// A universal link's path on one of the app's domains.
    case universal
  }

  /// One path segment or query value: fixed text, or a parameter.
  public enum Component: Sendable, Hashable {
    /// Fixed text (only unreserved characters: letters, digits, `-._~`).
    case literal(String)
    /// The parameter at this index of ``Route/parameters``.
    case parameter(Int)
  }

  /// One `name=value` item of the query.
  public struct QueryItem: Sendable, Hashable {
    /// The item's name.
    public let name: String
    /// The item's value.
    public let value: Component
  }

  /// The template as written in the table.
  public let template: String
  /// The form of the link.
  public let form: Form
  /// The path segments, in order.
  public let path: [Component]
  /// The query items, in the order the builder prints them.
  public let query: [QueryItem]
}
