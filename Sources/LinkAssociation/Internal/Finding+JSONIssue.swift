import LinkKit

extension Finding {
  /// The finding for what the JSON reader found: an error, except a byte-order mark, which
  /// the platforms tolerate.
  init(_ issue: JSONIssue) {
    switch issue.kind {
    case .byteOrderMark:
      self.init(.warning, .byteOrderMark, path: "", line: issue.line, issue.message)
    case .duplicateKey:
      self.init(.error, .duplicateKey, path: issue.path, line: issue.line, issue.message)
    case .tooDeep:
      self.init(.error, .tooDeep, path: "", line: issue.line, issue.message)
    case .syntax:
      self.init(
        .error,
        .invalidJSON,
        path: "",
        line: issue.line,
        "\(issue.message) (line \(issue.line), column \(issue.column))"
      )
    case .comment, .trailingComma, .controlCharacter:
      self.init(
        .error,
        .invalidJSON,
        path: "",
        line: issue.line,
        issue.message + "; the platform rejects the file"
      )
    case .invalidUTF8, .unpairedSurrogate:
      self.init(.error, .invalidJSON, path: "", line: issue.line, issue.message)
    }
  }
}
