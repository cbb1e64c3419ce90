/// A route's data behind one reference, so that routes, parsed links and values copy cheaply,
/// with its templates compiled for the builder and the parser.
///
/// What the hot paths read about each parameter sits in buffers the route owns and never
/// writes after `init` (hence `@unchecked Sendable`), so reading it costs no reference
/// counting.
final class RouteStorage: @unchecked Sendable {
  let name: String
  let summary: String?
  let parameters: [Parameter]
  let schemePattern: LinkPattern
  let universalPattern: LinkPattern
  let scheme: CompiledPattern
  let universal: CompiledPattern
  /// The number of parameters.
  let parameterCount: Int
  /// Per parameter, ``Flag`` bits.
  private let flags: UnsafeBufferPointer<UInt8>
  /// Per parameter, its default value.
  let defaults: UnsafeBufferPointer<LinkValue?>

  private enum Flag {
    static let uuid: UInt8 = 1
    static let inPath: UInt8 = 2
    static let optional: UInt8 = 4
    static let allowsNilUUID: UInt8 = 8
  }

  init(
    name: String,
    summary: String?,
    parameters: [Parameter],
    schemePattern: LinkPattern,
    universalPattern: LinkPattern,
    appScheme: String
  ) {
    self.name = name
    self.summary = summary
    self.parameters = parameters
    self.schemePattern = schemePattern
    self.universalPattern = universalPattern
    self.scheme = CompiledPattern(schemePattern, appScheme: appScheme)
    self.universal = CompiledPattern(universalPattern, appScheme: appScheme)
    parameterCount = parameters.count
    var flags = parameters.map { parameter -> UInt8 in
      (parameter.type == .uuid ? Flag.uuid : 0) | (parameter.isOptional ? Flag.optional : 0)
        | (parameter.allowsNilUUID ? Flag.allowsNilUUID : 0)
    }
    for case .parameter(let index) in schemePattern.path + universalPattern.path {
      flags[index] |= Flag.inPath
    }
    self.flags = CompiledPattern.owned(flags)
    defaults = CompiledPattern.owned(parameters.map(\.defaultValue))
  }

  deinit {
    flags.deallocate()
    UnsafeMutableBufferPointer(mutating: defaults).deinitialize().deallocate()
  }

  /// Whether the parameter is a UUID, for the parser's fast path.
  @inline(__always)
  func isUUID(_ index: Int) -> Bool { flags[index] & Flag.uuid != 0 }

  /// Whether the parameter accepts the nil UUID (see ``Parameter/allowsNilUUID``).
  @inline(__always)
  func allowsNilUUID(_ index: Int) -> Bool { flags[index] & Flag.allowsNilUUID != 0 }

  /// Whether the parameter fills a path segment in either template; its values then cannot
  /// contain `/` or be `.` or `..`, whichever kind of link they come from.
  @inline(__always)
  func isInPath(_ index: Int) -> Bool { flags[index] & Flag.inPath != 0 }

  /// Whether a link may leave the parameter out.
  @inline(__always)
  func isOptional(_ index: Int) -> Bool { flags[index] & Flag.optional != 0 }

  /// The error for a value that cannot sit in a path segment, or `nil` when it can.
  @inline(__always)
  func pathProblem(_ value: LinkValue, at index: Int) -> LinkError? {
    guard isInPath(index), case .string(let text) = value else { return nil }
    return pathProblem(text, at: index)
  }

  private func pathProblem(_ text: String, at index: Int) -> LinkError? {
    guard text.utf8.contains(UInt8(ascii: "/")) || text == "." || text == ".." else { return nil }
    let parameter = parameters[index].name
    return LinkError(
      .invalidValue,
      "parameter '\(parameter)' of route '\(name)' sits in a path segment, so it cannot "
        + "contain '/' or be '.' or '..', got \"\(ValueProblem.sanitized(text))\"",
      route: name,
      parameter: parameter
    )
  }
}

/// A ``LinkPattern`` flattened for the builder and the parser: all fixed text in one byte
/// array, and path segments and query items as plain values pointing into it, so the hot paths
/// read them without reference counting.
final class CompiledPattern: @unchecked Sendable {
  enum Form: UInt8 {
    case universal
    case authority
    case opaque
  }

  /// A path segment, query name or query value: parameter `parameter`, or (when it is -1)
  /// the fixed text `text[start..<start + count]`.
  struct Piece {
    let parameter: Int32
    let start: Int32
    let count: Int32

    var isLiteral: Bool { parameter < 0 }
    var range: Range<Int> { Int(start)..<Int(start + count) }
  }

  struct QueryPiece {
    let name: Piece
    let value: Piece
  }

  let form: Form
  /// The fixed host of the authority form.
  let host: Piece
  /// Every fixed text of the pattern, one after another. The three buffers are allocated
  /// once, owned by the pattern and never written after `init` (hence `@unchecked Sendable`);
  /// reading them costs no reference counting.
  let text: UnsafeBufferPointer<UInt8>
  let path: UnsafeBufferPointer<Piece>
  let query: UnsafeBufferPointer<QueryPiece>
  /// The query items' names, for error messages.
  let queryNames: [String]
  /// What a custom-scheme link starts with: `openlist://host` or `openlist:`; empty for
  /// universal patterns, whose head is the domain.
  let head: UnsafeBufferPointer<UInt8>

  init(_ pattern: LinkPattern, appScheme: String) {
    var text: [UInt8] = []
    func literal(_ string: String) -> Piece {
      let start = Int32(text.count)
      text += string.utf8
      return Piece(parameter: -1, start: start, count: Int32(string.utf8.count))
    }
    func piece(_ component: LinkPattern.Component) -> Piece {
      switch component {
      case .literal(let string): literal(string)
      case .parameter(let index): Piece(parameter: Int32(index), start: 0, count: 0)
      }
    }
    switch pattern.form {
    case .authority(let host):
      form = .authority
      self.host = literal(host)
      head = Self.owned(Array((appScheme + "://" + host).utf8))
    case .opaque:
      form = .opaque
      host = Piece(parameter: -1, start: 0, count: 0)
      head = Self.owned(Array((appScheme + ":").utf8))
    case .universal:
      form = .universal
      host = Piece(parameter: -1, start: 0, count: 0)
      head = Self.owned([])
    }
    let path = pattern.path.map(piece)
    let query = pattern.query.map { QueryPiece(name: literal($0.name), value: piece($0.value)) }
    queryNames = pattern.query.map(\.name)
    self.text = Self.owned(text)
    self.path = Self.owned(path)
    self.query = Self.owned(query)
  }

  deinit {
    text.deallocate()
    path.deallocate()
    query.deallocate()
    head.deallocate()
  }

  /// Calls `body` with the pattern's buffers.
  @inline(__always)
  func withBuffers<R>(
    _ body: (
      _ text: UnsafeBufferPointer<UInt8>, _ path: UnsafeBufferPointer<Piece>,
      _ query: UnsafeBufferPointer<QueryPiece>
    ) -> R
  ) -> R {
    body(text, path, query)
  }

  /// A buffer of its own holding the elements (at least one slot, so it is never empty-based).
  static func owned<T>(_ elements: [T]) -> UnsafeBufferPointer<T> {
    let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: Swift.max(elements.count, 1))
    _ = buffer.initialize(from: elements)
    return UnsafeBufferPointer(start: buffer.baseAddress, count: elements.count)
  }
}
