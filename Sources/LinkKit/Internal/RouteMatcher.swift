#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// Splits a scanned URL into path segments and query items, validates each of them, then
/// tries the routes in table order.
struct RouteMatcher {
  let parser: LinkParser
  let shape: LinkParser.Shape
  let segments: UnsafeMutableBufferPointer<Range<Int>>
  var segmentCount: Int
  let items: UnsafeMutableBufferPointer<QueryItemRanges>
  var itemCount: Int
  /// Room for any decoded component (decoding never grows text).
  let scratch: UnsafeMutableBufferPointer<UInt8>

  var input: UnsafeBufferPointer<UInt8> { parser.input }

  func fail(_ code: LinkError.Code, _ message: String, _ range: Range<Int>) -> LinkError {
    LinkError(code, message, input: parser.source, range: range)
  }

  // MARK: Matching

  /// The parsed link: the route, its values (copied out of `values` into their own storage)
  /// and the query items it ignores.
  func parsedLink(_ match: Int, _ values: UnsafeMutablePointer<LinkValue?>) -> ParsedLink {
    parser.table.routeStorage[match]._withUnsafeGuaranteedRef { storage in
      let route = Route(storage: storage)
      let pattern = shape.kind == .scheme ? storage.scheme : storage.universal
      return ParsedLink(
        route: route,
        kind: shape.kind,
        values: RouteValues(
          route: route,
          storage: ValueSlots(UnsafeBufferPointer(start: values, count: storage.parameterCount))
        ),
        ignoredQueryItems: itemCount == 0 ? [] : ignoredItems(pattern),
        routeIndex: match
      )
    }
  }

  /// Finds the route the link matches, in table order, and writes its values into `values`
  /// (room for the table's most parameters, all `nil`); returns the route's position.
  func match(into values: UnsafeMutablePointer<LinkValue?>) -> Result<Int, LinkError> {
    var firstFailure: LinkError?
    let kind = shape.kind
    for (position, reference) in parser.table.routeStorage.enumerated() {
      let failure = reference._withUnsafeGuaranteedRef { storage -> LinkError?? in
        let pattern = kind == .scheme ? storage.scheme : storage.universal
        guard fits(pattern) else { return nil }
        guard let error = self.values(for: storage, pattern: pattern, into: values) else {
          return .some(nil)
        }
        for index in 0..<storage.parameterCount { values[index] = nil }
        return .some(error)
      }
      switch failure {
      case .none: continue
      case .some(.none): return .success(position)
      case .some(.some(let error)): if firstFailure == nil { firstFailure = error }
      }
    }
    return .failure(firstFailure ?? noRoute())
  }

  /// Whether the form, host, segment count, literal segments and literal query items fit.
  private func fits(_ pattern: CompiledPattern) -> Bool {
    switch pattern.form {
    case .universal: guard shape.host != nil else { return false }
    case .opaque: guard shape.host == nil else { return false }
    case .authority:
      guard let range = shape.host,
        parser.equalsIgnoringCase(
          UnsafeBufferPointer(rebasing: input[range]),
          UnsafeBufferPointer(rebasing: pattern.text[pattern.host.range])
        )
      else { return false }
    }
    guard pattern.path.count == segmentCount else { return false }
    return pattern.withBuffers { text, path, query in
      for (index, piece) in path.enumerated() where piece.isLiteral {
        guard case .success(let decoded) = decode(segments[index]),
          equal(decoded, text, piece)
        else { return false }
      }
      for item in query where item.value.isLiteral {
        var found = false
        for position in 0..<itemCount where isNamed(items[position], text, item.name) {
          guard case .success(let decoded) = decode(items[position].value),
            equal(decoded, text, item.value)
          else { return false }
          found = true
        }
        if !found { return false }
      }
      return true
    }
  }

  /// Reads the route's values into `storage`; returns the first problem.
  private func values(
    for route: RouteStorage,
    pattern: CompiledPattern,
    into storage: UnsafeMutablePointer<LinkValue?>
  ) -> LinkError? {
    pattern.withBuffers { text, path, query in
      for (index, piece) in path.enumerated() where !piece.isLiteral {
        let parameterIndex = Int(piece.parameter)
        switch value(at: segments[index], for: route, parameterIndex) {
        case .success(let value): storage[parameterIndex] = value
        case .failure(let error): return error
        }
      }
      for (position, item) in query.enumerated() where !item.value.isLiteral {
        let parameterIndex = Int(item.value.parameter)
        var found: QueryItemRanges?
        for candidate in 0..<itemCount where isNamed(items[candidate], text, item.name) {
          if let first = found {
            return duplicate(
              route,
              parameterIndex,
              pattern.queryNames[position],
              first.name.lowerBound..<items[candidate].value.upperBound
            )
          }
          found = items[candidate]
        }
        guard let found else {
          if route.isOptional(parameterIndex) { continue }
          return missing(route, parameterIndex, pattern.queryNames[position])
        }
        switch value(at: found.value, for: route, parameterIndex) {
        case .success(let value): storage[parameterIndex] = value
        case .failure(let error): return error
        }
      }
      return nil
    }
  }

  private func duplicate(_ route: RouteStorage, _ index: Int, _ name: String, _ range: Range<Int>)
    -> LinkError
  {
    let parameter = route.parameters[index].name
    return fail(
      .duplicateParameter,
      "the query item '\(name)' (parameter '\(parameter)' of route '\(route.name)') appears "
        + "more than once",
      range
    )
    .with(route: route.name, parameter: parameter)
  }

  private func missing(_ route: RouteStorage, _ index: Int, _ name: String) -> LinkError {
    let parameter = route.parameters[index]
    return fail(
      .missingParameter,
      "the link to route '\(route.name)' has no query item '\(name)' "
        + "(parameter '\(parameter.name)', \(parameter.type))",
      shape.query ?? shape.path.upperBound..<shape.path.upperBound
    )
    .with(route: route.name, parameter: parameter.name)
  }

  private func value(at range: Range<Int>, for route: RouteStorage, _ index: Int) -> Result<
    LinkValue, LinkError
  > {
    let text: UnsafeBufferPointer<UInt8>
    switch decode(range) {
    case .success(let decoded): text = decoded
    case .failure(let error): return .failure(error)
    }
    if route.isUUID(index), let uuid = UUIDText.parse(text),
      route.allowsNilUUID(index) || !UUIDText.isNil(uuid)
    {
      return .success(.uuid(uuid))
    }
    let parameter = route.parameters[index]
    switch ValueRules.parse(text, for: parameter) {
    case .success(let value):
      if let error = route.pathProblem(value, at: index) {
        return .failure(
          LinkError(
            error.code,
            error.message,
            route: error.route,
            parameter: error.parameter,
            input: parser.source,
            range: range
          )
        )
      }
      return .success(value)
    case .failure(let problem):
      return .failure(
        problem.error(
          parameter: parameter,
          route: route.name,
          text: String(decoding: text, as: UTF8.self),
          input: parser.source,
          range: range
        )
      )
    }
  }

  private func isNamed(
    _ item: QueryItemRanges,
    _ text: UnsafeBufferPointer<UInt8>,
    _ name: CompiledPattern.Piece
  ) -> Bool {
    let raw = UnsafeBufferPointer(rebasing: input[item.name])
    if equal(raw, text, name) { return true }
    guard shape.hasEscapes, raw.contains(UInt8(ascii: "%")),
      case .success(let decoded) = decode(item.name)
    else {
      return false
    }
    return equal(decoded, text, name)
  }

  /// Whether `bytes` equal the piece's fixed text.
  @inline(__always)
  private func equal(
    _ bytes: UnsafeBufferPointer<UInt8>,
    _ text: UnsafeBufferPointer<UInt8>,
    _ piece: CompiledPattern.Piece
  ) -> Bool {
    guard bytes.count == Int(piece.count) else { return false }
    guard let a = bytes.baseAddress, let b = text.baseAddress else { return true }
    return memcmp(a, b + Int(piece.start), bytes.count) == 0
  }

  /// The query items the route does not declare, names and values decoded (splitting
  /// checked that both decode).
  private func ignoredItems(_ pattern: CompiledPattern) -> [ParsedLink.QueryItem] {
    pattern.withBuffers { text, _, query in
      var ignored: [ParsedLink.QueryItem] = []
      for position in 0..<itemCount {
        let item = items[position]
        if query.contains(where: { isNamed(item, text, $0.name) }) { continue }
        guard case .success(let name) = decode(item.name) else { continue }
        let nameText = String(decoding: name, as: UTF8.self)
        guard case .success(let value) = decode(item.value) else { continue }
        ignored.append(
          ParsedLink.QueryItem(name: nameText, value: String(decoding: value, as: UTF8.self))
        )
      }
      return ignored
    }
  }

  func noRoute() -> LinkError {
    let kind = shape.kind
    let templates = parser.table.routes.prefix(12).map {
      "\($0.name): \($0.pattern(for: kind).template)"
    }
    let more = parser.table.routes.count > 12 ? "; …" : ""
    let place = kind == .universal ? "path" : "link"
    let range =
      shape.host.map { kind == .scheme ? $0.lowerBound..<shape.path.upperBound : shape.path }
      ?? shape.path
    return fail(
      .noMatchingRoute,
      "no route matches this \(place); the \(kind.rawValue) routes are "
        + templates.joined(separator: "; ") + more,
      range
    )
  }
}

extension LinkError {
  func with(route: String?, parameter: String?) -> LinkError {
    LinkError(code, message, route: route, parameter: parameter, input: input, range: range)
  }
}
