/// Compiles link templates (`openlist://shared-checklists?shared-checklistId={id}`,
/// `/shared-checklists/{id}`) into ``LinkPattern``s. Templates are parsed by hand, never with
/// `URL(string:)`: a template is not a URL until its placeholders are filled.
///
/// Literal text is limited to unreserved characters (letters, digits, `-._~`), so it never
/// needs percent-encoding and compares byte for byte; a parameter fills a whole path segment
/// or a whole query value.
enum TemplateParser {
  struct Failure: Error {
    let message: String
  }

  static func parse(
    _ template: String,
    kind: LinkKind,
    appScheme: String,
    parameters: [Parameter]
  ) throws(Failure) -> LinkPattern {
    if let scalar = template.unicodeScalars.first(where: {
      !$0.isASCII || $0.value < 0x21 || $0.value == 0x7F
    }) {
      throw Failure(
        message: "template has the character \(ForbiddenScalars.name(scalar)); "
          + "literal text may use only letters, digits and -._~"
      )
    }
    if template.contains("#") { throw Failure(message: "templates cannot have a fragment ('#')") }

    let (beforeQuery, queryText) = split(template, at: "?")
    let (form, pathText) =
      switch kind {
      case .scheme: try schemeForm(beforeQuery, appScheme: appScheme)
      case .universal: try universalForm(beforeQuery)
      }
    let path = try segments(pathText, parameters: parameters)
    let query = try queryItems(queryText, parameters: parameters)
    return LinkPattern(template: template, form: form, path: path, query: query)
  }

  /// `scheme://host/path` (the authority form) or `scheme:first/path` (the opaque form): the
  /// form and the path, which for the opaque form starts at the first segment.
  private static func schemeForm(_ text: Substring, appScheme: String) throws(Failure) -> (
    LinkPattern.Form, Substring
  ) {
    guard let colon = text.firstIndex(of: ":") else {
      throw Failure(message: "a custom-scheme template starts with '\(appScheme):'")
    }
    let scheme = text[..<colon]
    guard scheme == appScheme else {
      throw Failure(
        message: "the template's scheme '\(scheme)' is not the app's scheme '\(appScheme)'"
      )
    }
    let rest = text[text.index(after: colon)...]
    if rest.hasPrefix("//") {
      let (host, path) = split(rest.dropFirst(2), at: "/", keepingSeparator: true)
      try checkHost(host)
      return (.authority(host: String(host)), path)
    }
    guard !rest.isEmpty, !rest.hasPrefix("/") else {
      throw Failure(
        message: "after '\(appScheme):' comes either '//host' or a first path segment, "
          + "as in '\(appScheme)://name?…' or '\(appScheme):{value}?…'"
      )
    }
    return (.opaque, "/" + rest)
  }

  /// A universal template: a path starting with a single `/`, never a full URL.
  private static func universalForm(_ text: Substring) throws(Failure) -> (
    LinkPattern.Form, Substring
  ) {
    if text.hasPrefix("https:") || text.hasPrefix("http:") {
      throw Failure(
        message: "a universal template is a path such as '/items/{id}'; "
          + "the domain comes from app.domains"
      )
    }
    guard text.hasPrefix("/"), !text.hasPrefix("//") else {
      throw Failure(message: "a universal template starts with a single '/'")
    }
    return (.universal, text == "/" ? "" : text)
  }

  private static func split(
    _ text: some StringProtocol,
    at separator: Character,
    keepingSeparator: Bool = false
  ) -> (Substring, Substring) {
    let text = Substring(text)
    guard let index = text.firstIndex(of: separator) else { return (text, text[text.endIndex...]) }
    return (text[..<index], text[(keepingSeparator ? index : text.index(after: index))...])
  }

  private static func checkHost(_ host: Substring) throws(Failure) {
    if host.contains("{") {
      throw Failure(
        message: "a parameter cannot stand for the host of a custom-scheme link "
          + "(hosts are case-insensitive); put it in the path or the query"
      )
    }
    guard !host.isEmpty else {
      throw Failure(message: "the template has '//' but no host after it")
    }
    guard
      host.utf8.allSatisfy({
        isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
      })
    else {
      throw Failure(
        message: "the host '\(host)' may use only lower-case letters, digits, '-' and '.'"
      )
    }
  }

  /// Path text starting with `/` (or empty) into components.
  private static func segments(_ text: Substring, parameters: [Parameter]) throws(Failure)
    -> [LinkPattern.Component]
  {
    guard !text.isEmpty else { return [] }
    var components: [LinkPattern.Component] = []
    for segment in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      guard !segment.isEmpty else {
        throw Failure(message: "the path has an empty segment (a doubled or trailing '/')")
      }
      components.append(try component(segment, parameters: parameters, place: "path segment"))
    }
    return components
  }

  private static func queryItems(_ text: Substring, parameters: [Parameter]) throws(Failure)
    -> [LinkPattern.QueryItem]
  {
    guard !text.isEmpty else { return [] }
    var items: [LinkPattern.QueryItem] = []
    for item in text.split(separator: "&", omittingEmptySubsequences: false) {
      guard let equals = item.firstIndex(of: "=") else {
        throw Failure(
          message: "the query item '\(item)' needs the form name={parameter} or name=value"
        )
      }
      let name = item[..<equals]
      let value = item[item.index(after: equals)...]
      try checkLiteral(name, place: "query item name")
      if items.contains(where: { $0.name == name }) {
        throw Failure(message: "the query item '\(name)' appears twice")
      }
      items.append(
        .init(
          name: String(name),
          value: try component(value, parameters: parameters, place: "query value")
        )
      )
    }
    return items
  }

  private static func component(_ text: Substring, parameters: [Parameter], place: String)
    throws(Failure) -> LinkPattern.Component
  {
    if text.hasPrefix("{") || text.hasSuffix("}") || text.contains("{") || text.contains("}") {
      guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2,
        !text.dropFirst().dropLast().contains(where: { $0 == "{" || $0 == "}" })
      else {
        throw Failure(
          message:
            "'\(text)' is not a placeholder: a parameter fills a whole \(place), as in '{id}'"
        )
      }
      let name = text.dropFirst().dropLast()
      guard let index = parameters.firstIndex(where: { $0.name == name }) else {
        let declared = parameters.isEmpty ? "none" : parameters.map(\.name).joined(separator: ", ")
        throw Failure(
          message: "the template names {\(name)}, which the route does not declare "
            + "(it declares \(declared))"
        )
      }
      return .parameter(index)
    }
    try checkLiteral(text, place: place)
    return .literal(String(text))
  }

  private static func checkLiteral(_ text: Substring, place: String) throws(Failure) {
    guard !text.isEmpty else { throw Failure(message: "a \(place) is empty") }
    if let bad = text.utf8.first(where: { !PercentEncoding.isUnreserved($0) }) {
      throw Failure(
        message: "the \(place) '\(text)' has '\(Character(Unicode.Scalar(bad)))'; "
          + "literal text may use only letters, digits and -._~"
      )
    }
    if text == "." || text == ".." {
      throw Failure(message: "a \(place) cannot be '.' or '..'")
    }
  }

  private static func isLowerAlphanumeric(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }
}
