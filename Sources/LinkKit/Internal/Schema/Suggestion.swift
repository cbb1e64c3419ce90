/// "Did you mean …?": the known word nearest to a misspelt one, by edit distance.
///
/// Shared by the route table's unknown-key check and the association file readers
/// (`package`).
package enum Suggestion {
  /// The candidate nearest to `word` when it is near enough to be a likely typo: a different
  /// case, or at most one edit (insertion, deletion, substitution or transposition of
  /// neighbours) per four characters, two at most. `nil` when none is, or two are equally
  /// near.
  ///
  /// ```swift
  /// Suggestion.nearest(to: "webcredentails", in: ["applinks", "webcredentials"])
  /// // "webcredentials"
  /// ```
  package static func nearest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    if let sameCase = candidates.first(where: { $0.lowercased() == lowered }) { return sameCase }
    let limit = min(2, max(1, word.count / 4))
    var best: (candidate: String, distance: Int)?
    var tie = false
    for candidate in candidates {
      let distance = editDistance(lowered, candidate.lowercased())
      guard distance <= limit else { continue }
      if let current = best, distance == current.distance {
        tie = true
      } else if best == nil || distance < best?.distance ?? .max {
        best = (candidate, distance)
        tie = false
      }
    }
    return tie ? nil : best?.candidate
  }

  /// The optimal string alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbouring characters each cost one.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previousPrevious[j - 2] + 1)
        }
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }
}
