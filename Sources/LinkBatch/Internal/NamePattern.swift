/// A file-name pattern such as `{code}-{name}`: literal text and `{column}` placeholders
/// filled from a CSV row, plus `{row}` (the data row, from 1) and `{line}` (the CSV line).
/// `{{` and `}}` stand for braces. A final `.png` or `.svg` is dropped: each format adds its
/// own extension.
///
/// Values are made safe as file-name parts: `/`, `\`, control characters and invisible format
/// characters (bidi overrides, zero-width spaces) become `_`, and
/// a name starting with `.` gets a `_` in front (so it is never `.`, `..` or hidden).
struct NamePattern: Sendable {
  enum Part: Sendable, Hashable {
    case literal(String)
    case column(Int)
    case row
    case line
  }

  /// The longest name, in UTF-8 bytes, before the extension; it leaves room under the
  /// 255-byte limit of most file systems for the extension and the temporary-file suffix.
  static let maximumBytes = 200

  let parts: [Part]

  /// Reads `pattern` against the CSV header's column names.
  init(_ pattern: String, columns: [String]) throws(BatchError) {
    var text = Substring(pattern)
    for format in ["png", "svg"] where text.lowercased().hasSuffix("." + format) {
      text = text.dropLast(format.count + 1)
    }
    guard !text.isEmpty else {
      throw BatchError(.invalidNamePattern, "the file-name pattern '\(pattern)' is empty")
    }
    if let bad = text.unicodeScalars.first(where: { $0 == "/" || $0 == "\\" || Self.isControl($0) })
    {
      let shown = bad == "/" || bad == "\\" ? "'\(bad)'" : "a control character"
      throw BatchError(
        .invalidNamePattern,
        "the file-name pattern '\(pattern)' contains \(shown); files are written in the "
          + "output directory, without subdirectories"
      )
    }
    let parts = try Self.parts(of: text, pattern: pattern, columns: columns)
    let placeholders = parts.filter {
      if case .literal = $0 { return false } else { return true }
    }
    guard !placeholders.isEmpty else {
      // A constant name would give every row the same file.
      throw BatchError(
        .invalidNamePattern,
        "the file-name pattern '\(pattern)' names no column; every row would write the same "
          + "file (use {row} or a column such as {\(columns.first ?? "id")})"
      )
    }
    self.parts = parts
  }

  /// The literal text and placeholders of the pattern (without its extension).
  private static func parts(of text: Substring, pattern: String, columns: [String])
    throws(BatchError) -> [Part]
  {
    var parts: [Part] = []
    var literal = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if character == "{", next < text.endIndex, text[next] == "{" {
        literal.append("{")
        index = text.index(after: next)
      } else if character == "}", next < text.endIndex, text[next] == "}" {
        literal.append("}")
        index = text.index(after: next)
      } else if character == "{" {
        guard let close = text[next...].firstIndex(of: "}") else {
          throw BatchError(
            .invalidNamePattern,
            "the file-name pattern '\(pattern)' has a '{' without '}'"
          )
        }
        let name = String(text[next..<close])
        if !literal.isEmpty { parts.append(.literal(literal)) }
        literal = ""
        if let column = columns.firstIndex(of: name) {
          parts.append(.column(column))
        } else if name == "row" {
          parts.append(.row)
        } else if name == "line" {
          parts.append(.line)
        } else {
          throw BatchError(
            .invalidNamePattern,
            "the file-name pattern '\(pattern)' names '{\(name)}', which is not a column of "
              + "the CSV; the columns are \(columns.joined(separator: ", ")) (and {row}, {line})"
          )
        }
        index = text.index(after: close)
      } else if character == "}" {
        throw BatchError(
          .invalidNamePattern,
          "the file-name pattern '\(pattern)' has a '}' without '{'"
        )
      } else {
        literal.append(character)
        index = next
      }
    }
    if !literal.isEmpty { parts.append(.literal(literal)) }
    return parts
  }

  /// Whether every row gets a different name by construction: the only placeholders are
  /// `{row}` or `{line}` (a column value next to a number could imitate another row's name).
  var isUniquePerRow: Bool {
    var numbered = false
    for part in parts {
      switch part {
      case .column: return false
      case .row, .line: numbered = true
      case .literal: break
      }
    }
    return numbered
  }

  /// The file name (without extension) for a row.
  func name(fields: [String], row: Int, line: Int) throws(CSVRecordError) -> String {
    var name = ""
    for part in parts {
      switch part {
      case .literal(let text): name += text
      case .column(let index): name += Self.sanitized(fields[index])
      case .row: name += String(row)
      case .line: name += String(line)
      }
    }
    if name.hasPrefix(".") { name = "_" + name }
    guard !name.isEmpty else {
      throw CSVRecordError(message: "the file-name pattern gives an empty name")
    }
    guard name.utf8.count <= Self.maximumBytes else {
      throw CSVRecordError(
        message: "the file name is longer than \(Self.maximumBytes) bytes: '\(name.prefix(40))…'"
      )
    }
    return name
  }

  static func sanitized(_ value: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      let unsafe =
        scalar == "/" || scalar == "\\" || isControl(scalar)
        || scalar.properties.generalCategory == .format
      result.append(unsafe ? "_" : scalar)
    }
    return String(result)
  }

  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
