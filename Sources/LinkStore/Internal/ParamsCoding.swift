import Foundation
import LinkKit

/// A link's values as stored: a JSON object of each set parameter's canonical text (what
/// `linkgen make` would be given), keys sorted, read back through the route table.
enum ParamsCoding {
  /// Written by hand rather than with `JSONEncoder`, which cost a sixth of a 100,000-link
  /// import: keys sorted by their UTF-8 bytes, `"`, `\` and control characters escaped, `/`
  /// and everything else as it is (what `JSONEncoder` with `.sortedKeys` and
  /// `.withoutEscapingSlashes` writes for these keys and values).
  static func encode(_ values: RouteValues) -> String {
    var members: [(String, String)] = []
    for (parameter, value) in values.all {
      if let value { members.append((parameter.name, value.description)) }
    }
    members.sort { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    var output = "{"
    for (index, (name, text)) in members.enumerated() {
      if index > 0 { output += "," }
      quote(name, into: &output)
      output += ":"
      quote(text, into: &output)
    }
    return output + "}"
  }

  private static func quote(_ text: String, into output: inout String) {
    output += "\""
    // The usual value (a UUID, a number, a plain word) has nothing to escape: copied whole.
    guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
      output += text
      output += "\""
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Reads what ``encode(_:)`` writes straight from its UTF-8 bytes (a cold short link pays
  /// this on every visit); any other JSON (spaces, `\\u` escapes of surrogate pairs) goes to
  /// `JSONDecoder`, which also refuses what is not an object of strings.
  static func decode(_ text: String) -> [String: String]? {
    if let object = decodeCanonical(text) { return object }
    return try? JSONDecoder().decode([String: String].self, from: Data(text.utf8))
  }

  /// `nil` when the text is not in ``encode(_:)``'s form.
  static func decodeCanonical(_ text: String) -> [String: String]? {
    var text = text
    return text.withUTF8 { bytes -> [String: String]? in
      var reader = Reader(bytes: bytes)
      guard reader.take(UInt8(ascii: "{")) else { return nil }
      var object: [String: String] = [:]
      if reader.take(UInt8(ascii: "}")) { return reader.atEnd ? object : nil }
      repeat {
        guard let key = reader.string(), reader.take(UInt8(ascii: ":")),
          let value = reader.string(), object.updateValue(value, forKey: key) == nil
        else { return nil }
      } while reader.take(UInt8(ascii: ","))
      return reader.take(UInt8(ascii: "}")) && reader.atEnd ? object : nil
    }
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var atEnd: Bool { index == bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
      guard index < bytes.count, bytes[index] == byte else { return false }
      index += 1
      return true
    }

    /// A quoted string with the escapes ``encode(_:)`` writes (and `\\/`, `\\b`, `\\f`).
    mutating func string() -> String? {
      guard take(UInt8(ascii: "\"")) else { return nil }
      var start = index
      var output: [UInt8] = []
      while index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") {
          output.append(contentsOf: bytes[start..<index])
          index += 1
          return String(validating: output, as: UTF8.self)
        }
        if byte < 0x20 { return nil }
        guard byte == UInt8(ascii: "\\") else {
          index += 1
          continue
        }
        output.append(contentsOf: bytes[start..<index])
        guard let escaped = escape() else { return nil }
        output.append(escaped)
        start = index
      }
      return nil
    }

    /// The byte of the escape at `index` (past it afterwards); `nil` for one that is not a
    /// single byte.
    private mutating func escape() -> UInt8? {
      guard index + 1 < bytes.count else { return nil }
      let letter = bytes[index + 1]
      index += 2
      switch letter {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return letter
      case UInt8(ascii: "n"): return 0x0A
      case UInt8(ascii: "r"): return 0x0D
      case UInt8(ascii: "t"): return 0x09
      case UInt8(ascii: "b"): return 0x08
      case UInt8(ascii: "f"): return 0x0C
      case UInt8(ascii: "u"):
        guard index + 4 <= bytes.count,
          let value = UInt8(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
          value < 0x80
        else { return nil }
        index += 4
        return value
      default: return nil
      }
    }
  }
}
