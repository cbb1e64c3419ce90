import Foundation

/// Checks the QR code SVG a caller hands to the landing page before it is placed in the page
/// unescaped. Only plain drawing markup passes: the elements `svg`, `g`, `path`, `rect`,
/// `title` and `desc`, presentation attributes without `url(…)` or `javascript`, no event
/// handlers, no links, no `<style>` or `<script>`, no CDATA, DOCTYPE or processing
/// instructions (a leading `<?xml …?>` declaration and comments are dropped).
enum InlineSVG {
  static let elements: Set<String> = ["svg", "g", "path", "rect", "title", "desc"]
  static let attributes: Set<String> = [
    "xmlns", "version", "viewBox", "width", "height", "x", "y", "d", "fill", "fill-rule",
    "fill-opacity", "stroke", "stroke-width", "shape-rendering", "transform", "class", "role",
    "aria-label", "aria-hidden", "preserveAspectRatio", "focusable",
  ]

  /// The SVG ready to inline, or why it is refused.
  static func checked(_ svg: String) -> Result<String, PageError> {
    func refuse(_ why: String) -> Result<String, PageError> {
      .failure(PageError(.unsafeSVG, "refusing the QR code SVG: \(why)"))
    }
    var text = Substring(svg.trimmingPrefixAndSuffixWhitespace())
    if text.hasPrefix("<?xml") {
      guard let end = text.range(of: "?>") else { return refuse("unterminated XML declaration") }
      text = text[end.upperBound...].drop(while: \.isWhitespace)
    }
    guard text.hasPrefix("<svg"), text.hasSuffix("</svg>") else {
      return refuse("it must be one <svg> element")
    }
    var output = ""
    var rest = text
    while let open = rest.firstIndex(of: "<") {
      let textPart = rest[..<open]
      if let problem = characterDataProblem(textPart) { return refuse(problem) }
      output += textPart
      rest = rest[open...]
      if rest.hasPrefix("<!--") {
        guard let end = rest.range(of: "-->") else { return refuse("unterminated comment") }
        rest = rest[end.upperBound...]
        continue
      }
      guard let close = rest.firstIndex(of: ">") else { return refuse("unterminated tag") }
      let tag = rest[rest.index(after: open)..<close]
      if let problem = tagProblem(tag) { return refuse(problem) }
      output += rest[open...close]
      rest = rest[rest.index(after: close)...]
    }
    if let problem = characterDataProblem(rest) { return refuse(problem) }
    return .success(output + rest)
  }

  private static func characterDataProblem(_ text: Substring) -> String? {
    var rest = text
    while let ampersand = rest.firstIndex(of: "&") {
      let entity = rest[ampersand...].prefix { $0 != ";" }
      let name = entity.dropFirst()
      let known =
        ["amp", "lt", "gt", "quot", "apos"].contains(String(name))
        || (name.hasPrefix("#") && name.count > 1 && name.dropFirst().allSatisfy(\.isHexDigit))
      guard known, entity.endIndex < rest.endIndex else {
        return "it has an unknown character reference '\(entity.prefix(12))'"
      }
      rest = rest[rest.index(after: entity.endIndex)...]
    }
    return nil
  }

  private static func tagProblem(_ tag: Substring) -> String? {
    var body = tag.hasPrefix("/") ? tag.dropFirst() : tag
    if body.hasSuffix("/") { body = body.dropLast() }
    let name = body.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == ":" }
    guard elements.contains(String(name)) else {
      return
        "the element <\(name.prefix(20))> is not allowed (only \(elements.sorted().joined(separator: ", ")))"
    }
    if tag.hasPrefix("/") {
      return body.dropFirst(name.count).allSatisfy(\.isWhitespace) ? nil : "malformed end tag"
    }
    var rest = body.dropFirst(name.count)
    while true {
      rest = rest.drop(while: \.isWhitespace)
      if rest.isEmpty { return nil }
      let attribute = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == ":" }
      guard !attribute.isEmpty, attributes.contains(String(attribute)) else {
        return
          "the attribute '\(rest.prefix { !$0.isWhitespace && $0 != "=" }.prefix(20))' is not allowed"
      }
      rest = rest.dropFirst(attribute.count).drop(while: \.isWhitespace)
      guard rest.first == "=" else { return "the attribute '\(attribute)' has no value" }
      rest = rest.dropFirst().drop(while: \.isWhitespace)
      guard let quote = rest.first, quote == "\"" || quote == "'",
        let end = rest.dropFirst().firstIndex(of: quote)
      else { return "the attribute '\(attribute)' needs a quoted value" }
      let value = rest[rest.index(after: rest.startIndex)..<end]
      let lowered = value.lowercased().filter { !$0.isWhitespace }
      if lowered.contains("url(") || lowered.contains("javascript") || value.contains("<") {
        return "the attribute '\(attribute)' has an unsafe value"
      }
      if let problem = characterDataProblem(value) { return problem }
      rest = rest[rest.index(after: end)...]
    }
  }
}

extension String {
  func trimmingPrefixAndSuffixWhitespace() -> Substring {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
    return self[start..<max(start, end)]
  }
}
