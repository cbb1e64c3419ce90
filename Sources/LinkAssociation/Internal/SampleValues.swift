import LinkKit

/// Sample arguments for a route, as text the way a command line gives them: one set with only
/// the required parameters at their smallest, one with every parameter (optional ones too)
/// at values that stretch the pattern (upper-case UUIDs, the maximum int, text that needs
/// percent-encoding where the rules allow it).
enum SampleValues {
  static func argumentSets(for route: Route) -> [[String: String]] {
    var minimal: [String: String] = [:]
    var full: [String: String] = [:]
    for parameter in route.parameters {
      if !parameter.isOptional { minimal[parameter.name] = small(parameter) }
      full[parameter.name] = large(parameter)
    }
    return minimal == full ? [minimal] : [minimal, full]
  }

  private static func small(_ parameter: Parameter) -> String {
    switch parameter.type {
    case .uuid: return "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    case .int(let min, let max): return String(min ?? Swift.min(max ?? 1, 1))
    case .bool: return "false"
    case .enumeration(let values): return values.first ?? ""
    case .string(let rules):
      return String(repeating: characters(rules).first ?? "a", count: Swift.max(rules.minLength, 1))
    }
  }

  private static func large(_ parameter: Parameter) -> String {
    let avoid = parameter.defaultValue?.description
    switch parameter.type {
    case .uuid: return "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF"
    case .int(let min, let max):
      let candidates = [max, min, (min ?? 0).addingReportingOverflow(1000).partialValue]
        .compactMap { $0 }
        .filter { (min ?? .min) <= $0 && $0 <= (max ?? .max) }
      return String(candidates.first { String($0) != avoid } ?? candidates.first ?? 0)
    case .bool: return avoid == "true" ? "false" : "true"
    case .enumeration(let values): return values.last { $0 != avoid } ?? values.last ?? ""
    case .string(let rules):
      let pool = characters(rules)
      let length = Swift.min(rules.maxLength, Swift.max(rules.minLength, 12))
      return String((0..<length).map { pool[$0 % pool.count] })
    }
  }

  /// Characters the rules allow, varied; for free text, ones that need percent-encoding.
  private static func characters(_ rules: StringRules) -> [Character] {
    guard let allowed = rules.allowedCharacters else {
      return Array("Grocery list / ü & é?#+")
    }
    var pool: [Character] = []
    for range in allowed.ranges {
      for scalar in [range.lowerBound, range.upperBound] where !pool.contains(Character(scalar)) {
        pool.append(Character(scalar))
      }
    }
    return pool.isEmpty ? ["a"] : pool
  }

  /// A path an exclude pattern matches: each wildcard stands for `x`.
  static func path(matching pattern: String) -> String {
    String(pattern.map { $0 == "*" || $0 == "?" ? "x" : $0 })
  }
}
