/// A JSON value whose objects keep their keys in order, printed with two-space indentation.
///
/// Used wherever linkgen writes JSON that people read and diff (command output, association
/// files, manifests): the order is the one given, not a hash order. Shared by linkgen's
/// modules (`package`), not part of the public API.
///
/// ```swift
/// JSONValue.object([("route", .string("home")), ("ok", .bool(true))]).rendered()
/// // {
/// //   "route": "home",
/// //   "ok": true
/// // }
/// ```
package indirect enum JSONValue: Sendable {
  /// An object, members in order.
  case object([(String, JSONValue)])
  /// An array.
  case array([JSONValue])
  /// A string.
  case string(String)
  /// An integer.
  case number(Int)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null

  /// The value as pretty-printed JSON text.
  ///
  /// - Parameter htmlSafe: Also escape `<`, `>`, `&`, U+2028 and U+2029 as `\u` escapes, so
  ///   the text can sit inside an HTML `<script>` element.
  package func rendered(htmlSafe: Bool = false) -> String {
    var output = ""
    write(to: &output, indent: 0, htmlSafe: htmlSafe)
    return output
  }

  func write(to output: inout String, indent: Int, htmlSafe: Bool) {
    let pad = String(repeating: "  ", count: indent + 1)
    let closing = String(repeating: "  ", count: indent)
    switch self {
    case .object(let members):
      guard !members.isEmpty else { return output += "{}" }
      output += "{\n"
      for (index, (key, value)) in members.enumerated() {
        output += pad
        JSONValue.appendQuoted(key, htmlSafe: htmlSafe, to: &output)
        output += ": "
        value.write(to: &output, indent: indent + 1, htmlSafe: htmlSafe)
        output += index == members.count - 1 ? "\n" : ",\n"
      }
      output += closing + "}"
    case .array(let elements):
      guard !elements.isEmpty else { return output += "[]" }
      output += "[\n"
      for (index, element) in elements.enumerated() {
        output += pad
        element.write(to: &output, indent: indent + 1, htmlSafe: htmlSafe)
        output += index == elements.count - 1 ? "\n" : ",\n"
      }
      output += closing + "]"
    case .string(let string): JSONValue.appendQuoted(string, htmlSafe: htmlSafe, to: &output)
    case .number(let number): output += String(number)
    case .bool(let bool): output += bool ? "true" : "false"
    case .null: output += "null"
    }
  }

  /// A JSON string literal: `"`, `\` and controls escaped; with `htmlSafe`, also `<`, `>`,
  /// `&`, U+2028 and U+2029 as `\u` escapes, so the literal is safe inside an HTML
  /// `<script>`.
  package static func quoted(_ string: String, htmlSafe: Bool = false) -> String {
    var result = ""
    appendQuoted(string, htmlSafe: htmlSafe, to: &result)
    return result
  }

  /// Appends ``quoted(_:htmlSafe:)`` of `string` to `output`. Works on UTF-8 bytes: a string
  /// with nothing to escape (the usual case) is copied whole.
  static func appendQuoted(_ string: String, htmlSafe: Bool, to output: inout String) {
    let clean =
      string.utf8.withContiguousStorageIfAvailable { bytes in
        !bytes.contains { needsEscape($0, htmlSafe: htmlSafe) }
      } ?? false
    guard clean else {
      output += escapedLiteral(Array(string.utf8), htmlSafe: htmlSafe)
      return
    }
    output += "\""
    output += string
    output += "\""
  }

  /// The literal of a string that has something to escape, byte by byte.
  private static func escapedLiteral(_ utf8: [UInt8], htmlSafe: Bool) -> String {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(utf8.count + 16)
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      index += 1
      guard needsEscape(byte, htmlSafe: htmlSafe) else {
        bytes.append(byte)
        continue
      }
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [0x5C, byte]
      case UInt8(ascii: "\n"): bytes += [0x5C, UInt8(ascii: "n")]
      case UInt8(ascii: "\r"): bytes += [0x5C, UInt8(ascii: "r")]
      case UInt8(ascii: "\t"): bytes += [0x5C, UInt8(ascii: "t")]
      case 0xE2:
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9; any other E2 sequence is copied.
        if index + 1 < utf8.count, utf8[index] == 0x80, utf8[index + 1] & 0xFE == 0xA8 {
          appendEscape(utf8[index + 1] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
          index += 2
        } else {
          bytes.append(byte)
        }
      default: appendEscape(UInt32(byte), to: &bytes)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether a UTF-8 byte starts something to escape (0xE2 may start U+2028 or U+2029).
  @inline(__always)
  private static func needsEscape(_ byte: UInt8, htmlSafe: Bool) -> Bool {
    if byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F { return true }
    guard htmlSafe else { return false }
    return byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2
  }

  /// `\u` and four lowercase hexadecimal digits.
  private static func appendEscape(_ value: UInt32, to bytes: inout [UInt8]) {
    let digits = Array("0123456789abcdef".utf8)
    bytes += [0x5C, UInt8(ascii: "u")]
    for shift in stride(from: 12, through: 0, by: -4) {
      bytes.append(digits[Int((value >> UInt32(shift)) & 0xF)])
    }
  }
}
