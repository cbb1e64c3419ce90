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

  // MARK: The fast path, by position
  //
  // Not generic, so that the typed wrappers (`@inlinable`, specialized in the caller's module)
  // reach them without generic metadata at run time.

  /// Parses a link and lends its route and values, by position, to `body`: nothing is
  /// allocated, the values are where the parser left them.
  @usableFromInline
  func withSlots(
    parsing url: String,
    _ body: (borrowing RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) {
    var bytes = url
    let failure = withExtendedLifetime(storage) {
      bytes.withUTF8 { input in
        LinkParser(table: storage, input: input).parseValues { _, index, values in
          storage.routeStorage[index]._withUnsafeGuaranteedRef { route -> LinkError? in
            do throws(LinkError) {
              try body(RouteSlots(storage: route, values: values, routeIndex: index))
              return nil
            } catch {
              return error
            }
          }
        }
      }
    }
    if let failure { throw failure }
  }

  /// Lends the values of a parsed link, by position, to `body`, when the link's route is the
  /// table's own.
  @usableFromInline
  func withSlots(
    of parsed: ParsedLink,
    _ body: (borrowing RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) {
    try withSlots(of: parsed.values, routeIndex: routeIndex(of: parsed.route), body)
  }

  /// The link set of the values `encode` writes into the slots of the route at `routeIndex`.
  @usableFromInline
  func linkSet(
    routeIndex: Int,
    _ encode: (inout RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) -> LinkSet {
    try build(routeIndex: routeIndex, encode) { route, writer throws(LinkError) in
      try linkSet(route: route, writer: writer)
    }
  }

  /// One link of the values `encode` writes.
  @usableFromInline
  func link(
    _ kind: LinkKind,
    routeIndex: Int,
    _ encode: (inout RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) -> String {
    // The table keeps the pattern and the head alive: no reference counting on them.
    unowned(unsafe) let table = storage
    return try build(routeIndex: routeIndex, encode) { route, writer throws(LinkError) in
      unowned(unsafe) let pattern = kind == .scheme ? route.scheme : route.universal
      let head = kind == .scheme ? pattern.head : table.universalHead
      return try link(head, pattern, writer, kind, route)
    }
  }

  /// The values `encode` writes, as ``RouteValues``.
  @usableFromInline
  func routeValues(
    routeIndex: Int,
    _ encode: (inout RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) -> RouteValues {
    try build(routeIndex: routeIndex, encode) { route, writer in
      RouteValues(route: Route(storage: route), storage: ValueSlots(writer.values))
    }
  }

  /// The position of the route of a typed route's name.
  @usableFromInline
  func routeIndex(named name: String) throws(LinkError) -> Int {
    if let index = storage.routeIndex[name] { return index }
    // Not in the table: throws the unknown-route error, naming the table's routes.
    let route = try requireRoute(name)
    return routes.firstIndex(of: route) ?? -1
  }

  // MARK: Routes written by hand

  /// The position of a route in the table: the same route object, or a route of the same name
  /// that is equal to it.
  func routeIndex(of route: Route) throws(LinkError) -> Int {
    if let index = identityIndex(of: route.storage) { return index }
    guard let index = storage.routeIndex[route.name], storage.routes[index] == route else {
      throw LinkError(
        .unknownRoute,
        "the link is to a route '\(route.name)' of another route table",
        route: route.name
      )
    }
    return index
  }

  /// The position of one of this table's route objects, found by identity (no hashing of the
  /// route's name), in a table of up to 32 routes; `nil` otherwise, and for larger tables,
  /// where the caller looks the route up by name.
  func identityIndex(of route: RouteStorage) -> Int? {
    guard storage.routeStorage.count <= 32 else { return nil }
    let wanted = Unmanaged.passUnretained(route).toOpaque()
    return storage.routeStorage.firstIndex { $0.toOpaque() == wanted }
  }

  // MARK: Slots

  /// Lends empty slots for a route to `encode`, then renders the values it set.
  func build<R>(
    routeIndex index: Int,
    _ encode: (inout RouteSlots) throws(LinkError) -> Void,
    _ render: (RouteStorage, LinkWriter) throws(LinkError) -> R
  ) throws(LinkError) -> R {
    guard index >= 0 && index < storage.routeStorage.count else {
      throw LinkError(
        .unknownRoute,
        "the route table has no route at position \(index); it has \(storage.routes.count)"
      )
    }
    // The table keeps the route alive for the whole call: it is only ever borrowed, with no
    // reference counting.
    let reference = storage.routeStorage[index]
    let count = reference._withUnsafeGuaranteedRef { $0.parameterCount }
    return try withUnsafeTemporaryAllocation(of: LinkValue?.self, capacity: Swift.max(count, 1)) {
      buffer throws(LinkError) -> R in
      guard let base = buffer.baseAddress else {
        throw LinkError(.unknownRoute, "no room for the values of route \(index)")
      }
      for slot in 0..<count { (base + slot).initialize(to: nil) }
      defer { for slot in 0..<count { (base + slot).deinitialize(count: 1) } }
      var slots = RouteSlots(route: reference, values: base, routeIndex: index)
      try encode(&slots)
      let values = UnsafeBufferPointer(start: base, count: count)
      return try withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(count, 1)) {
        lengths throws(LinkError) -> R in
        let failure = reference._withUnsafeGuaranteedRef {
          LinkWriter.measure($0, values, lengths)
        }
        if let failure { throw failure }
        let writer = LinkWriter(values: values, lengths: UnsafeBufferPointer(lengths))
        return try reference._withUnsafeGuaranteedRef { route in
          Result { () throws(LinkError) in try render(route, writer) }
        }
        .get()
      }
    }
  }

  /// Lends read-only slots over route values.
  func withSlots(
    of routeValues: RouteValues,
    routeIndex index: Int,
    _ body: (borrowing RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) {
    try storage.routeStorage[index]._withUnsafeGuaranteedRef { route in
      Result { () throws(LinkError) in try withSlots(route, index, routeValues, body) }
    }
    .get()
  }

  private func withSlots(
    _ route: RouteStorage,
    _ index: Int,
    _ routeValues: RouteValues,
    _ body: (borrowing RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) {
    try routeValues.storage.withUnsafeBufferPointer { values throws(LinkError) in
      if let base = values.baseAddress {
        let slots = RouteSlots(
          storage: route,
          values: UnsafeMutablePointer(mutating: base),
          routeIndex: index,
          backing: routeValues
        )
        return try body(slots)
      }
      return try withUnsafeTemporaryAllocation(of: LinkValue?.self, capacity: 1) {
        buffer throws(LinkError) in
        guard let base = buffer.baseAddress else {
          throw LinkError(.unknownRoute, "no room for the values of route '\(route.name)'")
        }
        base.initialize(to: nil)
        defer { base.deinitialize(count: 1) }
        return try body(RouteSlots(storage: route, values: base, routeIndex: index))
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
