import Foundation
import LinkKit
import PropertyBased

/// Generates valid values for a route: any value its parameters' types accept (hostile text
/// included: reserved characters, non-ASCII, emoji), optional ones sometimes absent.
enum ValueGenerator {
  /// Characters free text may hold, chosen to stress encoding.
  static let textPool: [Character] =
    Array(
      "abcXYZ019 -._~+&=#%?/@:;,$!'()*[]\"<>\\^`{|}é휴가😀👩‍👩‍👧ß\u{301}"
    ) + ["e\u{301}"]

  static func values(for route: Route, in table: RouteTable) throws -> Generator<
    RouteValues, Shrink.None<RouteValues>
  > {
    let pathParameters = Set(
      (route.schemePattern.path + route.universalPattern.path).compactMap { component in
        if case .parameter(let index) = component { index } else { nil }
      }
    )
    let empty = try table.values(for: route.name)
    return Generator { rng in
      var values = empty
      for (index, parameter) in route.parameters.enumerated() {
        if parameter.isOptional, Int.random(in: 0..<4, using: &rng) == 0 { continue }
        let value = value(
          for: parameter.type,
          inPath: pathParameters.contains(index),
          using: &rng
        )
        do {
          try values.set(value, for: parameter.name)
        } catch {
          fatalError("generated an invalid value \(value) for \(parameter.name): \(error)")
        }
      }
      return values
    }
  }

  static func value(
    for type: ParameterType,
    inPath: Bool,
    using rng: inout any SeededRandomNumberGenerator
  ) -> LinkValue {
    switch type {
    case .uuid:
      var bytes = [UInt8](repeating: 0, count: 16)
      for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &rng) }
      let uuid = bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
      return .uuid(UUID(uuid: uuid))
    case .bool:
      return .bool(Bool.random(using: &rng))
    case .enumeration(let values):
      return .string(values[Int.random(in: 0..<values.count, using: &rng)])
    case .int(let min, let max):
      let low = min ?? Int.min
      let high = max ?? Int.max
      let edges = [low, high, Swift.max(low, Swift.min(high, 0))]
      if Int.random(in: 0..<4, using: &rng) == 0 {
        return .int(edges[Int.random(in: 0..<edges.count, using: &rng)])
      }
      return .int(Int.random(in: low...high, using: &rng))
    case .string(let rules):
      let upper = Swift.min(rules.maxLength, rules.minLength + 24)
      while true {
        let length = Int.random(
          in: Swift.max(rules.minLength, 1)...Swift.max(upper, 1),
          using: &rng
        )
        var text = ""
        var scalars = 0
        while scalars < length {
          let character: Character
          if let allowed = rules.allowedCharacters {
            let range = allowed.ranges[Int.random(in: 0..<allowed.ranges.count, using: &rng)]
            let value = UInt32.random(
              in: range.lowerBound.value...range.upperBound.value,
              using: &rng
            )
            guard let scalar = Unicode.Scalar(value) else { continue }
            character = Character(scalar)
          } else {
            character = textPool[Int.random(in: 0..<textPool.count, using: &rng)]
          }
          if inPath && character == "/" { continue }
          let count = character.unicodeScalars.count
          if scalars + count > length && scalars > 0 { break }
          text.append(character)
          scalars += count
        }
        if inPath && (text == "." || text == "..") { continue }
        if text.unicodeScalars.count >= rules.minLength
          && text.unicodeScalars.count <= rules.maxLength
        {
          return .string(text)
        }
      }
    }
  }
}
