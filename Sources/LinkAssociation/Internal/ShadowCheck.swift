/// Finds rules that can never match because an earlier rule in the same list matches every
/// URL they would (the first match wins). The check is conservative: it reports a rule only
/// when an earlier one is provably broader — a catch-all (`*`, a missing key), the same
/// pattern, or a literal prefix followed by `*` that the later pattern starts with.
enum ShadowCheck {
  /// Pairs (shadowed rule, the earlier rule that shadows it).
  static func shadowed(_ components: [AASAComponent]) -> [(Int, Int)] {
    var result: [(Int, Int)] = []
    for (index, rule) in components.enumerated() where rule.isUsable {
      for earlier in 0..<index where components[earlier].isUsable {
        if covers(components[earlier], rule) {
          result.append((index, earlier))
          break
        }
      }
    }
    return result
  }

  /// The same for legacy `paths` (`NOT ` prefixes stripped before comparing).
  static func shadowed(paths: [String]) -> [(Int, Int)] {
    let patterns = paths.map { LegacyPath($0).pattern }
    var result: [(Int, Int)] = []
    for index in patterns.indices {
      for earlier in 0..<index
      where pattern(patterns[earlier], covers: patterns[index], foldCase: false) {
        result.append((index, earlier))
        break
      }
    }
    return result
  }

  private static func covers(_ earlier: AASAComponent, _ later: AASAComponent) -> Bool {
    // A case-sensitive rule does not cover a case-insensitive one, and encodings must agree
    // unless the earlier pattern is a catch-all.
    let earlierFolds = earlier.caseSensitive == false
    if !earlierFolds && later.caseSensitive == false { return false }
    let sameEncoding = (earlier.percentEncoded ?? true) == (later.percentEncoded ?? true)
    func component(_ a: String?, _ b: String?, path: Bool) -> Bool {
      guard let a else { return true }
      let normalizedA = path ? PathNormalization.pattern(a) : a
      if normalizedA.allSatisfy({ $0 == "*" }) && !normalizedA.isEmpty { return true }
      guard let b, sameEncoding else { return false }
      return pattern(
        normalizedA,
        covers: path ? PathNormalization.pattern(b) : b,
        foldCase: earlierFolds
      )
    }
    guard component(earlier.path, later.path, path: true),
      component(earlier.fragment, later.fragment, path: false)
    else { return false }
    switch (earlier.query, later.query) {
    case (nil, _), (.ignored, _): return true
    case (.pattern(let a), let b):
      if a.allSatisfy({ $0 == "*" }) && !a.isEmpty { return true }
      if case .pattern(let b)? = b, sameEncoding {
        return pattern(a, covers: b, foldCase: earlierFolds)
      }
      return false
    case (.items(let a), let b):
      if a.isEmpty { return true }
      guard case .items(let b)? = b, sameEncoding else { return false }
      return a.allSatisfy { item in
        b.contains {
          $0.name == item.name && pattern(item.pattern, covers: $0.pattern, foldCase: earlierFolds)
        }
      }
    }
  }

  /// Whether `a` matches every text `b` matches (sufficient conditions only).
  static func pattern(_ a: String, covers b: String, foldCase: Bool) -> Bool {
    let a = foldCase ? a.lowercased() : a
    let b = foldCase ? b.lowercased() : b
    if a == b { return true }
    if !a.isEmpty && a.allSatisfy({ $0 == "*" }) { return true }
    guard a.hasSuffix("*") else { return false }
    let prefix = a.dropLast()
    guard !prefix.contains(where: { $0 == "*" || $0 == "?" }), !prefix.contains("$(") else {
      return false
    }
    if b.hasPrefix(prefix) { return true }
    // "p/*" also matches "p" (a pattern ending in /* matches its parent).
    return prefix.hasSuffix("/") && b == String(prefix.dropLast())
  }
}
