/// A value of ``PlanCompiler``'s context: known when the plan is compiled (the same for every
/// link of a variant), or a hole filled per link.
indirect enum PlanValue {
  case string(String)
  case flag(Bool)
  case object([String: PlanValue])
  case hole(PlanHole)
  /// `fields`: every name below it is a hole (display fields are per call).
  case fields

  func child(_ name: String) -> PlanValue? {
    switch self {
    case .object(let members): members[name]
    case .fields: .hole(.field(name))
    default: nil
    }
  }
}

/// A per-link value of a page, in the context it is printed in.
enum PlanHole: Hashable, Sendable {
  case link(PlanLink)
  case param(Int)
  case field(String)
  case title, description
  case ogTitle, ogDescription, ogImage, ogImageAlt
  case smartBanner
  /// `json.data`, printed raw: already escaped for a `<script>` element.
  case json
  /// `qr.svg`, printed raw: checked or drawn by linkgen.
  case qr
  case inAppCopyLink, inAppEscape
  case deferredCopyLink, appStorePing, playStorePing

  /// Whether `{{{…}}}` may print it: only values escaped for their element already.
  var isRaw: Bool { self == .json || self == .qr }
}

/// The links a page template can print.
enum PlanLink: Int, CaseIterable, Sendable {
  case universal, scheme, web, appStore, playStore, androidIntent, androidStoreIntent, open, store

  var name: String {
    switch self {
    case .universal: "universal"
    case .scheme: "scheme"
    case .web: "web"
    case .appStore: "appStore"
    case .playStore: "playStore"
    case .androidIntent: "androidIntent"
    case .androidStoreIntent: "androidStoreIntent"
    case .open: "open"
    case .store: "store"
    }
  }
}

/// One step of a plan.
enum PlanOp: Sendable {
  /// Static bytes: `range` of the plan's bytes. `trimsBefore`: the text starts a line end, so
  /// the blanks the output ends with are removed first (what tidying did after rendering).
  case bytes(Range<Int>, trimsBefore: Bool)
  case hole(PlanHole, escaped: Bool)
  /// The next `length` ops print only when the hole has a value (`inverted`: when it has none).
  case section(PlanHole, inverted: Bool, length: Int)
}

/// Compiles templates against a context whose per-link values are holes: sections and values
/// known at compile time are resolved then (partial evaluation), the rest become ``PlanOp``s.
struct PlanCompiler {
  let entries: [String: TemplateSet.Entry]
  let cache: PlanCache
  var ops: [PlanOp] = []
  var bytes: [UInt8] = []
  /// Partials being expanded, for the cycle check.
  private var expanding: [String] = []

  init(entries: [String: TemplateSet.Entry], cache: PlanCache) {
    self.entries = entries
    self.cache = cache
  }

  /// The named template, parsed for plans (once per file).
  private func template(_ name: String) throws(PageError) -> PlanTemplate? {
    guard let entry = entries[name] else { return nil }
    return try cache.template(entry)
  }

  struct Scope {
    var stack: [PlanValue]
    var escapes: Bool
    var overrides: [String: PlanTemplate.Override]
    var origin: String
  }

  mutating func compile(_ name: String, context: PlanValue, escapes: Bool) throws(PageError) {
    guard let template = try template(name) else {
      throw PageError(
        .missingTemplate,
        "there is no template '\(name)' (looked for \(name).mustache in the user's folder and "
          + "the built-in Templates/)"
      )
    }
    expanding = [name]
    let scope = Scope(stack: [context], escapes: escapes, overrides: [:], origin: template.origin)
    try emit(template.nodes, scope)
  }

  private mutating func emit(_ nodes: [PlanTemplate.Node], _ scope: Scope) throws(PageError) {
    for node in nodes {
      switch node {
      case .text(let text): bytes.append(contentsOf: text.utf8)
      case .variable(let name, let escaped, let line):
        try variable(name, escaped: escaped, line: line, scope)
      case .section(let name, let inverted, let body, let line):
        try section(name, inverted: inverted, body: body, line: line, scope)
      case .partial(let name, let overrides, let line):
        try partial(name, overrides: overrides, line: line, scope)
      case .block(let name, let body, _):
        if let override = scope.overrides[name] {
          var inner = scope
          inner.origin = override.origin
          try emit(override.nodes, inner)
        } else {
          try emit(body, scope)
        }
      case .definition: break
      }
    }
  }

  private func lookup(_ name: String, _ stack: [PlanValue]) -> PlanValue? {
    if name == "." { return stack.last }
    let parts = name.split(separator: ".").map(String.init)
    guard let first = parts.first else { return nil }
    let path = name.hasPrefix(".") ? parts : Array(parts.dropFirst())
    let start: PlanValue?
    if name.hasPrefix(".") {
      start = stack.last
    } else {
      start = stack.reversed().lazy.compactMap { $0.child(first) }.first
    }
    return path.reduce(start) { value, part in value?.child(part) }
  }

  private mutating func variable(_ name: String, escaped: Bool, line: Int, _ scope: Scope)
    throws(PageError)
  {
    switch lookup(name, scope.stack) {
    case .none: break
    case .string(let text):
      bytes.append(contentsOf: (escaped && scope.escapes ? HTML.escape(text) : text).utf8)
    case .flag(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
    case .object, .fields:
      throw PageError(
        .templateSyntax,
        "\(scope.origin):\(line): '{{\(name)}}' names a group of values, not one value"
      )
    case .hole(let hole):
      let escape = escaped && scope.escapes
      if !escape, scope.escapes, !hole.isRaw {
        throw PageError(
          .templateSyntax,
          "\(scope.origin):\(line): '{{{\(name)}}}' would print a per-link value unescaped; "
            + "write {{\(name)}} (only json.data and qr.svg are printed with {{{…}}})"
        )
      }
      flush()
      ops.append(.hole(hole, escaped: escape))
    }
  }

  private mutating func section(
    _ name: String,
    inverted: Bool,
    body: [PlanTemplate.Node],
    line: Int,
    _ scope: Scope
  ) throws(PageError) {
    let value = lookup(name, scope.stack)
    var inner = scope
    switch value {
    case .hole(let hole):
      flush()
      let start = ops.count
      ops.append(.section(hole, inverted: inverted, length: 0))
      if !inverted { inner.stack.append(.hole(hole)) }
      try emit(body, inner)
      flush()
      ops[start] = .section(hole, inverted: inverted, length: ops.count - start - 1)
      return
    case .none, .flag(false):
      if inverted { try emit(body, scope) }
    case .flag(true):
      if !inverted { try emit(body, scope) }
    case .string, .object, .fields:
      if !inverted {
        inner.stack.append(value ?? .flag(true))
        try emit(body, inner)
      }
    }
  }

  private mutating func partial(
    _ name: String,
    overrides: [String: PlanTemplate.Override]?,
    line: Int,
    _ scope: Scope
  ) throws(PageError) {
    guard let template = try template(name) else {
      throw PageError(
        .missingTemplate,
        "\(scope.origin):\(line): there is no template '\(name)' for this partial"
      )
    }
    if expanding.contains(name) {
      let cycle = (expanding.drop { $0 != name } + [name]).joined(separator: " → ")
      throw PageError(
        .templateSyntax,
        "\(template.origin): the partials include each other (\(cycle))"
      )
    }
    // A partial prints HTML whatever includes it; the outermost override of a block wins
    // (swift-mustache merges keeping the first).
    let inner = Scope(
      stack: scope.stack,
      escapes: true,
      overrides: scope.overrides.merging(overrides ?? [:]) { outer, _ in outer },
      origin: template.origin
    )
    expanding.append(name)
    try emit(template.nodes, inner)
    expanding.removeLast()
  }

  /// Ends the static bytes so far as an op.
  mutating func flush() {
    if pendingStart < bytes.count {
      ops.append(.bytes(pendingStart..<bytes.count, trimsBefore: false))
    }
    pendingStart = bytes.count
  }

  private var pendingStart = 0
}
