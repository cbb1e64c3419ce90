import LinkKit

/// Turns a route's universal template into the patterns each platform's association format
/// can express. Every pattern is *sound*: it matches every link the builder can write for the
/// route (links are compared as written, percent-encoded), and narrows by type only where the
/// format allows:
///
/// | parameter      | AASA / dynamic components               | Android manifest |
/// |----------------|-----------------------------------------|------------------|
/// | uuid           | `????????-????-????-????-????????????`  | `.*`             |
/// | int, enum, bool| `?*` (one or more characters)           | `.*`             |
/// | string (min n) | `?` × n then `*`                        | `.*`             |
///
/// Query items: a required parameter's item becomes `"name": <pattern>`; a literal value stays
/// literal; optional parameters are left out (a missing item reads as empty, which would not
/// match `?*`).
enum RoutePatterns {
  /// The AASA `/` pattern: `/shared-checklists/????????-????-????-????-????????????`.
  static func path(_ route: Route) -> String {
    let pattern = route.universalPattern
    guard !pattern.path.isEmpty else { return "/" }
    return "/" + pattern.path.map { segment($0, route: route) }.joined(separator: "/")
  }

  /// The AASA `?` dictionary, or `nil` when the route's query constrains nothing.
  static func query(_ route: Route) -> [(String, String)]? {
    var items: [(String, String)] = []
    for item in route.universalPattern.query {
      switch item.value {
      case .literal(let text):
        items.append((item.name, text))
      case .parameter(let index):
        let parameter = route.parameters[index]
        guard !parameter.isOptional else { continue }
        let pattern = valuePattern(parameter.type)
        if pattern != "*" { items.append((item.name, pattern)) }
      }
    }
    return items.isEmpty ? nil : items
  }

  /// The Android `<data>` path attribute for the route.
  static func android(_ route: Route) -> AndroidPathRule {
    let segments = route.universalPattern.path
    guard !segments.isEmpty else { return .path("/") }
    var literalPrefix = ""
    var sawParameter = false
    var pattern = ""
    for (index, segment) in segments.enumerated() {
      switch segment {
      case .literal(let text):
        pattern += "/" + AndroidPathMatcher.escape(text)
        if !sawParameter { literalPrefix += "/" + text }
      case .parameter:
        pattern += "/.*"
        if !sawParameter && index == segments.count - 1 {
          return .prefix(literalPrefix + "/")
        }
        sawParameter = true
      }
    }
    return sawParameter ? .pattern(pattern) : .path(literalPrefix)
  }

  private static func segment(_ component: LinkPattern.Component, route: Route) -> String {
    switch component {
    case .literal(let text): text
    case .parameter(let index): valuePattern(route.parameters[index].type)
    }
  }

  /// The tightest sound pattern for a value as written in a link.
  static func valuePattern(_ type: ParameterType) -> String {
    switch type {
    case .uuid: "????????-????-????-????-????????????"
    case .int, .enumeration, .bool: "?*"
    case .string(let rules):
      // Each character is at least one character once percent-encoded.
      rules.minLength <= 0 ? "*" : String(repeating: "?", count: rules.minLength) + "*"
    }
  }
}

/// One Android `<data>` path attribute.
enum AndroidPathRule: Hashable, Sendable {
  /// `android:path`: the exact path.
  case path(String)
  /// `android:pathPrefix`: paths starting with it.
  case prefix(String)
  /// `android:pathPattern`: Android's simple glob (`.` any character, `*` repeats the one
  /// before, `\\` escapes).
  case pattern(String)

  var attribute: (name: String, value: String) {
    switch self {
    case .path(let path): ("android:path", path)
    case .prefix(let prefix): ("android:pathPrefix", prefix)
    case .pattern(let pattern): ("android:pathPattern", pattern)
    }
  }

  func matches(_ path: String) -> Bool {
    switch self {
    case .path(let exact): path == exact
    case .prefix(let prefix): path.hasPrefix(prefix)
    case .pattern(let pattern): AndroidPathMatcher.matches(pattern, path)
    }
  }
}

/// Android's `PatternMatcher.PATTERN_SIMPLE_GLOB`, for the patterns linkgen writes and for
/// checking them: `.` matches any character, `X*` zero or more of `X` (`.*` any run), and
/// `\` makes the next character literal. In the manifest a backslash is itself escaped, so a
/// literal `.` is written `\\.` in the attribute.
enum AndroidPathMatcher {
  /// The pattern text for a literal (`.` and `*` escaped), as the manifest attribute holds it.
  static func escape(_ literal: String) -> String {
    var result = ""
    for character in literal {
      if character == "." || character == "*" || character == "\\" { result += "\\\\" }
      result.append(character)
    }
    return result
  }

  /// Whether `pattern` (as written in the manifest) matches the whole `path`.
  static func matches(_ pattern: String, _ path: String) -> Bool {
    // The manifest reader turns "\\" into "\"; then "\x" is a literal x.
    enum Atom: Equatable {
      case any
      case literal(Character)
    }
    var atoms: [(atom: Atom, repeats: Bool)] = []
    let characters = Array(pattern.replacing("\\\\", with: "\\"))
    var index = 0
    while index < characters.count {
      var atom: Atom
      if characters[index] == "\\", index + 1 < characters.count {
        atom = .literal(characters[index + 1])
        index += 2
      } else {
        atom = characters[index] == "." ? .any : .literal(characters[index])
        index += 1
      }
      let repeats = index < characters.count && characters[index] == "*"
      if repeats { index += 1 }
      atoms.append((atom, repeats))
    }
    let input = Array(path)
    var memo: [Int: Bool] = [:]
    func match(_ a: Int, _ i: Int) -> Bool {
      let key = a * (input.count + 1) + i
      if let known = memo[key] { return known }
      let result: Bool
      if a == atoms.count {
        result = i == input.count
      } else {
        let (atom, repeats) = atoms[a]
        let fits = { (position: Int) in
          position < input.count && (atom == .any || atom == .literal(input[position]))
        }
        if repeats {
          result = match(a + 1, i) || (fits(i) && match(a, i + 1))
        } else {
          result = fits(i) && match(a + 1, i + 1)
        }
      }
      memo[key] = result
      return result
    }
    return match(0, 0)
  }
}
