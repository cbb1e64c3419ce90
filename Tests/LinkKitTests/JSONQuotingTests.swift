import Testing

@testable import LinkKit

@Suite("JSON string literals")
struct JSONQuotingTests {
  /// The scalar-by-scalar quoting that the byte-level one replaced, as the reference.
  static func reference(_ string: String, htmlSafe: Bool) -> String {
    func escaped(_ scalar: Unicode.Scalar) -> String {
      let hex = String(scalar.value, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        if htmlSafe { result += escaped(scalar) } else { result.unicodeScalars.append(scalar) }
      case "\u{0}"..."\u{1F}", "\u{7F}": result += escaped(scalar)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  static let samples: [String] = {
    var samples = [
      "", "plain", "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "say \"hi\"", "back\\slash",
      "</script><script>alert(1)</script>", "a&b", "line\nbreak\r\ttab", "\u{2028}\u{2029}",
      "€ ‧ \u{202A} \u{2027} \u{2030} caf\u{E9} 日本語 🇰🇷 👩‍👩‍👧", "end\u{E2}", "\u{7F}\u{1}\u{1F}",
      "x\u{2028}", "\u{2029}y", "ünïcödé <b>&amp;</b>",
    ]
    samples.append(String((0..<128).map { Character(Unicode.Scalar(UInt8($0))) }))
    return samples
  }()

  @Test("byte-level quoting matches the scalar-by-scalar reference", arguments: [false, true])
  func matchesReference(htmlSafe: Bool) {
    for sample in Self.samples {
      #expect(
        JSONValue.quoted(sample, htmlSafe: htmlSafe) == Self.reference(sample, htmlSafe: htmlSafe),
        "\(sample.debugDescription)"
      )
    }
  }

  @Test("objects and arrays quote their keys and strings the same way")
  func nested() {
    let value = JSONValue.object([
      ("a\"b", .array([.string("</x>"), .string("\u{2028}")])), ("ok", .string("plain")),
    ])
    #expect(
      value.rendered(htmlSafe: true)
        == "{\n  \"a\\\"b\": [\n    \"\\u003c/x\\u003e\",\n    \"\\u2028\"\n  ],\n  \"ok\": \"plain\"\n}"
    )
  }
}
