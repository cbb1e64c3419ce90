/// The substitution variables a file's patterns may use: the file's own
/// `applinks.substitutionVariables` and Apple's predefined ones. Turns pattern text into
/// ``WildcardPattern/Token``s.
struct SubstitutionVariables: Sendable {
  /// The predefined variables, in the order Apple lists them.
  static let predefinedNames = [
    "alpha", "upper", "lower", "alnum", "digit", "xdigit", "region", "lang",
  ]

  /// The file's variables, name → values (each a pattern that may hold `?` and `*`).
  let custom: [String: [String]]
  /// Their tokens, made once: a file may use a variable thousands of times, and every use
  /// then shares one array.
  private let customTokens: [String: WildcardPattern.Token]

  init(custom: [String: [String]] = [:]) {
    self.custom = custom
    customTokens = custom.mapValues { .choice($0.map(Self.plainTokens)) }
  }

  /// The tokens of a pattern, and the names it uses that no variable defines (those read as
  /// literal text).
  func tokens(_ pattern: String) -> (tokens: [WildcardPattern.Token], undefined: [String]) {
    var tokens: [WildcardPattern.Token] = []
    var undefined: [String] = []
    let scalars = Array(pattern.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(",
        let close = scalars[(index + 2)...].firstIndex(of: ")")
      {
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[(index + 2)..<close])
        if let expansion = expansion(of: name) {
          tokens.append(expansion)
        } else {
          undefined.append(name)
          tokens += scalars[index...close].map(WildcardPattern.Token.literal)
        }
        index = close + 1
        continue
      }
      tokens.append(Self.plainToken(scalar))
      index += 1
    }
    return (tokens, undefined)
  }

  /// A variable's tokens: the file's definition first, then the predefined one.
  private func expansion(of name: String) -> WildcardPattern.Token? {
    customTokens[name] ?? Self.predefined[name]
  }

  /// The predefined variables' tokens, made once.
  private static let predefined: [String: WildcardPattern.Token] = {
    let upper = scalars("A"..."Z")
    let lower = scalars("a"..."z")
    let digits = scalars("0"..."9")
    func words(_ list: [String]) -> WildcardPattern.Token {
      .choice(list.map { $0.unicodeScalars.map(WildcardPattern.Token.literal) })
    }
    return [
      "alpha": .set(upper.union(lower)),
      "upper": .set(upper),
      "lower": .set(lower),
      "alnum": .set(upper.union(lower).union(digits)),
      "digit": .set(digits),
      "xdigit": .set(digits.union(scalars("A"..."F")).union(scalars("a"..."f"))),
      "region": words(ISOCodes.regions),
      "lang": words(ISOCodes.languages),
    ]
  }()

  /// A variable's value: wildcards, but no variables (`$(` is literal text there).
  static func plainTokens(_ text: String) -> [WildcardPattern.Token] {
    text.unicodeScalars.map(plainToken)
  }

  private static func plainToken(_ scalar: Unicode.Scalar) -> WildcardPattern.Token {
    switch scalar {
    case "*": .many
    case "?": .one
    default: .literal(scalar)
    }
  }

  private static func scalars(_ range: ClosedRange<Unicode.Scalar>) -> Set<Unicode.Scalar> {
    Set((range.lowerBound.value...range.upperBound.value).compactMap(Unicode.Scalar.init))
  }
}
