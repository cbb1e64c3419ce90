import Foundation
import LinkKit

extension VectorGenerator {
  // MARK: Hostile links

  /// LinkKit's hostile-input cases (`ParserTests.rejects`), on this table's scheme and domain,
  /// with every rejection class: userinfo, ports, IP hosts, backslashes, dot segments, encoded
  /// slashes, controls and bidi characters, bad escapes, the size limits, the nil UUID.
  func hostileLinks() -> [String] {
    let scheme = table.app.scheme
    let domain = table.app.canonicalDomain
    let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    let nilID = "00000000-0000-0000-0000-000000000000"
    let https = "https://\(domain)"
    var links = [
      "", scheme, "//\(domain)/x", "1\(scheme)://home", "javascript:alert(1)", "http://\(domain)/",
      "ftp://\(domain)/", "\(scheme)://", "\(scheme):///x", "\(scheme):", "\(scheme):/",
      "\(scheme):/x", "https:\(domain)/x", "https://evil.example/x", "\(https).evil.example/x",
      "\(https)./x", "https://user:pw@\(domain)/x", "\(https)@evil.example/x", "\(https):443/x",
      "https://127.0.0.1/x", "https://[::1]/x",
      "https://\(domain.replacingOccurrences(of: ".", with: "%2E"))/x",
      "\(https)\\x\\y", "\(https)/x/../y", "\(https)/x/%2E%2E", "\(https)/./x", "\(https)//x",
      "\(https)/x//y", "\(https)/x%2Fy", "\(https)/x%2fy", "\(https)/x//", "\(https)/{x}",
      "\(https)",
      "\(https)/", "\(https)?", "\(https)#", "\(https)/%", "\(https)/%4", "\(https)/%GG",
      "\(https)/%FF%FE", "\(https)/%C3", "\(https)/%00", "\(https)/a%0D%0ASet-Cookie:x",
      "\(https)/%E2%80%AEexe.txt", "\(https)/%E2%80%8B", "\(https)/\u{202E}x", "\(https)/a b",
      "\(https)/a\tb", "\(https)/<script>", "\(https)/x?x%ZZ=1", " \(scheme)://home",
      "\(scheme)://home\n", "\(scheme)://home\u{0}", "\(https)/\u{85}", "\(https)/%C2%85",
      "\(https)/%ED%A0%80", "\(https)/%F4%90%80%80", "\(https)/%C0%AF", "\(https)/%EF%BF%BF",
      "\(https)/\(id)", "\(https)/\(nilID)", "\(scheme)://\(nilID)", "\(scheme):\(nilID)",
      "HTTPS://\(domain.uppercased())/", "\(scheme.uppercased()):x", "\(https)/x?a=1&&b=2&=&a",
      "\(https)/99999999999999999999", "\(https)/-9223372036854775808",
      "\(https)/9223372036854775808",
    ]
    let segments = String(repeating: "/a", count: 33)
    let items = (0..<65).map { "x\($0)=1" }.joined(separator: "&")
    links += [https + segments, https + String(segments.dropFirst(2)), "\(https)/x?" + items]
    let filler = 8192 - https.utf8.count - 1
    links += [
      https + "/" + String(repeating: "a", count: filler),
      https + "/" + String(repeating: "a", count: filler + 1),
    ]
    return links
  }

  // MARK: Generated links

  /// `count` links made from the seeds by one to four random edits: tokens that matter to the
  /// parser inserted or put in place of a part, parts deleted, doubled or case-changed.
  mutating func mutations(of seeds: [String], count: Int) -> [String] {
    guard !seeds.isEmpty else { return [] }
    var links: [String] = []
    links.reserveCapacity(count)
    for _ in 0..<count {
      // A third start from a fresh value set, mostly left as LinkKit builds it.
      let fresh = random.next(3) == 0 ? freshLink() : nil
      var scalars = Array((fresh ?? random.pick(seeds)).unicodeScalars)
      for _ in 0..<(fresh == nil ? 1 + random.next(4) : random.next(3) / 2) { mutate(&scalars) }
      var text = String.UnicodeScalarView()
      text.append(contentsOf: scalars)
      links.append(String(text))
    }
    return links
  }

  /// The scheme or universal link of random values of a random route.
  private mutating func freshLink() -> String? {
    let route = random.pick(table.routes)
    let values = sampleValues(route, variant: 2)
    guard let links = try? table.links(for: route.name, values: values) else { return nil }
    return random.next(2) == 0 ? links.scheme : links.universal
  }

  private static let tokens: [String] = [
    "/", "//", ".", "..", "/./", "/../", "%", "%2F", "%2f", "%2E", "%2e%2E", "%00", "%C3", "%C3%A9",
    "%E2%80%AE", "%ZZ", "%4", "%25", "%20", "+", "?", "#", "&", "=", "&&", "@", ":", ":80", "[",
    "]",
    "\\", " ", "\t", "\n", "é", "\u{202E}", "\u{200B}", "\u{85}", "\u{FEFF}", "😀", "A", "z", "0",
    "-", "~", "_", "utm_source=x", "&x=1", "?q=1", "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "3F2504E0-4F89-11D3-9A0C-0305E82C3301", "00000000-0000-0000-0000-000000000000",
    "99999999999999999999", "-1", "0", "true", "false", "TRUE", "https://", "HTTPS:",
  ]

  private mutating func mutate(_ scalars: inout [Unicode.Scalar]) {
    let position = random.next(scalars.count + 1)
    let end = Swift.min(scalars.count, position + 1 + random.next(8))
    let range = position..<Swift.max(position, end)
    switch random.next(7) {
    case 0, 1: scalars.insert(contentsOf: random.pick(Self.tokens).unicodeScalars, at: position)
    case 2: scalars.replaceSubrange(range, with: random.pick(Self.tokens).unicodeScalars)
    case 3: scalars.removeSubrange(range)
    case 4: scalars.insert(contentsOf: scalars[range], at: range.upperBound)
    case 5:
      let changed = String(String.UnicodeScalarView(scalars[range]))
      let cased = random.next(2) == 0 ? changed.uppercased() : changed.lowercased()
      scalars.replaceSubrange(range, with: cased.unicodeScalars)
    default:
      let token = random.pick(table.app.domains + [table.app.scheme, "https", "evil.example"])
      scalars.replaceSubrange(range, with: token.unicodeScalars)
    }
  }

  // MARK: JSON

  /// A sample: the route, its values as text, and the seven links (null where not configured).
  func json(_ sample: Sample) -> String {
    let values = sample.route.parameters.compactMap { parameter in
      sample.values[parameter.name].map { (parameter.name, JSONText.string($0.description)) }
    }
    let links = LinkSet.Key.allCases.map { key in
      (key.rawValue, sample.links[key].map(JSONText.string) ?? "null")
    }
    return JSONText.object([
      ("route", JSONText.string(sample.route.name)), ("values", JSONText.object(values)),
      ("links", JSONText.object(links)),
    ])
  }

  /// A link with LinkKit's verdict: the route, values (absent defaults filled in), ignored
  /// query items and canonical links, or the error code.
  func verdict(_ link: String, source: String) -> String {
    var members = [("source", JSONText.string(source)), ("link", JSONText.string(link))]
    let parsed: ParsedLink
    do {
      parsed = try table.parse(link)
    } catch {
      members.append(("error", JSONText.string(error.code.rawValue)))
      return JSONText.object(members)
    }
    let values = parsed.values.all.compactMap { parameter, value in
      (value ?? parameter.defaultValue).map { (parameter.name, JSONText.string($0.description)) }
    }
    let ignored = parsed.ignoredQueryItems.map {
      "[" + JSONText.string($0.name) + ", " + JSONText.string($0.value) + "]"
    }
    members += [
      ("route", JSONText.string(parsed.route.name)), ("values", JSONText.object(values)),
      ("ignored", "[" + ignored.joined(separator: ", ") + "]"),
    ]
    for kind in LinkKind.allCases {
      let canonical = (try? table.link(kind, for: parsed.values)).map(JSONText.string) ?? "null"
      members.append((kind.rawValue, canonical))
    }
    return JSONText.object(members)
  }
}
