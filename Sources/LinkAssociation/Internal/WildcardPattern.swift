/// An AASA pattern, compiled: `*` matches any run of characters (including none and
/// including `/`), `?` exactly one, `?*` one or more, and `$(name)` any of the variable's
/// values (which may themselves hold `?` and `*`).
///
/// A pattern whose every element has one width but `*` (no variable with values of several
/// lengths) is matched greedily, remembering only the last `*`: time proportional to the input
/// for ordinary patterns (`*a*a*a*` included), and at worst to input × input. Other patterns
/// become a small automaton simulated on a set of states: time proportional to states × input
/// (no exponential backtracking). ``cost(_:)`` counts the states, for the file's budget.
///
/// Characters are Unicode scalars. With case folding, pattern and input are both folded with
/// ``CaseFolding`` before comparison.
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

  /// The token lists (the pattern and its alternatives) of a pattern without choices, matched
  /// greedily; `nil` for an automaton.
  private(set) var plain: [[Token]]?
  private(set) var nodes: [Node] = [.accept]
  private(set) var start = 0
  /// Whether the pattern is a lone `*` (matches everything); lets checks skip work.
  let matchesEverything: Bool

  /// Compiles tokens; `alternatives` are further token lists any of which may match instead
  /// (used for the "`/*` also matches the parent" rule).
  init(_ tokens: [Token], alternatives: [[Token]] = [], foldCase: Bool) {
    let lists = ([tokens] + alternatives).map { list in
      let merged = Self.merged(list)
      return foldCase ? Self.fold(merged) : merged
    }
    matchesEverything = lists[0] == [.many]
    guard lists.contains(where: { $0.contains(where: Self.isChoice) }) else {
      plain = lists
      return
    }
    let starts = lists.map { build($0, next: 0) }
    start = starts[0]
    for other in starts.dropFirst() {
      start = add(.split(start, other))
    }
  }

  /// The automaton states a token list needs when it has a choice, else 0: what the file's
  /// budget counts. Counting stops once it passes `limit`.
  static func cost(_ tokens: [Token], limit: Int) -> Int {
    guard tokens.contains(where: isChoice) else { return 0 }
    return states(tokens, limit: limit)
  }

  private static func states(_ tokens: [Token], limit: Int) -> Int {
    var total = 0
    for token in tokens {
      switch token {
      case .literal, .one, .set: total += 1
      case .many: total += 2
      case .choice(let alternatives):
        total += alternatives.count
        for alternative in alternatives { total += states(alternative, limit: limit - total) }
      }
      if total > limit { return total }
    }
    return total
  }

  private static func isChoice(_ token: Token) -> Bool {
    if case .choice = token { true } else { false }
  }

  /// Whether the whole input matches.
  func matches(_ input: String, foldCase: Bool) -> Bool {
    if matchesEverything { return true }
    let text = foldCase ? CaseFolding.fold(input) : input
    if let plain {
      let scalars = Array(text.unicodeScalars)
      return plain.contains { Self.greedy($0, scalars) }
    }
    // marks[i] == step: state i is already in the set for this step.
    var marks = Array(repeating: -1, count: nodes.count)
    var step = 0
    var active: [Int] = []
    var pending: [Int] = []
    addState(start, step: step, marks: &marks, list: &active, pending: &pending)
    for scalar in text.unicodeScalars {
      step += 1
      var following: [Int] = []
      for index in active {
        switch nodes[index] {
        case .scalar(let expected, let target) where expected == scalar:
          addState(target, step: step, marks: &marks, list: &following, pending: &pending)
        case .set(let members, let target) where members.contains(scalar):
          addState(target, step: step, marks: &marks, list: &following, pending: &pending)
        case .any(let target):
          addState(target, step: step, marks: &marks, list: &following, pending: &pending)
        default: break
        }
      }
      if following.isEmpty { return false }
      active = following
    }
    return active.contains { if case .accept = nodes[$0] { true } else { false } }
  }

  /// Wildcard matching of single-width tokens and `*`: on a mismatch, the last `*` takes one
  /// more character and matching resumes after it (earlier stars never need to: any text the
  /// later segments could use is still ahead).
  private static func greedy(_ pattern: [Token], _ text: [Unicode.Scalar]) -> Bool {
    var position = 0
    var offset = 0
    var star = -1
    var mark = 0
    while offset < text.count {
      if position < pattern.count {
        switch pattern[position] {
        case .many:
          star = position
          mark = offset
          position += 1
          continue
        case .one:
          position += 1
          offset += 1
          continue
        case .literal(let scalar) where scalar == text[offset]:
          position += 1
          offset += 1
          continue
        case .set(let members) where members.contains(text[offset]):
          position += 1
          offset += 1
          continue
        default: break
        }
      }
      guard star >= 0 else { return false }
      position = star + 1
      mark += 1
      offset = mark
    }
    while position < pattern.count, pattern[position] == .many { position += 1 }
    return position == pattern.count
  }

  /// Adds a state and everything its splits lead to, with an explicit stack rather than
  /// recursion: a hostile pattern can chain as many splits as it has characters.
  private func addState(
    _ index: Int,
    step: Int,
    marks: inout [Int],
    list: inout [Int],
    pending: inout [Int]
  ) {
    pending.append(index)
    while let next = pending.popLast() {
      guard marks[next] != step else { continue }
      marks[next] = step
      if case .split(let first, let second) = nodes[next] {
        // The first branch is explored first, as the recursion did.
        pending.append(second)
        pending.append(first)
      } else {
        list.append(next)
      }
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
    tokens.map { token -> Token in
      switch token {
      case .literal(let scalar):
        return .literal(CaseFolding.fold(scalar))
      case .set(let members):
        return .set(Set(members.map(CaseFolding.fold)))
      case .choice(let alternatives):
        return .choice(alternatives.map(fold))
      case .one, .many:
        return token
      }
    }
  }

  /// Runs of `*` merged into one (`**` matches what `*` does, with fewer states).
  private static func merged(_ tokens: [Token]) -> [Token] {
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    for token in tokens {
      switch token {
      case .many where result.last == .many: continue
      case .choice(let alternatives): result.append(.choice(alternatives.map(merged)))
      default: result.append(token)
      }
    }
    return result
  }
}

/// Case folding for `caseSensitive: false`: each Unicode scalar becomes its lower-case form
/// where Unicode maps it to exactly one scalar, and stays as it is otherwise (`İ`, whose lower
/// case is two scalars), so that `?` still stands for one character. It does not depend on the
/// locale.
enum CaseFolding {
  static func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    if scalar.isASCII {
      guard ("A"..."Z").contains(scalar) else { return scalar }
      return Unicode.Scalar(UInt8(scalar.value) | 0x20)
    }
    let lower = scalar.properties.lowercaseMapping.unicodeScalars
    guard lower.count == 1, let first = lower.first else { return scalar }
    return first
  }

  static func fold(_ text: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars { result.append(fold(scalar)) }
    return String(result)
  }
}
