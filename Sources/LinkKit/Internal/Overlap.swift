/// Finds pairs of routes that could match the same URL, which would make parsing depend on
/// table order. Two patterns overlap when their forms agree and, position by position, their
/// path components could hold the same text: equal literals, a literal the other's parameter
/// accepts, or two parameters whose types share a value. A query item both patterns fix to
/// different literals keeps them apart; anything else a URL can satisfy for both at once.
enum Overlap {
  static func problems(in routes: [Route]) -> [RouteTableError.Problem] {
    var problems: [RouteTableError.Problem] = []
    for kind in LinkKind.allCases {
      for (first, a) in routes.enumerated() {
        for (second, b) in routes.enumerated() where second > first {
          guard overlap(a.pattern(for: kind), a, b.pattern(for: kind), b) else { continue }
          problems.append(
            .init(
              route: b.name,
              field: "routes[\(second)].\(kind.rawValue)",
              message:
                "'\(b.pattern(for: kind).template)' could match the same \(kind.rawValue) links as "
                + "route '\(a.name)' ('\(a.pattern(for: kind).template)'); make a literal differ, "
                + "or give the parameters types that cannot share a value"
            )
          )
        }
      }
    }
    return problems
  }

  static func overlap(_ p: LinkPattern, _ a: Route, _ q: LinkPattern, _ b: Route) -> Bool {
    switch (p.form, q.form) {
    case (.authority(let host1), .authority(let host2)) where host1 == host2: break
    case (.opaque, .opaque), (.universal, .universal): break
    default: return false
    }
    guard p.path.count == q.path.count else { return false }
    for (x, y) in zip(p.path, q.path) where !compatible(x, a, y, b) { return false }
    for item in p.query {
      guard let other = q.query.first(where: { $0.name == item.name }) else { continue }
      if !compatible(item.value, a, other.value, b) { return false }
    }
    return true
  }

  private static func compatible(
    _ x: LinkPattern.Component,
    _ a: Route,
    _ y: LinkPattern.Component,
    _ b: Route
  ) -> Bool {
    switch (x, y) {
    case (.literal(let l1), .literal(let l2)): return l1 == l2
    case (.literal(let literal), .parameter(let index)):
      return accepts(b.parameters[index].type, literal)
    case (.parameter(let index), .literal(let literal)):
      return accepts(a.parameters[index].type, literal)
    case (.parameter(let i), .parameter(let j)):
      return typesOverlap(a.parameters[i].type, b.parameters[j].type)
    }
  }

  static func accepts(_ type: ParameterType, _ text: String) -> Bool {
    var text = text
    let parameter = Parameter(name: "_", type: type)
    return text.withUTF8 { (try? ValueRules.parse($0, for: parameter).get()) != nil }
  }

  static func typesOverlap(_ t1: ParameterType, _ t2: ParameterType) -> Bool {
    switch (t1, t2) {
    case (.int(let min1, let max1), .int(let min2, let max2)):
      return (min1 ?? .min) <= (max2 ?? .max) && (min2 ?? .min) <= (max1 ?? .max)
    case (.string(let r1), .string(let r2)):
      guard max(r1.minLength, r2.minLength) <= min(r1.maxLength, r2.maxLength) else { return false }
      guard let allowed1 = r1.allowedCharacters, let allowed2 = r2.allowedCharacters else {
        return true
      }
      return allowed1.ranges.contains { range in
        allowed2.ranges.contains { $0.overlaps(range) }
      }
    case (.string, _):
      return samples(of: t2).contains { accepts(t1, $0) }
    default:
      return samples(of: t1).contains { accepts(t2, $0) }
        || samples(of: t2).contains { accepts(t1, $0) }
    }
  }

  /// Values of a non-string type, enough to decide overlap with another type.
  private static func samples(of type: ParameterType) -> [String] {
    switch type {
    case .uuid: ["00000000-0000-0000-0000-000000000000"]
    case .bool: ["true", "false"]
    case .enumeration(let values): values
    case .int(let low, let high):
      // One value in range is enough: an int parameter can never share a value with a
      // uuid, bool or enum unless that value is a number.
      [String(Swift.min(Swift.max(0, low ?? .min), high ?? .max))]
    case .string: []
    }
  }
}
