public import Foundation
public import LinkKit
public import Testing

/// Checks for the typed routes that `linkgen generate swift` writes, shared by the test targets
/// that compile them.
public enum RoundTrip {
  /// Checks the round-trip laws for one typed link, against `table`, the same route table
  /// loaded from its file (so the generated code's embedded copy is checked too):
  ///
  /// - both kinds of link parse back to the value, through `init(parsing:)` (text and `URL`)
  ///   and through the table's untyped parser;
  /// - `links`, `universalLink` and `schemeLink` agree, and the untyped builder makes the same
  ///   link set from the untyped parse of the universal link.
  public static func check<T: LinkTarget & Equatable>(
    _ value: T,
    table: RouteTable,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let links = try value.links
    #expect(try value.universalLink == links.universal, sourceLocation: sourceLocation)
    #expect(try value.schemeLink == links.scheme, sourceLocation: sourceLocation)
    for kind in LinkKind.allCases {
      let link = try value.link(kind)
      #expect(try T(parsing: link) == value, "\(link)", sourceLocation: sourceLocation)
      let url = try #require(URL(string: link), sourceLocation: sourceLocation)
      #expect(try T(parsing: url) == value, "\(link)", sourceLocation: sourceLocation)
      let parsed = try table.parse(link)
      #expect(parsed.kind == kind, sourceLocation: sourceLocation)
      #expect(parsed.route.name == value.route.name, sourceLocation: sourceLocation)
      #expect(try T(parsed) == value, "\(link)", sourceLocation: sourceLocation)
      #expect(try table.link(kind, for: parsed.values) == link, sourceLocation: sourceLocation)
    }
    let untyped = try table.parse(links.universal).values
    #expect(try table.links(for: untyped) == links, sourceLocation: sourceLocation)
    #expect(try value.routeValues == untyped, sourceLocation: sourceLocation)
  }

  /// Checks that `values` has at least one value of every route of `T`'s table.
  public static func checkCoverage<T: LinkTarget>(
    _ values: [T],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let covered = Set(values.map(\.routeIndex))
    let all = Set(T.routeTable.routes.indices)
    #expect(
      covered == all,
      "no samples of routes \(all.subtracting(covered).sorted().map { T.routeTable.routes[$0].name })",
      sourceLocation: sourceLocation
    )
  }

  /// The route table file beside a test file (`linkgen.json`, often a symbolic link to an
  /// example's table).
  public static func table(besides file: String = #filePath) throws -> RouteTable {
    try RouteTable(
      contentsOf: URL(fileURLWithPath: file).deletingLastPathComponent()
        .appendingPathComponent("linkgen.json")
    )
  }
}

/// A seeded generator (SplitMix64), so random samples are the same on every run.
public struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// A generator whose sequence depends only on `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A random UUID.
  public mutating func uuid() -> UUID {
    let high = next()
    let low = next()
    let bytes = withUnsafeBytes(of: (high, low)) { Array($0) }
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      )
    )
  }

  /// Random text of `length` characters from `pool`.
  public mutating func text(_ pool: [Character], length: ClosedRange<Int>) -> String {
    let count = Int.random(in: length, using: &self)
    return String((0..<count).map { _ in pool[Int.random(in: 0..<pool.count, using: &self)] })
  }

  /// Characters free text may hold, chosen to stress encoding (no `/`, which a path value
  /// cannot hold); one Unicode scalar each.
  public static let hostileText: [Character] = Array(
    "abcXYZ019 -._~+&=#%?@:;,$!'()*[]\"<>\\^`{|}é휴가😀ß"
  )
}
