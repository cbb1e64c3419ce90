/// A route's data behind one reference, so that routes, parsed links and values copy cheaply,
/// with its templates compiled for the builder and the parser.
final class RouteStorage: Sendable {
  let name: String
  let summary: String?
  let parameters: [Parameter]
  let schemePattern: LinkPattern
  let universalPattern: LinkPattern
  let scheme: CompiledPattern
  let universal: CompiledPattern
  /// Whether each parameter is a UUID, for the parser's fast path.
  let isUUID: [Bool]
  /// Whether each parameter fills a path segment in either template; its values then cannot
  /// contain `/` or be `.` or `..`, whichever kind of link they come from.
  let inPath: [Bool]

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
    self.isUUID = parameters.map { $0.type == .uuid }
    var inPath = Array(repeating: false, count: parameters.count)
    for case .parameter(let index) in schemePattern.path + universalPattern.path {
      inPath[index] = true
    }
    self.inPath = inPath
  }

  /// The error for a value that cannot sit in a path segment, or `nil` when it can.
  func pathProblem(_ value: LinkValue, at index: Int) -> LinkError? {
    guard inPath[index], case .string(let text) = value,
      text.utf8.contains(UInt8(ascii: "/")) || text == "." || text == ".."
    else { return nil }
    let parameter = parameters[index].name
    return LinkError(
      .invalidValue,
      "parameter '\(parameter)' of route '\(name)' sits in a path segment, so it cannot "
        + "contain '/' or be '.' or '..', got \"\(ValueProblem.sanitized(text))\"",
      route: name,
      parameter: parameter
    )
  }

  func compiled(_ kind: LinkKind) -> CompiledPattern {
    kind == .scheme ? scheme : universal
  }
}

/// A ``LinkPattern`` with its text as bytes, ready to compare against input and to copy
/// into output.
final class CompiledPattern: Sendable {
  enum Form: Equatable {
    case authority(host: [UInt8])
    case opaque
    case universal
  }

  enum Component {
    case literal([UInt8])
    case parameter(Int)
  }

  struct QueryItem {
    let name: [UInt8]
    let nameText: String
    let value: Component
  }

  let form: Form
  let path: [Component]
  let query: [QueryItem]
  /// What a custom-scheme link starts with: `openlist://host` or `openlist:`; empty for
  /// universal patterns, whose head is the domain.
  let head: [UInt8]

  init(_ pattern: LinkPattern, appScheme: String) {
    func compile(_ component: LinkPattern.Component) -> Component {
      switch component {
      case .literal(let text): .literal(Array(text.utf8))
      case .parameter(let index): .parameter(index)
      }
    }
    switch pattern.form {
    case .authority(let host):
      form = .authority(host: Array(host.utf8))
      head = Array((appScheme + "://" + host).utf8)
    case .opaque:
      form = .opaque
      head = Array((appScheme + ":").utf8)
    case .universal:
      form = .universal
      head = []
    }
    path = pattern.path.map(compile)
    query = pattern.query.map {
      QueryItem(name: Array($0.name.utf8), nameText: $0.name, value: compile($0.value))
    }
  }
}
