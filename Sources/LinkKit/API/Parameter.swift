/// A typed parameter of a route, as the route table declares it.
///
/// ```json
/// { "name": "index", "type": "int", "min": 0, "default": 0 }
/// ```
public struct Parameter: Sendable, Hashable {
  /// The name templates use in braces (`{index}`) and the CLI as an option (`--index`).
  public let name: String
  /// The type and its constraints.
  public let type: ParameterType
  /// Whether a link may leave the parameter out. Optional parameters sit in query items only.
  public let isOptional: Bool
  /// The value a link stands for when it leaves the parameter out. The builder omits a value
  /// equal to the default, so every link has one canonical form.
  public let defaultValue: LinkValue?
  /// For a `uuid` parameter, whether it accepts the nil UUID
  /// `00000000-0000-0000-0000-000000000000` (the table's `"allowNil": true`). By default it
  /// does not: no real link carries it, and it is a favourite probe of code that treats it as
  /// "no value" or "any".
  public let allowsNilUUID: Bool

  /// Creates a parameter; ``RouteTable`` validates it when the table is built.
  public init(
    name: String,
    type: ParameterType,
    isOptional: Bool = false,
    defaultValue: LinkValue? = nil,
    allowsNilUUID: Bool = false
  ) {
    self.name = name
    self.type = type
    self.isOptional = isOptional || defaultValue != nil
    self.defaultValue = defaultValue
    self.allowsNilUUID = allowsNilUUID
  }
}

/// The type of a route parameter, with its constraints.
public enum ParameterType: Sendable, Hashable, CustomStringConvertible {
  /// A UUID in its 8-4-4-4-12 hex form; printed lower-case, parsed in either case.
  case uuid
  /// A decimal integer, optionally bounded (inclusive).
  case int(min: Int?, max: Int?)
  /// Text, with a length range in Unicode scalars and optionally a set of allowed characters.
  case string(StringRules)
  /// One of the listed values, compared exactly.
  case enumeration([String])
  /// `true` or `false`.
  case bool

  /// The name the route table uses for the type: `uuid`, `int`, `string`, `enum` or `bool`.
  public var name: String { kind.rawValue }

  /// The kind of type, as the route table format names it.
  var kind: ParameterKind {
    switch self {
    case .uuid: .uuid
    case .int: .int
    case .string: .string
    case .enumeration: .enumeration
    case .bool: .bool
    }
  }

  /// A short human description with the constraints, such as `int 1...99` or
  /// `enum (list | board)`.
  public var description: String {
    switch self {
    case .uuid, .bool: return name
    case .int(let min, let max):
      switch (min, max) {
      case (nil, nil): return "int"
      case (let low?, nil): return "int ≥ \(low)"
      case (nil, let high?): return "int ≤ \(high)"
      case (let low?, let high?): return "int \(low)...\(high)"
      }
    case .string(let rules):
      var text = "string, \(rules.minLength)...\(rules.maxLength) characters"
      if let allowed = rules.allowedCharacters { text += " of [\(allowed.pattern)]" }
      return text
    case .enumeration(let values): return "enum (\(values.joined(separator: " | ")))"
    }
  }
}

/// The constraints of a `string` parameter.
public struct StringRules: Sendable, Hashable {
  /// The default ``maxLength`` when a table gives none.
  public static let defaultMaxLength = 256

  /// The fewest Unicode scalars a value may have (default 1: empty values are rejected).
  public let minLength: Int
  /// The most Unicode scalars a value may have (default 256).
  public let maxLength: Int
  /// The characters a value may use; `nil` allows every character except the forbidden ones
  /// (controls, bidirectional overrides, invisible separators).
  public let allowedCharacters: AllowedCharacters?

  /// Creates string rules.
  public init(
    minLength: Int = 1,
    maxLength: Int = StringRules.defaultMaxLength,
    allowedCharacters: AllowedCharacters? = nil
  ) {
    self.minLength = minLength
    self.maxLength = maxLength
    self.allowedCharacters = allowedCharacters
  }
}

/// A set of characters written as a bracket-less character class: single characters and
/// ranges such as `A-Za-z0-9_-`. A `-` first or last stands for itself.
///
/// ```swift
/// let allowed = try AllowedCharacters("a-z0-9-")
/// allowed.contains("q")   // true
/// allowed.contains("_")   // false
/// ```
public struct AllowedCharacters: Sendable, Hashable {
  /// The pattern as written in the route table.
  public let pattern: String
  /// The ranges the pattern stands for.
  public let ranges: [ClosedRange<Unicode.Scalar>]
  // One bit per ASCII scalar, for the common case.
  private let asciiLow: UInt64
  private let asciiHigh: UInt64

  /// Reads a pattern; throws a description of the problem when it is malformed.
  public init(_ pattern: String) throws(PatternError) {
    let scalars = Array(pattern.unicodeScalars)
    guard !scalars.isEmpty else { throw PatternError(message: "the pattern is empty") }
    var ranges: [ClosedRange<Unicode.Scalar>] = []
    var index = 0
    while index < scalars.count {
      let low = scalars[index]
      if index + 2 < scalars.count, scalars[index + 1] == "-" {
        let high = scalars[index + 2]
        guard low <= high else {
          throw PatternError(message: "the range \(low)-\(high) runs backwards")
        }
        ranges.append(low...high)
        index += 3
      } else {
        ranges.append(low...low)
        index += 1
      }
    }
    for range in ranges where ForbiddenScalars.overlaps(range) {
      throw PatternError(
        message:
          "the range \(range) includes control or invisible characters, which are never allowed"
      )
    }
    var low: UInt64 = 0
    var high: UInt64 = 0
    for range in ranges where range.lowerBound.value < 128 {
      for value in range.lowerBound.value...min(range.upperBound.value, 127) {
        if value < 64 { low |= 1 << UInt64(value) } else { high |= 1 << UInt64(value - 64) }
      }
    }
    self.pattern = pattern
    self.ranges = ranges
    self.asciiLow = low
    self.asciiHigh = high
  }

  /// Whether the set holds the scalar.
  public func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 64 { return asciiLow & (1 << UInt64(value)) != 0 }
    if value < 128 { return asciiHigh & (1 << UInt64(value - 64)) != 0 }
    return ranges.contains { $0.contains(scalar) }
  }

  /// What is wrong with a malformed pattern.
  public struct PatternError: Error, Sendable, Hashable {
    /// A sentence naming the problem.
    public let message: String
  }
}
