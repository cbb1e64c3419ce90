import Foundation
import LinkKit

/// Makes the samples and links of ``TestVectors`` for one table, from a seeded generator, and
/// writes LinkKit's verdict on each link.
struct VectorGenerator {
  struct Sample {
    let route: Route
    let values: [String: LinkValue]
    let links: LinkSet
  }

  let table: RouteTable
  var random: SplitMix

  init(table: RouteTable, seed: UInt64) {
    self.table = table
    random = SplitMix(seed: seed)
  }

  // MARK: Samples

  /// Per route: the required values only, every value set, and three random value sets.
  mutating func samples() -> [Sample] {
    var samples: [Sample] = []
    for route in table.routes {
      var made: [[String: LinkValue]] = []
      for attempt in 0..<24 where made.count < 5 {
        let values = sampleValues(route, variant: attempt)
        guard !made.contains(values), (try? table.links(for: route.name, values: values)) != nil
        else { continue }
        made.append(values)
      }
      for values in made {
        if let links = try? table.links(for: route.name, values: values) {
          samples.append(Sample(route: route, values: values, links: links))
        }
      }
    }
    return samples
  }

  /// Variant 0 sets the required values only, 1 every value with plain text, others random.
  mutating func sampleValues(_ route: Route, variant: Int) -> [String: LinkValue] {
    var values: [String: LinkValue] = [:]
    for parameter in route.parameters {
      if parameter.isOptional && (variant == 0 || (variant > 1 && random.next(3) == 0)) {
        continue
      }
      values[parameter.name] = value(for: parameter, plain: variant < 2)
    }
    return values
  }

  private mutating func value(for parameter: Parameter, plain: Bool) -> LinkValue {
    switch parameter.type {
    case .uuid:
      if plain {
        return .uuid(
          UUID(
            uuid: (
              0x3F, 0x25, 0x04, 0xE0, 0x4F, 0x89, 0x11, 0xD3, 0x9A, 0x0C, 0x03, 0x05, 0xE8, 0x2C,
              0x33, 0x01
            )
          )
        )
      }
      return .uuid(UUID(uuid: random.uuidBytes()))
    case .bool: return .bool(plain ? true : random.next(2) == 1)
    case .int(let min, let max):
      let low = min ?? Int.min
      let high = max ?? Int.max
      let picks = [
        low, high, Swift.max(low, Swift.min(high, 1)), Swift.max(low, Swift.min(high, 0)),
      ]
      if plain { return .int(picks[2]) }
      if random.next(2) == 0 { return .int(picks[random.next(picks.count)]) }
      let span = UInt64(bitPattern: Int64(high &- low))
      let offset = span == UInt64.max ? random.next64() : random.next64() % (span + 1)
      return .int(low &+ Int(bitPattern: UInt(offset)))
    case .enumeration(let values):
      return .string(plain ? values[0] : values[random.next(values.count)])
    case .string(let rules): return .string(text(for: rules, plain: plain))
    }
  }

  /// Text that fits the rules: plain letters, or a mix of reserved, non-ASCII and emoji.
  private mutating func text(for rules: StringRules, plain: Bool) -> String {
    let length = Swift.min(rules.maxLength, rules.minLength + (plain ? 3 : random.next(10)))
    var scalars = String.UnicodeScalarView()
    let mixed = Array("aZ9-._~ !$&'()*+,;=:@?#[]%/éß☃😀\u{0301}".unicodeScalars)
    while scalars.count < length {
      if let allowed = rules.allowedCharacters {
        let range = allowed.ranges[random.next(allowed.ranges.count)]
        let span = Int(range.upperBound.value - range.lowerBound.value) + 1
        guard let scalar = Unicode.Scalar(range.lowerBound.value + UInt32(random.next(span)))
        else { continue }
        scalars.append(scalar)
      } else {
        scalars.append(plain ? Unicode.Scalar(UInt8(97 + random.next(26))) : random.pick(mixed))
      }
    }
    return String(scalars)
  }

  // MARK: Links

  /// The sample's links, and variants LinkKit reads the same way or refuses: other case, a
  /// trailing slash, ignored and duplicate query items, a fragment, escapes, another domain.
  mutating func variants(of sample: Sample) -> [String] {
    let links = [sample.links.scheme, sample.links.universal]
    var variants = links
    for link in links {
      let (head, rest) = split(link)
      variants.append(head.uppercased() + rest)
      variants.append(link + (link.contains("?") ? "&" : "?") + "utm_source=mail&utm_medium=x%20y")
      variants.append(link + "#section")
      variants.append(link.replacingOccurrences(of: "?", with: "/?"))
      variants.append(link + (link.contains("?") ? "" : "/"))
      variants.append(link.uppercasedUUIDs())
      if let query = link.firstIndex(of: "?") {
        variants.append(link + "&" + link[link.index(after: query)...])
      }
      if let index = link.lastIndex(where: \.isLetter),
        index > link.index(link.startIndex, offsetBy: 12)
      {
        let byte = String(link[index]).utf8.first ?? 0
        let hex = String(byte, radix: 16, uppercase: random.next(2) == 0)
        variants.append(link.replacingCharacters(in: index...index, with: "%" + hex))
      }
    }
    // A printed code's link (`--count-scans`): the marker is an ignored item, as `utm_source`.
    if ScanMarker.fits(sample.route) {
      variants.append(ScanMarker.adding(to: sample.links.universal))
    }
    for domain in table.app.domains.dropFirst() {
      variants.append(
        sample.links.universal.replacingOccurrences(of: table.app.canonicalDomain, with: domain)
      )
    }
    return variants
  }

  private func split(_ link: String) -> (Substring, Substring) {
    let start =
      link.range(of: "://").map(\.upperBound) ?? link.firstIndex(of: ":") ?? link.startIndex
    let end =
      link[start...].firstIndex(of: "/") ?? link[start...].firstIndex(of: "?") ?? link.endIndex
    return (link[..<end], link[end...])
  }
}

extension String {
  /// The text with each 36-character UUID in upper case.
  fileprivate func uppercasedUUIDs() -> String {
    var result = self
    var search = result.startIndex
    while let range = result.range(
      of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
      options: .regularExpression,
      range: search..<result.endIndex
    ) {
      result.replaceSubrange(range, with: result[range].uppercased())
      search = range.upperBound
    }
    return result
  }
}

/// SplitMix64: a small, fast, seeded generator, the same on every platform.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next64() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in 0..<bound.
  mutating func next(_ bound: Int) -> Int { Int(next64() % UInt64(Swift.max(bound, 1))) }

  mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

  mutating func uuidBytes() -> uuid_t {
    let a = next64()
    let b = next64()
    return withUnsafeBytes(of: (a, b)) { raw in
      (
        raw[0], raw[1], raw[2], raw[3], raw[4], raw[5], raw[6], raw[7], raw[8], raw[9],
        raw[10], raw[11], raw[12], raw[13], raw[14], raw[15]
      )
    }
  }
}
