package import LinkKit

// The JSON shapes of findings and matches, for `check-aasa --format json`, `check-assetlinks
// --format json` and the server (`package`).

extension Finding {
  /// `{"severity", "code", "path", "line", "message"}`.
  package var json: JSONValue {
    .object([
      ("severity", .string(severity.rawValue)),
      ("code", .string(code.rawValue)),
      ("path", .string(path)),
      ("line", line.map(JSONValue.number) ?? .null),
      ("message", .string(message)),
    ])
  }
}

extension AASAMatch {
  /// `{"url", "matched", "appIDs", "detail", "rule", "rulePath", "excluded", "reason"}`.
  package var json: JSONValue {
    .object([
      ("url", .string(url)),
      ("matched", .bool(matched)),
      ("appIDs", .array(appIDs.map(JSONValue.string))),
      ("detail", detail.map(JSONValue.number) ?? .null),
      ("rule", rule.map(JSONValue.number) ?? .null),
      ("rulePath", rulePath.map(JSONValue.string) ?? .null),
      ("excluded", .bool(excluded)),
      ("reason", .string(reason)),
    ])
  }
}
