/// An AASA pattern compiled into a small automaton: `*` matches any run of characters
/// (including none and including `/`), `?` exactly one, `?*` one or more, and `$(name)` any
/// of the variable's values (which may themselves hold `?` and `*`). Matching simulates the
/// automaton on a set of states, so it takes time proportional to pattern × input, whatever
/// the pattern (no exponential backtracking on `*a*a*a*`).
///
/// Characters are Unicode scalars. With case folding, pattern and input are both lower-cased
/// (`String.lowercased()`, which does not depend on the locale) before comparison.
struct WildcardPattern: Sendable {
  enum Node: Sendable {
    case scalar(Unicode.Scalar, next: Int)
    case set(Set<Unicode.Scalar>, next: Int)
    case any(next: Int)
    case split(Int, Int)
    case fail
    case accept
  }

  /// One element of a pattern before compilation.
  enum Token: Sendable, Hashable {
    case literal(Unicode.Scalar)
    case one
    case many
    /// A substitution variable: one of the alternatives.
    case choice([[Token]])
    /// A predefined one-character class (`$(digit)`…).
    case set(Set<Unicode.Scalar>)
  }

  private(set) var nodes: [Node] = [.accept]
  private(set) var start = 0
  /// Whether the pattern is a lone `*` (matches everything); lets checks skip work.
  let matchesEverything: Bool

  /// Compiles tokens; `alternatives` are further token lists any of which may match instead
  /// (used for the "`/*` also matches the parent" rule).
  init(_ tokens: [Token], alternatives: [[Token]] = [], foldCase: Bool) {
    matchesEverything = tokens == [.many]
    let folded = foldCase ? Self.fold(tokens) : tokens
    var starts = [build(folded, next: 0)]
    for alternative in alternatives {
      starts.append(build(foldCase ? Self.fold(alternative) : alternative, next: 0))
    }
    start = starts[0]
    for other in starts.dropFirst() {
      start = add(.split(start, other))
    }
  }

  /// Whether the whole input matches.
  func matches(_ input: String, foldCase: Bool) -> Bool {
    if matchesEverything { return true }
    let text = foldCase ? input.lowercased() : input
    // marks[i] == step: state i is already in the set for this step.
    var marks = Array(repeating: -1, count: nodes.count)
    var step = 0
    var active: [Int] = []
    addState(start, step: step, marks: &marks, list: &active)
    for scalar in text.unicodeScalars {
      step += 1
      var following: [Int] = []
      for index in active {
        switch nodes[index] {
        case .scalar(let expected, let target) where expected == scalar:
          addState(target, step: step, marks: &marks, list: &following)
        case .set(let members, let target) where members.contains(scalar):
          addState(target, step: step, marks: &marks, list: &following)
        case .any(let target):
          addState(target, step: step, marks: &marks, list: &following)
        default: break
        }
      }
      if following.isEmpty { return false }
      active = following
    }
    return active.contains { if case .accept = nodes[$0] { true } else { false } }
  }

  private func addState(_ index: Int, step: Int, marks: inout [Int], list: inout [Int]) {
    guard marks[index] != step else { return }
    marks[index] = step
    if case .split(let first, let second) = nodes[index] {
      addState(first, step: step, marks: &marks, list: &list)
      addState(second, step: step, marks: &marks, list: &list)
    } else {
      list.append(index)
    }
  }

  private mutating func add(_ node: Node) -> Int {
    nodes.append(node)
    return nodes.count - 1
  }

  /// Builds the tokens backwards, each node pointing at the one after it.
  private mutating func build(_ tokens: [Token], next: Int) -> Int {
    var next = next
    for token in tokens.reversed() {
      switch token {
      case .literal(let scalar): next = add(.scalar(scalar, next: next))
      case .one: next = add(.any(next: next))
      case .set(let members): next = add(.set(members, next: next))
      case .many:
        let loop = add(.fail)
        let step = add(.any(next: loop))
        nodes[loop] = .split(step, next)
        next = loop
      case .choice(let alternatives):
        let starts = alternatives.map { build($0, next: next) }
        guard var choice = starts.first else {
          next = add(.fail)
          continue
        }
        for other in starts.dropFirst() { choice = add(.split(choice, other)) }
        next = choice
      }
    }
    return next
  }

  private static func fold(_ tokens: [Token]) -> [Token] {
    tokens.flatMap { token -> [Token] in
      switch token {
      case .literal(let scalar):
        return String(scalar).lowercased().unicodeScalars.map(Token.literal)
      case .set(let members):
        var folded = Set<Unicode.Scalar>()
        for member in members {
          let lower = String(member).lowercased().unicodeScalars
          if lower.count == 1, let first = lower.first { folded.insert(first) }
        }
        return [.set(folded)]
      case .choice(let alternatives):
        return [.choice(alternatives.map(fold))]
      case .one, .many:
        return [token]
      }
    }
  }
}
