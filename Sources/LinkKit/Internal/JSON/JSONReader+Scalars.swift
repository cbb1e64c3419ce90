/// Strings, numbers, literals, whitespace and comments, and the position helpers.
extension JSONReader {
  // MARK: Scalars

  mutating func string() throws(Stop) -> String {
    let start = offset
    offset += 1
    var output: [UInt8] = []
    while true {
      guard offset < bytes.count else {
        offset = start
        fail("the string starting here is not closed")
        throw Stop()
      }
      let byte = bytes[offset]
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        if let text = UTF8Text.decode(output) { return text }
        issue(.invalidUTF8, at: start, "a string is not valid UTF-8")
        return String(decoding: output, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &output)
      case 0..<0x20:
        controlCharacters.append(offset)
        output.append(byte)
        offset += 1
      default:
        output.append(byte)
        offset += 1
      }
    }
  }

  mutating func escape(into output: inout [UInt8]) throws(Stop) {
    guard offset + 1 < bytes.count else {
      fail("it ends inside an escape")
      throw Stop()
    }
    let code = bytes[offset + 1]
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
    ]
    if let byte = simple[code] {
      output.append(byte)
      offset += 2
      return
    }
    guard code == UInt8(ascii: "u") else {
      fail("the escape '\\\(Character(Unicode.Scalar(code)))' is not valid JSON")
      throw Stop()
    }
    var value = try hex4(at: offset + 2)
    offset += 6
    if (0xD800...0xDBFF).contains(value), offset + 1 < bytes.count,
      bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
    {
      let low = try hex4(at: offset + 2)
      if (0xDC00...0xDFFF).contains(low) {
        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        offset += 6
      }
    }
    let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    if scalar == "\u{FFFD}" && value != 0xFFFD {
      issue(.unpairedSurrogate, at: offset, "a \\u escape is an unpaired surrogate")
    }
    output.append(contentsOf: Array(String(scalar).utf8))
  }

  mutating func hex4(at start: Int) throws(Stop) -> UInt32 {
    guard start + 4 <= bytes.count else {
      fail("a \\u escape needs four hex digits")
      throw Stop()
    }
    var value: UInt32 = 0
    for byte in bytes[start..<start + 4] {
      guard let digit = hexValue(byte) else {
        fail("a \\u escape needs four hex digits")
        throw Stop()
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  mutating func number() throws(Stop) -> String {
    let start = offset
    func digits() -> Int {
      let from = offset
      while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
        offset += 1
      }
      return offset - from
    }
    if peek(UInt8(ascii: "-")) { offset += 1 }
    let integer = offset
    guard digits() > 0 else {
      offset = start
      fail("a number needs digits after '-'")
      throw Stop()
    }
    if bytes[integer] == UInt8(ascii: "0"), offset - integer > 1 {
      offset = integer
      fail("a number cannot have a leading zero")
      throw Stop()
    }
    if peek(UInt8(ascii: ".")) {
      offset += 1
      guard digits() > 0 else {
        fail("a number needs digits after '.'")
        throw Stop()
      }
    }
    if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
      offset += 1
      if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
      guard digits() > 0 else {
        fail("a number needs digits in its exponent")
        throw Stop()
      }
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  mutating func literal(_ word: String) throws(Stop) {
    let expected = Array(word.utf8)
    guard bytes.count - offset >= expected.count,
      Array(bytes[offset..<offset + expected.count]) == expected
    else {
      fail("expected a value, found \(describe(offset))")
      throw Stop()
    }
    offset += expected.count
  }

  // MARK: Space and comments

  mutating func skipSpace() throws(Stop) {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0A, 0x0D:
        offset += 1
      case UInt8(ascii: "/")
      where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/"):
        comments.append(offset)
        while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
      case UInt8(ascii: "/")
      where offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "*"):
        comments.append(offset)
        let start = offset
        offset += 2
        while offset + 1 < bytes.count,
          !(bytes[offset] == UInt8(ascii: "*") && bytes[offset + 1] == UInt8(ascii: "/"))
        {
          offset += 1
        }
        guard offset + 1 < bytes.count else {
          offset = start
          fail("a /* comment is not closed")
          throw Stop()
        }
        offset += 2
      default:
        return
      }
    }
  }

  // MARK: Helpers

  func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

  func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }

  /// 1-based line of a byte offset.
  func lineNumber(_ offset: Int) -> Int {
    var low = 0
    var high = newlines.count
    while low < high {
      let middle = (low + high) / 2
      if newlines[middle] < offset { low = middle + 1 } else { high = middle }
    }
    return low + 1
  }

  func column(_ offset: Int) -> Int {
    let line = lineNumber(offset)
    let start = line == 1 ? 0 : newlines[line - 2] + 1
    return String(decoding: bytes[start..<min(offset, bytes.count)], as: UTF8.self).count + 1
  }

  func describe(_ offset: Int) -> String {
    guard offset < bytes.count else { return "the end of the text" }
    let byte = bytes[offset]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "the byte 0x" + String(byte, radix: 16, uppercase: true)
  }

  mutating func issue(
    _ kind: JSONIssue.Kind,
    at offset: Int,
    path: String = "",
    _ message: String,
    detail: String? = nil
  ) {
    issues.append(
      JSONIssue(
        kind: kind,
        path: path,
        line: lineNumber(offset),
        column: column(offset),
        message: message,
        detail: detail ?? message
      )
    )
  }

  /// Stops the reading: the text is not JSON at the current offset (`detail` says why, with
  /// "it" for the text).
  mutating func fail(_ detail: String) {
    issue(.syntax, at: offset, "the file is not valid JSON: \(detail)", detail: detail)
  }

  mutating func summarize(_ kind: JSONIssue.Kind, _ offsets: [Int], _ what: String) {
    guard let first = offsets.first else { return }
    let count = offsets.count == 1 ? "" : " (\(offsets.count) in all)"
    let detail = "it has \(what), first on line \(lineNumber(first))\(count)"
    issue(kind, at: first, "the file is not valid JSON: \(detail)", detail: detail)
  }
}
