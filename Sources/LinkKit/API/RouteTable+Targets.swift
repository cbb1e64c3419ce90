#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension RouteTable {
  /// Loads the route table that generated code embeds, and checks that its routes are the ones
  /// the code was generated for.
  ///
  /// `routeSignatures` holds one ``Route/signature`` per line, in table order, as the
  /// generator wrote them. A table that loads but declares other routes (because it was read
  /// by another version of LinkKit than the generator's, or edited by hand) is an error listing
  /// each difference, so a mismatch shows on first use rather than as a wrong link.
  ///
  /// - Parameters:
  ///   - json: The route table's JSON text.
  ///   - source: Names the table in error messages (`DeepLink.swift (embedded linkgen.json)`).
  ///   - routeSignatures: The signatures the generated code expects, one per line.
  /// - Throws: ``RouteTableError`` when the table is invalid or its routes differ.
  public init(generatedJSON json: String, source: String, routeSignatures: String)
    throws(RouteTableError)
  {
    try self.init(json: Data(json.utf8), source: source, url: nil, embedded: true)
    let expected = routeSignatures.split(separator: "\n").map { line in
      String(line.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
    var problems: [RouteTableError.Problem] = []
    for (index, route) in routes.enumerated() where index < expected.count {
      let signature = route.signature
      if signature != expected[index] {
        problems.append(
          .init(
            route: route.name,
            field: "routes[\(index)]",
            message: "the generated code expects \(expected[index]) but the table declares "
              + "\(signature); generate the code again (linkgen generate swift)"
          )
        )
      }
    }
    if expected.count != routes.count {
      problems.append(
        .init(
          field: "routes",
          message: "the generated code expects \(expected.count) routes but the table has "
            + "\(routes.count); generate the code again (linkgen generate swift)"
        )
      )
    }
    guard problems.isEmpty else {
      throw RouteTableError(.invalidTable, file: source, problems: problems)
    }
  }

  // MARK: Typed targets

  /// The link set of a typed target, built from its slots.
  func links<T: LinkTarget>(target: T) throws(LinkError) -> LinkSet {
    try build(
      routeIndex: target.routeIndex,
      { slots throws(LinkError) in
        try target.encode(to: &slots)
      }
    ) { route, writer in linkSet(route: route, writer: writer) }
  }

  /// One link of a typed target.
  func link<T: LinkTarget>(_ kind: LinkKind, target: T) throws(LinkError) -> String {
    try build(
      routeIndex: target.routeIndex,
      { slots throws(LinkError) in try target.encode(to: &slots) },
      renderer(kind)
    )
  }

  /// Renders one kind of link.
  func renderer(_ kind: LinkKind) -> (Route, LinkWriter) -> String {
    switch kind {
    case .scheme: { route, writer in schemeLink(route: route, writer: writer) }
    case .universal: { route, writer in universalLink(route: route, writer: writer) }
    }
  }

  /// The values of a typed target.
  func values<T: LinkTarget>(target: T) throws(LinkError) -> RouteValues {
    try build(
      routeIndex: target.routeIndex,
      { slots throws(LinkError) in
        try target.encode(to: &slots)
      }
    ) { route, writer in
      var values = RouteValues(route: route)
      for index in 0..<writer.values.count { values.storage[index] = writer.values[index] }
      return values
    }
  }

  /// Parses a link into a typed target.
  func parse<T: LinkTarget>(_ url: String, target: T.Type) throws(LinkError) -> T {
    try self.target(target, from: parse(url))
  }

  /// The typed target of a parsed link, when the link's route is the table's own.
  func target<T: LinkTarget>(_ type: T.Type, from parsed: ParsedLink) throws(LinkError) -> T {
    try withSlots(of: parsed.values, routeIndex: routeIndex(of: parsed.route)) {
      slots throws(LinkError) -> T in try T(routeSlots: slots)
    }
  }

  // MARK: Routes written by hand

  /// The position of a route in the table: the same route object, or a route of the same name
  /// that is equal to it.
  func routeIndex(of route: Route) throws(LinkError) -> Int {
    for (index, reference) in storage.routeStorage.enumerated()
    where reference.toOpaque() == Unmanaged.passUnretained(route.storage).toOpaque() {
      return index
    }
    guard let index = storage.routeIndex[route.name], storage.routes[index] == route else {
      throw LinkError(
        .unknownRoute,
        "the link is to a route '\(route.name)' of another route table",
        route: route.name
      )
    }
    return index
  }

  // MARK: Slots

  /// Lends empty slots for a route to `encode`, then renders the values it set.
  func build<R>(
    routeIndex index: Int,
    _ encode: (inout RouteSlots) throws(LinkError) -> Void,
    _ render: (Route, LinkWriter) -> R
  ) throws(LinkError) -> R {
    guard index >= 0 && index < storage.routes.count else {
      throw LinkError(
        .unknownRoute,
        "the route table has no route at position \(index); it has \(storage.routes.count)"
      )
    }
    let route = storage.routes[index]
    let count = route.storage.parameters.count
    return try withUnsafeTemporaryAllocation(of: LinkValue?.self, capacity: Swift.max(count, 1)) {
      buffer throws(LinkError) -> R in
      guard let base = buffer.baseAddress else {
        throw LinkError(.unknownRoute, "no room for the values of route '\(route.name)'")
      }
      base.initialize(repeating: nil, count: count)
      defer { base.deinitialize(count: count) }
      var slots = RouteSlots(storage: route.storage, values: base, routeIndex: index)
      try encode(&slots)
      let values = UnsafeBufferPointer(start: base, count: count)
      return try LinkWriter.with(route: route, values: values) { writer in render(route, writer) }
    }
  }

  /// Lends read-only slots over route values.
  func withSlots<R>(
    of routeValues: RouteValues,
    routeIndex index: Int,
    _ body: (borrowing RouteSlots) throws(LinkError) -> R
  ) throws(LinkError) -> R {
    let route = storage.routes[index]
    return try routeValues.storage.withUnsafeBufferPointer { values throws(LinkError) -> R in
      if let base = values.baseAddress {
        let slots = RouteSlots(
          storage: route.storage,
          values: UnsafeMutablePointer(mutating: base),
          routeIndex: index,
          backing: routeValues
        )
        return try body(slots)
      }
      return try withUnsafeTemporaryAllocation(of: LinkValue?.self, capacity: 1) {
        buffer throws(LinkError) -> R in
        guard let base = buffer.baseAddress else {
          throw LinkError(.unknownRoute, "no room for the values of route '\(route.name)'")
        }
        base.initialize(to: nil)
        defer { base.deinitialize(count: 1) }
        return try body(RouteSlots(storage: route.storage, values: base, routeIndex: index))
      }
    }
  }
}

extension Route {
  /// What typed code generated for the route relies on, in one line: the route's name, and
  /// each parameter's name, type (with an enum's values), optionality and default.
  ///
  /// ```swift
  /// table.route(named: "checklist")?.signature
  /// // checklist(list: uuid, layout: enum("list", "board") = "list", showDone: bool = false, page: int = 1)
  /// ```
  public var signature: String {
    let parameters = self.parameters.map { parameter -> String in
      var text = "\(parameter.name): "
      switch parameter.type {
      case .enumeration(let values):
        text += "enum(" + values.map { JSONValue.quoted($0) }.joined(separator: ", ") + ")"
      default:
        text += parameter.type.name
      }
      if let value = parameter.defaultValue {
        switch value {
        case .string(let string): text += " = " + JSONValue.quoted(string)
        default: text += " = \(value)"
        }
      } else if parameter.isOptional {
        text += "?"
      }
      return text
    }
    return "\(name)(\(parameters.joined(separator: ", ")))"
  }

}
