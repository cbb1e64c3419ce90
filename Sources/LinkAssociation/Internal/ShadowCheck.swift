/// Finds rules that can never match because an earlier rule in the same list matches every
/// URL they would (the first match wins). The check is conservative: it reports a rule only
/// when an earlier one is provably broader — a catch-all (`*`, a missing key), the same
/// pattern, or a literal prefix followed by `*` that the later pattern starts with.
///
/// Candidates come from an index of the earlier rules' path patterns, so a file with
/// thousands of rules is checked in time proportional to its size, not its square.
enum ShadowCheck {
  /// Pairs (shadowed rule, the earlier rule that shadows it).
  static func shadowed(_ components: [AASAComponent]) -> [(Int, Int)] {
    var index = PathIndex()
    var result: [(Int, Int)] = []
    for (position, rule) in components.enumerated() where rule.isUsable {
      let path = rule.path.map(PathNormalization.pattern)
      let candidates = index.candidates(for: path)
      if let earlier = candidates.first(where: { covers(components[$0], rule) }) {
        result.append((position, earlier))
      }
      index.add(path, position, foldCase: rule.caseSensitive == false)
    }
    return result
  }

  /// The same for legacy `paths` (`NOT ` prefixes stripped before comparing).
  static func shadowed(paths: [String]) -> [(Int, Int)] {
    var index = PathIndex()
    var result: [(Int, Int)] = []
    for (position, entry) in paths.enumerated() {
      let pattern = LegacyPath(entry).pattern
      if let earlier = index.candidates(for: pattern).first {
        result.append((position, earlier))
      }
      index.add(pattern, position, foldCase: false)
    }
    return result
  }

  /// Earlier rules by the shape of their path pattern.
  private struct PathIndex {
    var catchAll: [Int] = []
    // Keyed by the pattern's UTF-8 bytes: the matcher compares scalars, so two patterns are
    // the same only when their bytes are.
    var exact: [[UInt8]: [Int]] = [:]
    /// Keyed by the literal text before a final `*`.
    var prefix: [[UInt8]: [Int]] = [:]
    var foldedExact: [[UInt8]: [Int]] = [:]
    var foldedPrefix: [[UInt8]: [Int]] = [:]
    /// The lengths of the keys of `prefix` and `foldedPrefix`, so that a lookup tries only
    /// those (trying every prefix of a long pattern would take time quadratic in its length).
    var prefixLengths: Set<Int> = []

    mutating func add(_ pattern: String?, _ position: Int, foldCase: Bool) {
      guard let pattern, !isCatchAll(pattern) else {
        catchAll.append(position)
        return
      }
      let key = Array((foldCase ? CaseFolding.fold(pattern) : pattern).utf8)
      if foldCase {
        foldedExact[key, default: []].append(position)
      } else {
        exact[key, default: []].append(position)
      }
      guard key.last == UInt8(ascii: "*") else { return }
      let literal = Array(key.dropLast())
      guard !literal.contains(UInt8(ascii: "*")), !literal.contains(UInt8(ascii: "?")),
        !String(decoding: literal, as: UTF8.self).contains("$(")
      else { return }
      prefixLengths.insert(literal.count)
      if foldCase {
        foldedPrefix[literal, default: []].append(position)
      } else {
        prefix[literal, default: []].append(position)
      }
    }

    /// Earlier rules whose path pattern covers `pattern` (`nil`: every path), in order.
    func candidates(for pattern: String?) -> [Int] {
      var found = catchAll
      if let pattern {
        let bytes = Array(pattern.utf8)
        let lower = Array(CaseFolding.fold(pattern).utf8)
        found += exact[bytes] ?? []
        found += foldedExact[lower] ?? []
        for (text, prefixTable) in [(bytes, prefix), (lower, foldedPrefix)]
        where !prefixTable.isEmpty {
          for length in prefixLengths where length <= text.count {
            found += prefixTable[Array(text[..<length])] ?? []
          }
          // "p/*" also matches "p".
          found += prefixTable[text + [UInt8(ascii: "/")]] ?? []
        }
      }
      return Set(found).sorted()
    }

    private func isCatchAll(_ pattern: String) -> Bool {
      !pattern.isEmpty && pattern.allSatisfy { $0 == "*" }
    }
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
    // Compared as UTF-8 bytes, as the matcher compares scalars.
    let a = Array((foldCase ? CaseFolding.fold(a) : a).utf8)
    let b = Array((foldCase ? CaseFolding.fold(b) : b).utf8)
    if a == b { return true }
    if !a.isEmpty && a.allSatisfy({ $0 == UInt8(ascii: "*") }) { return true }
    guard a.last == UInt8(ascii: "*") else { return false }
    let prefix = a.dropLast()
    guard !prefix.contains(UInt8(ascii: "*")), !prefix.contains(UInt8(ascii: "?")),
      !String(decoding: prefix, as: UTF8.self).contains("$(")
    else { return false }
    if b.starts(with: prefix) { return true }
    // "p/*" also matches "p" (a pattern ending in /* matches its parent).
    return prefix.last == UInt8(ascii: "/") && b.elementsEqual(prefix.dropLast())
  }
}
