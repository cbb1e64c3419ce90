import Foundation
import LinkKit
import PropertyBased
import Testing

/// The two laws, for every route of every example table:
///
/// 1. `parse(build(v)) == v` for both kinds of link;
/// 2. a link written in any equivalent way (case, escapes, order, trailing slash, extra
///    items) parses to values that re-build the canonical link.
struct RoundTripTests {
  static let cases: [(table: String, route: String)] = Fixtures.exampleNames.flatMap { name in
    (try? Fixtures.example(name))?.routes.map { (name, $0.name) } ?? []
  }

  @Test(arguments: cases)
  func parseOfBuildIsIdentity(table name: String, route: String) async throws {
    let table = try Fixtures.example(name)
    let values = try ValueGenerator.values(for: try #require(table.route(named: route)), in: table)
    await propertyCheck(count: 200, input: values) { values in
      for kind in LinkKind.allCases {
        let link = try table.link(kind, for: values)
        let parsed = try table.parse(link)
        #expect(parsed.route.name == route)
        #expect(parsed.kind == kind)
        #expect(parsed.values == values, "\(link)")
        #expect(parsed.ignoredQueryItems.isEmpty)
        #expect(try table.link(kind, for: parsed.values) == link)
      }
      // The rest of the set carries the same link: the intent's data is the scheme link, the
      // Play Store referrer decodes to the universal link.
      let links = try table.links(for: values)
      let intent = try #require(links.androidIntent)
      let data = try #require(intent.split(separator: "#").first).dropFirst("intent".count)
      #expect(table.app.scheme + data == links.scheme)
      let play = try #require(links.playStore.flatMap { URLComponents(string: $0) })
      let referrer = try #require(play.queryItems?.first { $0.name == "referrer" }?.value)
      #expect(
        referrer == "deep_link="
          + (links.universal.addingPercentEncoding(
            withAllowedCharacters: CharacterSet(
              charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
            )
          ) ?? "")
      )
    }
  }

  @Test(arguments: cases)
  func equivalentLinksRebuildCanonically(table name: String, route: String) async throws {
    let table = try Fixtures.example(name)
    let values = try ValueGenerator.values(for: try #require(table.route(named: route)), in: table)
    let variants = Gen<Int>.int(in: 0...Int(UInt16.max)).array(of: 1...4)
    await propertyCheck(count: 150, input: values, variants) { values, choices in
      for kind in LinkKind.allCases {
        let canonical = try table.link(kind, for: values)
        let variant = Variation.apply(choices, to: canonical)
        let parsed = try table.parse(variant.link)
        #expect(parsed.values == values, "\(variant.link)")
        #expect(try table.link(kind, for: parsed.values) == canonical, "\(variant.link)")
        #expect(parsed.ignoredQueryItems.map(\.name) == variant.extraItems, "\(variant.link)")
      }
    }
  }
}

/// Rewrites a canonical link into an equivalent one.
enum Variation {
  struct Result {
    var link: String
    var extraItems: [String] = []
  }

  static func apply(_ choices: [Int], to link: String) -> Result {
    var result = Result(link: link)
    for choice in choices {
      switch choice % 7 {
      case 0: result.link = uppercaseSchemeAndHost(result.link)
      case 1: result.link = lowercaseEscapes(result.link)
      case 2: result.link = escapeOneUnreserved(result.link, at: choice / 7)
      case 3: result.link = uppercaseUUIDs(result.link)
      case 4: result.link = addTrailingSlash(result.link)
      case 5:
        result.link = appendQueryItem(result.link, "utm_source=qr%20code")
        result.extraItems.append("utm_source")
      default: result.link = reverseQuery(result.link)
      }
    }
    return result
  }

  private static func split(_ link: String) -> (head: String, query: String?) {
    guard let mark = link.firstIndex(of: "?") else { return (link, nil) }
    return (String(link[..<mark]), String(link[link.index(after: mark)...]))
  }

  private static func join(_ head: String, _ query: String?) -> String {
    query.map { "\(head)?\($0)" } ?? head
  }

  static func uppercaseSchemeAndHost(_ link: String) -> String {
    guard let colon = link.firstIndex(of: ":") else { return link }
    let scheme = link[..<colon].uppercased()
    var rest = String(link[colon...])
    if rest.hasPrefix("://") {
      let hostStart = rest.index(rest.startIndex, offsetBy: 3)
      let hostEnd = rest[hostStart...].firstIndex { "/?#".contains($0) } ?? rest.endIndex
      rest = "://" + rest[hostStart..<hostEnd].uppercased() + rest[hostEnd...]
    }
    return scheme + rest
  }

  static func lowercaseEscapes(_ link: String) -> String {
    var output = ""
    var remaining = 0
    for character in link {
      if character == "%" {
        remaining = 2
        output.append(character)
      } else if remaining > 0 {
        output += character.lowercased()
        remaining -= 1
      } else {
        output.append(character)
      }
    }
    return output
  }

  /// Percent-encodes one unreserved letter of the query (names and values), which means the
  /// same text.
  static func escapeOneUnreserved(_ link: String, at index: Int) -> String {
    let (head, query) = split(link)
    guard let query else { return link }
    let letters = query.indices.filter { query[$0].isLetter && query[$0].isASCII }
    guard !letters.isEmpty else { return link }
    let position = letters[index % letters.count]
    let hex = String(query[position].asciiValue ?? 0, radix: 16, uppercase: true)
    var escaped = query
    escaped.replaceSubrange(position...position, with: "%" + hex)
    return join(head, escaped)
  }

  static func uppercaseUUIDs(_ link: String) -> String {
    let pattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/
    return link.replacing(pattern) { $0.output.uppercased() }
  }

  static func addTrailingSlash(_ link: String) -> String {
    let (head, query) = split(link)
    guard !head.hasSuffix("/"), head.contains("//") else { return link }
    return join(head + "/", query)
  }

  static func appendQueryItem(_ link: String, _ item: String) -> String {
    let (head, query) = split(link)
    return join(head, query.map { "\($0)&\(item)" } ?? item)
  }

  static func reverseQuery(_ link: String) -> String {
    let (head, query) = split(link)
    guard let query else { return link }
    return join(head, query.split(separator: "&").reversed().joined(separator: "&"))
  }
}
