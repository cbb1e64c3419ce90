/// A JSON reader that keeps going where it safely can and reports what it saw: comments and
/// trailing commas (invalid JSON that hand-written association files often have) are errors
/// but are skipped so the rest of the file can be checked; a byte-order mark is a warning;
/// duplicate keys are errors (parsers disagree on which value counts; this one keeps the last,
/// as Foundation's `JSONSerialization` does). Anything else that is not JSON stops the reading.
///
/// Nesting is limited to ``maximumDepth`` so that a hostile file cannot exhaust the stack.
///
/// Shared by linkgen's readers (`package`): the route table loader treats every issue as an
/// error (the table must be strict JSON); LinkAssociation's readers of real-world association
/// files report them as findings and check the rest.
package struct JSONReader {
  package struct Result: Sendable {
    /// The value read, or `nil` when the reading stopped.
    package var root: JSONNode?
    /// What is wrong with the text, in file order.
    package var issues: [JSONIssue]
  }

  package static let maximumDepth = 100

  struct Stop: Error {}

  let bytes: [UInt8]
  var offset = 0
  var newlines: [Int] = []
  var issues: [JSONIssue] = []
  var comments: [Int] = []
  var trailingCommas: [Int] = []
  var controlCharacters: [Int] = []

  package static func read(_ bytes: [UInt8]) -> Result {
    var reader = JSONReader(bytes: bytes)
    return reader.run()
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      newlines.append(index)
    }
  }

  mutating func run() -> Result {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
      offset = 3
      let mark = "a UTF-8 byte-order mark, which strict JSON parsers reject"
      issue(
        .byteOrderMark,
        at: 0,
        "the file starts with \(mark); save it without one",
        detail: "it starts with \(mark)"
      )
    }
    var root: JSONNode?
    do {
      try skipSpace()
      guard offset < bytes.count else {
        fail("it is empty")
        throw Stop()
      }
      root = try value(path: "", depth: 0)
      try skipSpace()
      if offset < bytes.count {
        fail("unexpected \(describe(offset)) after the JSON value")
        root = nil
      }
    } catch {
      root = nil
    }
    summarize(.comment, comments, "comments (// or /* */), which JSON does not allow")
    summarize(
      .trailingComma,
      trailingCommas,
      "a trailing comma before a closing bracket, which JSON does not allow"
    )
    summarize(
      .controlCharacter,
      controlCharacters,
      "a raw control character inside a string (write it as \\n, \\t or \\u00XX)"
    )
    issues.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    return Result(root: root, issues: issues)
  }

  // MARK: Values

  mutating func value(path: String, depth: Int) throws(Stop) -> JSONNode {
    let line = lineNumber(offset)
    let column = column(offset)
    guard offset < bytes.count else {
      fail("it ends in the middle of a value")
      throw Stop()
    }
    switch bytes[offset] {
    case UInt8(ascii: "{"):
      return JSONNode(value: try object(path: path, depth: depth + 1), line: line, column: column)
    case UInt8(ascii: "["):
      return JSONNode(value: try array(path: path, depth: depth + 1), line: line, column: column)
    case UInt8(ascii: "\""):
      return JSONNode(value: .string(try string()), line: line, column: column)
    case UInt8(ascii: "t"):
      try literal("true")
      return JSONNode(value: .bool(true), line: line, column: column)
    case UInt8(ascii: "f"):
      try literal("false")
      return JSONNode(value: .bool(false), line: line, column: column)
    case UInt8(ascii: "n"):
      try literal("null")
      return JSONNode(value: .null, line: line, column: column)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONNode(value: .number(try number()), line: line, column: column)
    case UInt8(ascii: "'"):
      fail("strings use double quotes in JSON, not single quotes")
      throw Stop()
    default:
      fail("expected a value, found \(describe(offset))")
      throw Stop()
    }
  }

  mutating func object(path: String, depth: Int) throws(Stop) -> JSONNode.Value {
    try checkDepth(depth)
    offset += 1
    var members: [JSONNode.Member] = []
    var lines: [String: Int] = [:]
    try skipSpace()
    if peek(UInt8(ascii: "}")) {
      offset += 1
      return .object([])
    }
    while true {
      try skipSpace()
      guard peek(UInt8(ascii: "\"")) else {
        fail("expected a key in double quotes, found \(describe(offset))")
        throw Stop()
      }
      let keyOffset = offset
      let keyLine = lineNumber(offset)
      let key = try string()
      try skipSpace()
      guard peek(UInt8(ascii: ":")) else {
        fail("expected ':' after the key \(JSONQuote.short(key)), found \(describe(offset))")
        throw Stop()
      }
      offset += 1
      try skipSpace()
      let memberPath = JSONPath.member(path, key)
      let node = try value(path: memberPath, depth: depth)
      if let earlier = lines[key] {
        issue(
          .duplicateKey,
          at: keyOffset,
          path: memberPath,
          "the key \(JSONQuote.short(key)) appears again (first on line \(earlier)); JSON "
            + "parsers disagree on which value counts (linkgen uses the last); keep one"
        )
      } else {
        lines[key] = keyLine
      }
      members.append(JSONNode.Member(key: key, value: node))
      try skipSpace()
      if peek(UInt8(ascii: ",")) {
        let comma = offset
        offset += 1
        try skipSpace()
        if peek(UInt8(ascii: "}")) {
          trailingCommas.append(comma)
          offset += 1
          return .object(members)
        }
        continue
      }
      if peek(UInt8(ascii: "}")) {
        offset += 1
        return .object(members)
      }
      fail("expected ',' or '}' in an object, found \(describe(offset))")
      throw Stop()
    }
  }

  mutating func array(path: String, depth: Int) throws(Stop) -> JSONNode.Value {
    try checkDepth(depth)
    offset += 1
    var elements: [JSONNode] = []
    try skipSpace()
    if peek(UInt8(ascii: "]")) {
      offset += 1
      return .array([])
    }
    while true {
      try skipSpace()
      elements.append(try value(path: JSONPath.element(path, elements.count), depth: depth))
      try skipSpace()
      if peek(UInt8(ascii: ",")) {
        let comma = offset
        offset += 1
        try skipSpace()
        if peek(UInt8(ascii: "]")) {
          trailingCommas.append(comma)
          offset += 1
          return .array(elements)
        }
        continue
      }
      if peek(UInt8(ascii: "]")) {
        offset += 1
        return .array(elements)
      }
      fail("expected ',' or ']' in an array, found \(describe(offset))")
      throw Stop()
    }
  }

  mutating func checkDepth(_ depth: Int) throws(Stop) {
    guard depth <= Self.maximumDepth else {
      issue(
        .tooDeep,
        at: offset,
        "the JSON nests deeper than \(Self.maximumDepth) levels; linkgen stops reading here "
          + "(many parsers refuse such files)"
      )
      throw Stop()
    }
  }
}
