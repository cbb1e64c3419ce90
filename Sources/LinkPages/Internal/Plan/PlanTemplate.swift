/// A page template parsed for ``PagePlan``: the subset of Mustache that a plan compiles
/// (docs/pages.md, "What a page template may use"), parsed with the same whitespace rules as
/// swift-mustache (standalone tags take their line with them), so that a plan prints the same
/// bytes the engine did. Anything outside the subset is an error naming the file and line.
///
/// The whitespace handling follows swift-mustache 2.1's parser (Apache 2.0, the Hummingbird
/// authors) line for line.
struct PlanTemplate: Sendable {
  indirect enum Node: Sendable {
    case text(String)
    case variable(String, escaped: Bool, line: Int)
    case section(String, inverted: Bool, body: [Node], line: Int)
    /// `{{>name}}`, or `{{<name}}…{{/name}}` with the blocks it overrides (and the file they
    /// are written in).
    case partial(String, overrides: [String: Override]?, line: Int)
    /// `{{$name}}default{{/name}}` where it is expanded.
    case block(String, body: [Node], line: Int)
    /// `{{$name}}…{{/name}}` inside `{{<parent}}`: an override.
    case definition(String, body: [Node])
  }

  /// A block's replacement, from the template that inherits the block's.
  struct Override: Sendable {
    let nodes: [Node]
    let origin: String
  }

  let nodes: [Node]
  let origin: String

  init(_ text: String, origin: String) throws(PageError) {
    self.origin = origin
    var parser = Parser(text: Array(text), origin: origin)
    nodes = try parser.parse(State())
  }

  struct State {
    var sectionName: String?
    var newLine = true
    var isPartialDefinition = false
    var isPartialDefinitionTopLevel = false
    var partialDefinitionIndent: Int?
  }

  struct Parser {
    let text: [Character]
    let origin: String
    /// The line of each character, from 1.
    let lines: [Int]
    var position = 0

    init(text: [Character], origin: String) {
      self.text = text
      self.origin = origin
      var line = 1
      var lines: [Int] = []
      lines.reserveCapacity(text.count + 1)
      for character in text {
        lines.append(line)
        if character == "\n" { line += 1 }
      }
      lines.append(line)
      self.lines = lines
    }

    var atEnd: Bool { position >= text.count }
    var current: Character { text[position] }
    var line: Int { lines[min(position, text.count)] }

    func error(_ why: String, line: Int? = nil) -> PageError {
      PageError(
        .templateSyntax,
        "\(origin):\(line ?? self.line): \(why) (docs/pages.md lists what page templates may use)"
      )
    }

    mutating func read(while set: (Character) -> Bool) -> String {
      var result = ""
      while !atEnd, set(current) {
        result.append(current)
        position += 1
      }
      return result
    }

    mutating func read(_ string: String) -> Bool {
      let characters = Array(string)
      guard position + characters.count <= text.count,
        Array(text[position..<position + characters.count]) == characters
      else { return false }
      position += characters.count
      return true
    }

    /// Text up to a tag's `{{` (consumed) or a line feed (not consumed).
    mutating func readText() -> String {
      var result = ""
      while !atEnd {
        if current == "\n" { break }
        if current == "{", read("{{") { break }
        result.append(current)
        position += 1
      }
      return result
    }

    static let nameCharacters = Set(
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?()*"
    )
    static let partialCharacters = nameCharacters.union(["/"])

    mutating func name(partial: Bool = false) throws(PageError) -> String {
      let start = line
      _ = read(while: \.isWhitespace)
      let allowed = partial ? Self.partialCharacters : Self.nameCharacters
      let name = read(while: { allowed.contains($0) })
      _ = read(while: \.isWhitespace)
      guard read("}}") else { throw error("a tag is not closed with }}", line: start) }
      if name.contains("(") || name.contains(")") {
        throw error("'\(name)' applies a function; page templates print values as they are")
      }
      if name.hasPrefix("*") {
        throw error("'\(name)' is a dynamic partial; name the partial itself")
      }
      return name
    }

    mutating func isStandalone(_ state: State) -> Bool {
      guard state.newLine else { return false }
      if atEnd { return true }
      var probe = self
      _ = probe.read(while: { $0 == " " || $0 == "\t" })
      guard !probe.atEnd else { return false }
      guard probe.current.isNewline else { return false }
      position = probe.position + 1
      return true
    }
  }
}

extension PlanTemplate.Parser {
  typealias Node = PlanTemplate.Node

  mutating func parse(_ initial: PlanTemplate.State) throws(PageError) -> [Node] {
    var nodes: [Node] = []
    var state = initial
    var before = ""
    while !atEnd {
      if state.newLine {
        let blank = read(while: { $0 == " " || $0 == "\t" })
        if state.isPartialDefinition, !state.isPartialDefinitionTopLevel {
          if let indent = state.partialDefinitionIndent {
            before = String(blank.dropFirst(indent))
          } else {
            state.partialDefinitionIndent = blank.count
          }
        } else {
          before = blank
        }
      }
      let text = readText()
      if !atEnd, current == "\n" {
        nodes.append(.text(before + text + "\n"))
        state.newLine = true
        position += 1
        continue
      }
      if !text.isEmpty {
        nodes.append(.text(before + text))
        before = ""
        state.newLine = false
      }
      if atEnd { break }
      if let end = try tag(&nodes, &state, &before) { return end }
    }
    guard state.sectionName == nil else {
      throw error("the section '\(state.sectionName ?? "")' is never closed")
    }
    return nodes
  }

  /// One tag, after its `{{`; the section's nodes when it closes the section being read.
  private mutating func tag(
    _ nodes: inout [Node],
    _ state: inout PlanTemplate.State,
    _ before: inout String
  )
    throws(PageError) -> [Node]?
  {
    let tagLine = line
    var standalone = false
    func flushBefore() {
      if !before.isEmpty { nodes.append(.text(before)) }
      before = ""
    }
    let kind = current
    switch kind {
    case "#", "^":
      position += 1
      let name = try name()
      standalone = isStandalone(state)
      if !standalone { flushBefore() }
      let body = try parse(Self.inner(state, name, standalone: standalone))
      nodes.append(.section(name, inverted: kind == "^", body: body, line: tagLine))
    case "/":
      try close(state, line: tagLine)
      if !isStandalone(state) { flushBefore() }
      return nodes
    case "!":
      try skipComment(line: tagLine)
      standalone = isStandalone(state)
    case "{", "&":
      flushBefore()
      nodes.append(try unescaped(kind, line: tagLine))
    case ">", "<":
      position += 1
      _ = read(while: \.isWhitespace)
      let name = try name(partial: true)
      guard before.isEmpty else { throw indented(name, tagLine) }
      standalone = isStandalone(state)
      nodes.append(
        kind == ">"
          ? .partial(name, overrides: nil, line: tagLine) : try parent(name, state, line: tagLine)
      )
    case "$":
      let (node, alone) = try block(state, indented: !before.isEmpty, line: tagLine)
      nodes.append(node)
      standalone = alone
    case "=", "%":
      throw error(
        "'{{\(kind)' (delimiters or a pragma) is not used in page templates",
        line: tagLine
      )
    default:
      flushBefore()
      nodes.append(.variable(try name(), escaped: true, line: tagLine))
    }
    state.newLine = standalone
    return nil
  }

  /// `{{/name}}`, after its `{{`: it must close the open section.
  private mutating func close(_ state: PlanTemplate.State, line: Int) throws(PageError) {
    position += 1
    let name = try name()
    guard name == state.sectionName else {
      throw error("'{{/\(name)}}' closes no open section", line: line)
    }
  }

  /// `{{$name}}…{{/name}}`, after its `{{`: an override inside `{{<parent}}`, else a block
  /// with its default; and whether the tag stood alone on its line.
  private mutating func block(_ state: PlanTemplate.State, indented isIndented: Bool, line: Int)
    throws(PageError) -> (Node, Bool)
  {
    position += 1
    let name = try name()
    if !state.isPartialDefinitionTopLevel, isIndented { throw indented(name, line) }
    let standalone = isStandalone(state)
    let body = try parse(Self.inner(state, name, standalone: standalone))
    return (
      state.isPartialDefinitionTopLevel
        ? .definition(name, body: body) : .block(name, body: body, line: line),
      standalone
    )
  }

  /// A comment, after its `{{`.
  private mutating func skipComment(line: Int) throws(PageError) {
    position += 1
    while !read("}}") {
      guard !atEnd else { throw error("a comment is not closed with }}", line: line) }
      position += 1
    }
  }

  /// `{{{name}}}` or `{{&name}}`, after the first `{{`.
  private mutating func unescaped(_ kind: Character, line: Int) throws(PageError) -> Node {
    position += 1
    let name = try name()
    if kind == "{" {
      guard !atEnd, current == "}" else { throw error("'{{{' is not closed with '}}}'") }
      position += 1
    }
    return .variable(name, escaped: false, line: line)
  }

  /// The state inside a section or block named `name`.
  private static func inner(_ state: PlanTemplate.State, _ name: String, standalone: Bool)
    -> PlanTemplate.State
  {
    var inner = state
    inner.sectionName = name
    inner.isPartialDefinitionTopLevel = false
    if !standalone { inner.newLine = false }
    return inner
  }

  /// `{{<name}}…{{/name}}`: the parent and the blocks it overrides.
  private mutating func parent(_ name: String, _ state: PlanTemplate.State, line: Int)
    throws(PageError) -> Node
  {
    var inner = state
    inner.sectionName = name
    inner.newLine = true
    inner.isPartialDefinition = true
    inner.isPartialDefinitionTopLevel = true
    var overrides: [String: PlanTemplate.Override] = [:]
    for node in try parse(inner) {
      switch node {
      case .definition(let block, let body):
        overrides[block] = PlanTemplate.Override(nodes: body, origin: origin)
      case .text: break
      default: throw error("only {{$block}} overrides may sit inside {{<\(name)}}", line: line)
      }
    }
    return .partial(name, overrides: overrides, line: line)
  }

  private func indented(_ name: String, _ line: Int) -> PageError {
    error("'\(name)' is indented; put a partial or block tag at the start of its line", line: line)
  }
}
