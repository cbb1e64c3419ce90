/// Renders links for one route and validated values, straight into the bytes of each
/// `String` (one allocation per link, no intermediate buffers or `URLComponents`).
///
/// Every value is written in its canonical text and percent-encoded with
/// ``PercentEncoding``; a query item whose parameter is absent, or equal to its default, is
/// left out so that each value set has exactly one link.
struct LinkWriter {
  let values: UnsafeBufferPointer<LinkValue?>
  /// The encoded length of each parameter's value, or -1 when it is left out.
  let lengths: UnsafeBufferPointer<Int>

  /// Resolves the values (defaults, omissions), checks the required ones are there and that
  /// path values can sit in a path, then calls `body` with a writer.
  static func with<R>(
    route: RouteStorage,
    storage: ValueSlots,
    _ body: (LinkWriter) throws(LinkError) -> R
  ) throws(LinkError) -> R {
    try storage.withUnsafeBufferPointer { values throws(LinkError) -> R in
      try with(route: route, values: values, body)
    }
  }

  /// As ``with(route:storage:_:)``, for values in a buffer of the route's parameter count.
  static func with<R>(
    route: RouteStorage,
    values storage: UnsafeBufferPointer<LinkValue?>,
    _ body: (LinkWriter) throws(LinkError) -> R
  ) throws(LinkError) -> R {
    try withUnsafeTemporaryAllocation(of: Int.self, capacity: Swift.max(route.parameterCount, 1)) {
      lengths throws(LinkError) -> R in
      if let error = measure(route, storage, lengths) { throw error }
      return try body(LinkWriter(values: storage, lengths: UnsafeBufferPointer(lengths)))
    }
  }

  /// Sets each value's encoded length (-1 for a value left out); returns the first problem.
  static func measure(
    _ route: RouteStorage,
    _ values: UnsafeBufferPointer<LinkValue?>,
    _ lengths: UnsafeMutableBufferPointer<Int>
  ) -> LinkError? {
    for index in 0..<route.parameterCount {
      guard let value = values[index] else {
        if !route.isOptional(index) { return missing(route, index) }
        lengths[index] = -1
        continue
      }
      if let defaultValue = route.defaults[index], value == defaultValue {
        lengths[index] = -1
        continue
      }
      if let error = route.pathProblem(value, at: index) { return error }
      lengths[index] = encodedLength(value)
    }
    return nil
  }

  private static func missing(_ route: RouteStorage, _ index: Int) -> LinkError {
    let parameter = route.parameters[index]
    return LinkError(
      .missingParameter,
      "route '\(route.name)' needs a value for parameter '\(parameter.name)' (\(parameter.type))",
      route: route.name,
      parameter: parameter.name
    )
  }

  static func encodedLength(_ value: LinkValue) -> Int {
    switch value {
    case .uuid: 36
    case .bool(let bool): bool ? 4 : 5
    case .int(let int): decimalLength(int)
    case .string(let string): PercentEncoding.encodedCount(string)
    }
  }

  private static func decimalLength(_ int: Int) -> Int {
    var length = int < 0 ? 2 : 1
    var rest = int.magnitude / 10
    while rest > 0 {
      length += 1
      rest /= 10
    }
    return length
  }

  // MARK: Patterns

  /// The length of a pattern's path and query (everything after the head).
  func length(of pattern: CompiledPattern) -> Int {
    pattern.withBuffers { _, path, query in
      var total = 0
      for piece in path { total += 1 + length(of: piece) }
      if pattern.form == .opaque { total -= 1 }
      if pattern.form == .universal, path.isEmpty { total = 1 }
      for item in query where item.value.isLiteral || lengths[Int(item.value.parameter)] >= 0 {
        total += 2 + Int(item.name.count) + length(of: item.value)
      }
      return total
    }
  }

  @inline(__always)
  private func length(of piece: CompiledPattern.Piece) -> Int {
    piece.isLiteral ? Int(piece.count) : lengths[Int(piece.parameter)]
  }

  /// Writes a pattern's path and query; returns the bytes written.
  func write(_ pattern: CompiledPattern, into output: UnsafeMutablePointer<UInt8>) -> Int {
    pattern.withBuffers { text, path, query in
      var offset = 0
      var first = pattern.form == .opaque
      for piece in path {
        if !first {
          output[offset] = UInt8(ascii: "/")
          offset += 1
        }
        first = false
        offset += write(piece, text, into: output + offset)
      }
      if pattern.form == .universal, path.isEmpty {
        output[offset] = UInt8(ascii: "/")
        offset += 1
      }
      var separator = UInt8(ascii: "?")
      for item in query where item.value.isLiteral || lengths[Int(item.value.parameter)] >= 0 {
        output[offset] = separator
        separator = UInt8(ascii: "&")
        offset += 1
        offset += write(item.name, text, into: output + offset)
        output[offset] = UInt8(ascii: "=")
        offset += 1
        offset += write(item.value, text, into: output + offset)
      }
      return offset
    }
  }

  @inline(__always)
  private func write(
    _ piece: CompiledPattern.Piece,
    _ text: UnsafeBufferPointer<UInt8>,
    into output: UnsafeMutablePointer<UInt8>
  ) -> Int {
    if piece.isLiteral {
      return copy(UnsafeBufferPointer(rebasing: text[piece.range]), into: output)
    }
    guard let value = values[Int(piece.parameter)] else { return 0 }
    return Self.write(value, into: output)
  }

  static func write(_ value: LinkValue, into output: UnsafeMutablePointer<UInt8>) -> Int {
    switch value {
    case .uuid(let uuid):
      UUIDText.write(uuid, into: output)
      return 36
    case .bool(let bool): return copy(bool ? "true" : "false", into: output)
    case .int(let int):
      let length = decimalLength(int)
      var rest = int.magnitude
      var position = length
      repeat {
        position -= 1
        output[position] = UInt8(ascii: "0") &+ UInt8(rest % 10)
        rest /= 10
      } while rest > 0
      if int < 0 { output[0] = UInt8(ascii: "-") }
      return length
    case .string(let string):
      var string = string
      return string.withUTF8 { PercentEncoding.encode($0, into: output) }
    }
  }
}

/// Copies bytes; returns the count.
@inline(__always)
func copy(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
  guard let base = bytes.baseAddress else { return 0 }
  output.update(from: base, count: bytes.count)
  return bytes.count
}

/// Copies bytes; returns the count.
@inline(__always)
func copy(_ bytes: [UInt8], into output: UnsafeMutablePointer<UInt8>) -> Int {
  bytes.withUnsafeBufferPointer { buffer in
    guard let base = buffer.baseAddress else { return 0 }
    output.update(from: base, count: buffer.count)
    return buffer.count
  }
}

/// Copies a string's UTF-8 bytes; returns the count.
@inline(__always)
func copy(_ text: String, into output: UnsafeMutablePointer<UInt8>) -> Int {
  var text = text
  return text.withUTF8 { bytes in
    guard let base = bytes.baseAddress else { return 0 }
    output.update(from: base, count: bytes.count)
    return bytes.count
  }
}

/// Makes a string of at most `capacity` UTF-8 bytes written by `body` (which returns the
/// count it wrote).
@inline(__always)
func makeString(capacity: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) -> String {
  String(unsafeUninitializedCapacity: capacity) { buffer in
    guard let base = buffer.baseAddress else { return 0 }
    return body(base)
  }
}
