/// The element and attribute structure of an HTML document as an HTML5 tokenizer sees it
/// (WHATWG "tokenization": tags, attributes, comments, doctypes, and the raw-text elements
/// whose content is not markup), without the text and the free-text attribute values.
///
/// Two renders of the same template have the same shape exactly when no value broke out of its
/// context. `HTMLShapeTests` holds this tokenizer to Python's `html.parser` on hostile renders
/// (`linkgen-fuzz --html-shape`).
enum HTMLShape {
  /// Attributes whose values are structure (they select styles and meaning), kept in the shape.
  static let structural: Set<String> = [
    "id", "class", "name", "property", "rel", "http-equiv", "type", "lang", "role", "charset",
  ]
  /// Elements whose content is text up to their end tag (RAWTEXT, RCDATA, script data).
  static let rawText: Set<String> = [
    "script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript",
  ]

  static func of(_ html: String) -> [String] {
    var tokenizer = Tokenizer(Array(html.unicodeScalars))
    tokenizer.run()
    return tokenizer.tokens
  }

  private struct Tokenizer {
    let input: [Unicode.Scalar]
    var index = 0
    var tokens: [String] = []

    init(_ input: [Unicode.Scalar]) { self.input = input }

    var current: Unicode.Scalar? { index < input.count ? input[index] : nil }

    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\u{0C}" || scalar == "\r"
    }

    static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
      guard ("A"..."Z").contains(scalar) else { return scalar }
      return Unicode.Scalar(UInt8(scalar.value) | 0x20)
    }

    func starts(with text: String, caseInsensitive: Bool = false) -> Bool {
      let scalars = Array(text.unicodeScalars)
      guard index + scalars.count <= input.count else { return false }
      for (offset, scalar) in scalars.enumerated() {
        let actual = input[index + offset]
        if caseInsensitive ? Self.lower(actual) != scalar : actual != scalar { return false }
      }
      return true
    }

    mutating func run() {
      while let scalar = current {
        guard scalar == "<" else {
          index += 1
          continue
        }
        index += 1
        guard let next = current else { return }
        if next == "!" {
          index += 1
          markupDeclaration()
        } else if next == "/" {
          index += 1
          endTag()
        } else if Self.isAlpha(next) {
          startTag()
        } else if next == "?" {
          bogusComment()
        }
      }
    }

    mutating func markupDeclaration() {
      if starts(with: "--") {
        index += 2
        tokens.append("<!--")
        // "<!-->" and "<!--->" end at once; otherwise the comment ends at "-->" or "--!>".
        if starts(with: ">") || starts(with: "->") {
          index += starts(with: ">") ? 1 : 2
          return
        }
        while current != nil {
          if starts(with: "-->") {
            index += 3
            return
          }
          if starts(with: "--!>") {
            index += 4
            return
          }
          index += 1
        }
      } else if starts(with: "doctype", caseInsensitive: true) {
        tokens.append("<!doctype")
        skip(to: ">")
      } else {
        bogusComment()
      }
    }

    mutating func bogusComment() {
      tokens.append("<!bogus")
      skip(to: ">")
    }

    mutating func skip(to end: Unicode.Scalar) {
      while let scalar = current {
        index += 1
        if scalar == end { return }
      }
    }

    mutating func endTag() {
      guard let first = current else { return }
      if first == ">" {
        index += 1
        return
      }
      guard Self.isAlpha(first) else {
        bogusComment()
        return
      }
      let name = tagName()
      // Attributes on an end tag are dropped, but they are parsed like a start tag's.
      _ = attributes()
      tokens.append("</\(name)")
    }

    mutating func tagName() -> String {
      var name = ""
      while let scalar = current, !Self.isSpace(scalar), scalar != "/", scalar != ">" {
        name.unicodeScalars.append(Self.lower(scalar))
        index += 1
      }
      return name
    }

    mutating func startTag() {
      let name = tagName()
      let attributes = attributes()
      let names = attributes.map(\.0).joined(separator: ",")
      let kept = attributes.filter { HTMLShape.structural.contains($0.0) }
        .map { "\($0.0)=\($0.1)" }.joined(separator: ";")
      tokens.append("<\(name)[\(names)]\(kept)")
      if name == "plaintext" {
        index = input.count
      } else if HTMLShape.rawText.contains(name) {
        rawText(until: name)
      }
    }

    /// The attributes up to and including the tag's `>`, in order (duplicates included).
    mutating func attributes() -> [(String, String)] {
      var result: [(String, String)] = []
      while let scalar = current {
        if Self.isSpace(scalar) || scalar == "/" {
          index += 1
          continue
        }
        if scalar == ">" {
          index += 1
          return result
        }
        // An attribute name: a leading "=" belongs to it.
        var name = String(Self.lower(scalar))
        index += 1
        while let next = current, !Self.isSpace(next), next != "/", next != ">", next != "=" {
          name.unicodeScalars.append(Self.lower(next))
          index += 1
        }
        while let next = current, Self.isSpace(next) { index += 1 }
        guard current == "=" else {
          result.append((name, ""))
          continue
        }
        index += 1
        while let next = current, Self.isSpace(next) { index += 1 }
        var value = ""
        if let quote = current, quote == "\"" || quote == "'" {
          index += 1
          while let next = current, next != quote {
            value.unicodeScalars.append(next)
            index += 1
          }
          index += 1
        } else {
          while let next = current, !Self.isSpace(next), next != ">" {
            value.unicodeScalars.append(next)
            index += 1
          }
        }
        result.append((name, value))
      }
      return result
    }

    /// Skips raw text up to `</name` followed by a space, `/` or `>`. Script data that holds
    /// `<!--` can hide the end tag (the "escaped" states), so it counts as a break-out.
    mutating func rawText(until name: String) {
      let start = index
      while current != nil {
        if starts(with: "</" + name, caseInsensitive: true) {
          let after = index + 2 + name.unicodeScalars.count
          if after >= input.count || Self.isSpace(input[after]) || input[after] == "/"
            || input[after] == ">"
          {
            if name == "script", input[start..<index].contains("<"),
              String(String.UnicodeScalarView(input[start..<index])).contains("<!--")
            {
              tokens.append("script data with <!--")
            }
            return
          }
        }
        index += 1
      }
    }
  }
}
