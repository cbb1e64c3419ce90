/// HTML (and inline SVG) written by construction: every tag and attribute name is a string
/// literal of the program (`StaticString`), and every value passes through one of three typed
/// holes, each escaping for the place it lands in:
///
/// - ``text(_:)``: element content, `&`, `<`, `>`, `"` and `'` escaped;
/// - ``Attribute/init(_:_:)``: a quoted attribute value, the same five escaped; names that
///   take a URL (`href`, `src`, `action`, `formaction`, `xlink:href`) are refused here;
/// - ``Attribute/url(_:_:)``: a URL attribute, only from a ``SafeURL`` (a console path built
///   from percent-encoded segments, or an `https:` URL).
///
/// There is no way to print a runtime string as markup: ``markup(_:)`` takes only literals.
package struct HTML: Sendable {
  /// The document so far.
  package private(set) var text = ""

  package init() {}

  /// The attributes that take a URL, which only ``Attribute/url(_:_:)`` may set.
  static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "xlink:href"]

  /// Markup written by the program itself (a doctype, an entity).
  package mutating func markup(_ literal: StaticString) {
    text += literal.description
  }

  /// A value as element content.
  package mutating func text(_ value: String) {
    Self.escape(value, into: &text)
  }

  /// An opening tag.
  package mutating func open(_ tag: StaticString, _ attributes: [Attribute] = []) {
    text += "<"
    text += tag.description
    for attribute in attributes {
      text += " "
      text += attribute.name.description
      if let value = attribute.value {
        text += "=\""
        Self.escape(value, into: &text)
        text += "\""
      }
    }
    text += ">"
  }

  /// A closing tag.
  package mutating func close(_ tag: StaticString) {
    text += "</"
    text += tag.description
    text += ">"
  }

  /// An element with content written by `content`.
  package mutating func element(
    _ tag: StaticString,
    _ attributes: [Attribute] = [],
    _ content: (inout HTML) -> Void
  ) {
    open(tag, attributes)
    content(&self)
    close(tag)
  }

  /// An element whose content is one value.
  package mutating func element(
    _ tag: StaticString,
    _ attributes: [Attribute] = [],
    text value: String
  ) {
    open(tag, attributes)
    text(value)
    close(tag)
  }

  /// A void element (`input`, `meta`, `link`) or a self-closed SVG shape.
  package mutating func void(_ tag: StaticString, _ attributes: [Attribute] = []) {
    open(tag, attributes)
  }

  /// An SVG element without content, closed in its own tag (`<line … />`): in HTML's foreign
  /// content an unclosed one would swallow what follows.
  package mutating func shape(_ tag: StaticString, _ attributes: [Attribute] = []) {
    open(tag, attributes)
    text.removeLast()
    text += "/>"
  }

  /// Another fragment, already escaped by construction.
  package mutating func append(_ other: HTML) {
    text += other.text
  }

  /// `&`, `<`, `>`, `"` and `'` as entities: safe as element content and in a quoted
  /// attribute value alike.
  static func escape(_ value: String, into output: inout String) {
    for scalar in value.unicodeScalars {
      switch scalar {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      case "'": output += "&#39;"
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}

/// One attribute of a tag: a literal name and a value that is escaped when written.
package struct Attribute: Sendable {
  let name: StaticString
  let value: String?

  /// An attribute with a text value. A URL attribute (`href`, `src`, `action`…) is refused:
  /// those take a ``SafeURL`` through ``url(_:_:)``.
  package init(_ name: StaticString, _ value: String) {
    precondition(
      !HTML.urlAttributes.contains(name.description),
      "\(name) takes a SafeURL: use Attribute.url"
    )
    self.name = name
    self.value = value
  }

  private init(name: StaticString, value: String?) {
    self.name = name
    self.value = value
  }

  /// A boolean attribute (`required`, `selected`, `checked`).
  package static func flag(_ name: StaticString) -> Attribute {
    Attribute(name: name, value: nil)
  }

  /// A URL attribute from a URL known to be safe.
  package static func url(_ name: StaticString, _ url: SafeURL) -> Attribute {
    Attribute(name: name, value: url.text)
  }

  /// `class="…"`.
  package static func `class`(_ value: String) -> Attribute { Attribute("class", value) }
}

/// A URL that may go in `href`, `src` or `action`: a console path built from percent-encoded
/// segments and query items, or an absolute `https:` URL. Never `javascript:`, `data:` or a
/// protocol-relative `//host`.
package struct SafeURL: Sendable, Hashable {
  /// The URL as written in the attribute (before HTML escaping).
  package let text: String

  /// `/console/<segments>?<query>`, each segment and query item percent-encoded.
  package static func console(_ segments: String..., query: [(String, String)] = []) -> SafeURL {
    var text = "/console"
    for segment in segments { text += "/" + percentEncoded(segment) }
    let items = query.filter { !$0.1.isEmpty }
    if !items.isEmpty {
      text +=
        "?"
        + items.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }
        .joined(separator: "&")
    }
    return SafeURL(text: text)
  }

  /// An `https:` URL as it is, when it is one (scheme, then `//` and a host); `nil` otherwise.
  package init?(https url: String) {
    guard url.hasPrefix("https://"), url.count > 8,
      !url.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\\" || $0.value == 0x7F })
    else { return nil }
    text = url
  }

  private init(text: String) {
    self.text = text
  }

  /// Every byte but the unreserved ones (RFC 3986 §2.3) as `%XX`.
  static func percentEncoded(_ value: String) -> String {
    var output = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF".utf8)
        output += "%"
        output.unicodeScalars.append(Unicode.Scalar(hex[Int(byte >> 4)]))
        output.unicodeScalars.append(Unicode.Scalar(hex[Int(byte & 15)]))
      }
    }
    return output
  }
}
