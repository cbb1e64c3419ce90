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

  private var input: UnsafeBufferPointer<UInt8> { parser.input }

  private func fail(_ code: LinkError.Code, _ message: String, _ range: Range<Int>) -> LinkError {
    LinkError(code, message, input: parser.source, range: range)
  }

  // MARK: Splitting and validation

  mutating func split() -> LinkError? {
    var path = shape.path
    if shape.host == nil {
      guard !path.isEmpty else {
        return fail(
          .malformedURL,
          "the link has nothing after '\(parser.table.app.scheme):'",
          path
        )
      }
    } else if !path.isEmpty {
      path = (path.lowerBound + 1)..<path.upperBound  // the leading "/"
    }
    // A trailing "/" is accepted once ("https://host/a/" reads as "/a").
    if !path.isEmpty, input[path.upperBound - 1] == UInt8(ascii: "/") {
      path = path.lowerBound..<(path.upperBound - 1)
      if path.isEmpty && shape.host == nil {
        return fail(.malformedURL, "the link's path is empty", shape.path)
      }
    }
    if !path.isEmpty || shape.host == nil {
      var start = path.lowerBound
      while true {
        let end = input.index(of: UInt8(ascii: "/"), in: start..<path.upperBound) ?? path.upperBound
        guard segmentCount < LinkParser.maximumSegments else {
          return fail(
            .malformedURL,
            "the link has more than \(LinkParser.maximumSegments) path segments",
            start..<path.upperBound
          )
        }
        if let error = checkSegment(start..<end) { return error }
        segments[segmentCount] = start..<end
        segmentCount += 1
        if end == path.upperBound { break }
        start = end + 1
      }
    }
    if let query = shape.query {
      var start = query.lowerBound
      while start < query.upperBound {
        let end =
          input.index(of: UInt8(ascii: "&"), in: start..<query.upperBound) ?? query.upperBound
        if end > start {
          guard itemCount < RouteTable.maximumQueryItems else {
            return fail(
              .malformedURL,
              "the link has more than \(RouteTable.maximumQueryItems) query items",
              start..<query.upperBound
            )
          }
          let equals = input.index(of: UInt8(ascii: "="), in: start..<end) ?? end
          let item = QueryItemRanges(
            name: start..<equals,
            value: (equals < end ? equals + 1 : end)..<end
          )
          if let error = checkQueryPart(item.name, what: "query item name")
            ?? checkQueryPart(item.value, what: "query value")
          {
            return error
          }
          items[itemCount] = item
          itemCount += 1
        }
        start = end + 1
      }
    }
    return nil
  }

  private func checkSegment(_ range: Range<Int>) -> LinkError? {
    guard !range.isEmpty else {
      return fail(
        .malformedURL,
        "the link's path has an empty segment ('//')",
        Swift.max(range.lowerBound - 1, 0)..<range.lowerBound + 1
      )
    }
    if !shape.hasEscapes {
      // Raw text: the first pass checked its characters, and it cannot hold a '/'.
      if range.count <= 2, input[range.lowerBound] == UInt8(ascii: "."),
        input[range.upperBound - 1] == UInt8(ascii: ".")
      {
        return fail(.malformedURL, "the link's path has a '.' or '..' segment", range)
      }
      return nil
    }
    let decoded: UnsafeBufferPointer<UInt8>
    switch decode(range) {
    case .success(let bytes): decoded = bytes
    case .failure(let error): return error
    }
    if decoded.count <= 2, decoded.allSatisfy({ $0 == UInt8(ascii: ".") }) {
      return fail(.malformedURL, "the link's path has a '.' or '..' segment", range)
    }
    if decoded.contains(UInt8(ascii: "/")) {
      return fail(
        .malformedURL,
        "the link's path has an encoded '/' (%2F), which no route accepts",
        range
      )
    }
    return nil
  }

  private func checkQueryPart(_ range: Range<Int>, what: String) -> LinkError? {
    guard shape.hasEscapes else { return nil }
    if case .failure(let error) = decode(range) { return error }
    return nil
  }

  /// Percent-decodes a range into the scratch buffer (or returns the input itself when it has
  /// no escapes) and checks the result is UTF-8 without forbidden characters.
  func decode(_ range: Range<Int>) -> Result<UnsafeBufferPointer<UInt8>, LinkError> {
    let raw = UnsafeBufferPointer(rebasing: input[range])
    guard shape.hasEscapes, raw.contains(UInt8(ascii: "%")) else { return .success(raw) }
    guard let base = scratch.baseAddress else { return .success(raw) }
    switch PercentEncoding.decode(raw, into: base) {
    case .failure(let malformed):
      let at = range.lowerBound + malformed.offset
      return .failure(
        fail(
          .invalidPercentEncoding,
          "'%' must be followed by two hex digits",
          at..<Swift.min(at + 3, range.upperBound)
        )
      )
    case .success(let count):
      let decoded = UnsafeBufferPointer(start: base, count: count)
      var iterator = decoded.makeIterator()
      var decoder = UTF8()
      while true {
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar):
          if ForbiddenScalars.contains(scalar) {
            return .failure(
              fail(
                .invalidCharacter,
                "the link encodes \(ForbiddenScalars.name(scalar)), a control or invisible character",
                range
              )
            )
          }
        case .emptyInput: return .success(decoded)
        case .error:
          return .failure(
            fail(.invalidPercentEncoding, "the percent-encoded bytes are not valid UTF-8", range)
          )
        }
      }
    }
  }

  // MARK: Matching

  func match() -> Result<ParsedLink, LinkError> {
    var firstFailure: LinkError?
    for route in parser.table.routes {
      let pattern = route.storage.compiled(shape.kind)
      guard fits(pattern) else { continue }
      switch values(for: route, pattern: pattern) {
      case .success(let storage):
        return .success(
          ParsedLink(
            route: route,
            kind: shape.kind,
            values: RouteValues(route: route, storage: storage),
            ignoredQueryItems: ignoredNames(pattern)
          )
        )
      case .failure(let error):
        if firstFailure == nil { firstFailure = error }
      }
    }
    return .failure(firstFailure ?? noRoute())
  }

  /// Whether the form, host, segment count, literal segments and literal query items fit.
  private func fits(_ pattern: CompiledPattern) -> Bool {
    switch (pattern.form, shape.host) {
    case (.universal, _?): break
    case (.authority(let host), let range?):
      guard parser.equalsIgnoringCase(UnsafeBufferPointer(rebasing: input[range]), host) else {
        return false
      }
    case (.opaque, nil): break
    default: return false
    }
    guard pattern.path.count == segmentCount else { return false }
    for (index, component) in pattern.path.enumerated() {
      guard case .literal(let literal) = component else { continue }
      guard case .success(let text) = decode(segments[index]), equal(text, literal) else {
        return false
      }
    }
    for item in pattern.query {
      guard case .literal(let literal) = item.value else { continue }
      var found = false
      for position in 0..<itemCount where isNamed(items[position], item.name) {
        guard case .success(let text) = decode(items[position].value), equal(text, literal) else {
          return false
        }
        found = true
      }
      if !found { return false }
    }
    return true
  }

  private func values(for route: Route, pattern: CompiledPattern) -> Result<ValueSlots, LinkError> {
    var storage = ValueSlots(count: route.storage.parameters.count)
    for (index, component) in pattern.path.enumerated() {
      guard case .parameter(let parameterIndex) = component else { continue }
      switch value(at: segments[index], for: route, parameterIndex) {
      case .success(let value): storage[parameterIndex] = value
      case .failure(let error): return .failure(error)
      }
    }
    for item in pattern.query {
      guard case .parameter(let parameterIndex) = item.value else { continue }
      let parameter = route.storage.parameters[parameterIndex]
      var found: QueryItemRanges?
      for position in 0..<itemCount where isNamed(items[position], item.name) {
        if let first = found {
          return .failure(
            fail(
              .duplicateParameter,
              "the query item '\(item.nameText)' (parameter '\(parameter.name)' of route "
                + "'\(route.name)') appears more than once",
              first.name.lowerBound..<items[position].value.upperBound
            )
            .with(route: route.name, parameter: parameter.name)
          )
        }
        found = items[position]
      }
      guard let found else {
        if parameter.isOptional { continue }
        return .failure(
          fail(
            .missingParameter,
            "the link to route '\(route.name)' has no query item '\(item.nameText)' "
              + "(parameter '\(parameter.name)', \(parameter.type))",
            shape.query ?? shape.path.upperBound..<shape.path.upperBound
          )
          .with(route: route.name, parameter: parameter.name)
        )
      }
      switch value(at: found.value, for: route, parameterIndex) {
      case .success(let value): storage[parameterIndex] = value
      case .failure(let error): return .failure(error)
      }
    }
    return .success(storage)
  }

  private func value(at range: Range<Int>, for route: Route, _ index: Int) -> Result<
    LinkValue, LinkError
  > {
    let text: UnsafeBufferPointer<UInt8>
    switch decode(range) {
    case .success(let decoded): text = decoded
    case .failure(let error): return .failure(error)
    }
    if route.storage.isUUID[index], let uuid = UUIDText.parse(text) { return .success(.uuid(uuid)) }
    let parameter = route.storage.parameters[index]
    switch ValueRules.parse(text, for: parameter) {
    case .success(let value):
      if let error = route.storage.pathProblem(value, at: index) {
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

  private func isNamed(_ item: QueryItemRanges, _ name: [UInt8]) -> Bool {
    let raw = UnsafeBufferPointer(rebasing: input[item.name])
    if equal(raw, name) { return true }
    guard shape.hasEscapes, raw.contains(UInt8(ascii: "%")),
      case .success(let text) = decode(item.name)
    else {
      return false
    }
    return equal(text, name)
  }

  @inline(__always)
  private func equal(_ text: UnsafeBufferPointer<UInt8>, _ bytes: [UInt8]) -> Bool {
    guard text.count == bytes.count else { return false }
    return bytes.withUnsafeBufferPointer { expected in
      guard let a = text.baseAddress, let b = expected.baseAddress else { return true }
      return memcmp(a, b, text.count) == 0
    }
  }

  private func ignoredNames(_ pattern: CompiledPattern) -> [String] {
    var names: [String] = []
    for position in 0..<itemCount {
      let item = items[position]
      if pattern.query.contains(where: { isNamed(item, $0.name) }) { continue }
      guard case .success(let text) = decode(item.name) else { continue }
      names.append(String(decoding: text, as: UTF8.self))
    }
    return names
  }

  private func noRoute() -> LinkError {
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
