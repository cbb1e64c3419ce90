#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(ucrt)
  import ucrt
#endif

/// The first half of matching: the path split into segments and the query into items, each
/// checked on its own (escapes, UTF-8, forbidden characters, dot segments, encoded slashes), so
/// that these errors never depend on the routes.
extension RouteMatcher {
  mutating func split() -> LinkError? {
    switch pathSegments() {
    case .failure(let error): return error
    case .success(let path):
      if !path.isEmpty || shape.host == nil {
        if let error = splitPath(path) { return error }
      }
    }
    if let query = shape.query { return splitQuery(query) }
    return nil
  }

  /// The part of the path holding the segments: after the leading `/`, before a trailing one
  /// (accepted once: `https://host/a/` reads as `/a`).
  @inline(__always)
  private func pathSegments() -> Result<Range<Int>, LinkError> {
    var path = shape.path
    if shape.host == nil {
      guard !path.isEmpty else {
        return .failure(
          fail(.malformedURL, "the link has nothing after '\(parser.table.app.scheme):'", path)
        )
      }
    } else if !path.isEmpty {
      path = (path.lowerBound + 1)..<path.upperBound  // the leading "/"
    }
    if !path.isEmpty, input[path.upperBound - 1] == UInt8(ascii: "/") {
      path = path.lowerBound..<(path.upperBound - 1)
      if path.isEmpty && shape.host == nil {
        return .failure(fail(.malformedURL, "the link's path is empty", shape.path))
      }
    }
    return .success(path)
  }

  @inline(__always)
  private mutating func splitPath(_ path: Range<Int>) -> LinkError? {
    var start = path.lowerBound
    while true {
      let end = input.index(of: UInt8(ascii: "/"), in: start..<path.upperBound) ?? path.upperBound
      guard segmentCount < RouteTable.maximumPathSegments else {
        return fail(
          .tooManyParts,
          "the link has more than \(RouteTable.maximumPathSegments) path segments",
          start..<path.upperBound
        )
      }
      if let error = checkSegment(start..<end) { return error }
      segments[segmentCount] = start..<end
      segmentCount += 1
      if end == path.upperBound { return nil }
      start = end + 1
    }
  }

  @inline(__always)
  private mutating func splitQuery(_ query: Range<Int>) -> LinkError? {
    var start = query.lowerBound
    while start < query.upperBound {
      let end = input.index(of: UInt8(ascii: "&"), in: start..<query.upperBound) ?? query.upperBound
      if end > start {
        guard itemCount < RouteTable.maximumQueryItems else {
          return fail(
            .tooManyParts,
            "the link has more than \(RouteTable.maximumQueryItems) query items",
            start..<query.upperBound
          )
        }
        let equals = input.index(of: UInt8(ascii: "="), in: start..<end) ?? end
        let item = QueryItemRanges(
          name: start..<equals,
          value: (equals < end ? equals + 1 : end)..<end
        )
        if let error = checkQueryPart(item.name) ?? checkQueryPart(item.value) { return error }
        items[itemCount] = item
        itemCount += 1
      }
      start = end + 1
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

  private func checkQueryPart(_ range: Range<Int>) -> LinkError? {
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
}
