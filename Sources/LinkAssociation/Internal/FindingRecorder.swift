import LinkKit

/// What the AASA and assetlinks readers share: recording findings against JSON nodes.
protocol FindingRecorder {
  var findings: [Finding] { get set }
  /// Who ignores unknown keys, for messages ("Apple", "Android").
  var platform: String { get }
}

extension FindingRecorder {
  mutating func add(
    _ severity: Finding.Severity,
    _ code: Finding.Code,
    _ path: String,
    _ node: JSONNode,
    _ message: String
  ) {
    findings.append(Finding(severity, code, path: path, line: node.line, message))
  }

  /// The node's members, or `nil` after an error saying that `what` must be an object.
  mutating func members(of node: JSONNode, path: String, what: String) -> [JSONNode.Member]? {
    guard let members = node.members else {
      add(.error, .wrongType, path, node, "\(what) must be an object, not \(node.kindName)")
      return nil
    }
    return members
  }

  /// A warning for every key not in `known`, with "did you mean" for a near miss, or `hint`.
  mutating func unknownKeys(
    in node: JSONNode,
    path: String,
    known: [String],
    what: String,
    hint: (String) -> String? = { _ in nil }
  ) {
    for member in node.members ?? [] where !known.contains(member.key) {
      let near = Suggestion.nearest(to: member.key, in: known)
      let advice =
        near.map { "; did you mean '\($0)'?" } ?? hint(member.key).map { "; \($0)" }
        ?? "; \(platform) ignores it"
      add(
        .warning,
        .unknownKey,
        JSONPath.member(path, member.key),
        member.value,
        "unknown \(what) \(JSONQuote.short(member.key))\(advice)"
      )
    }
  }
}
