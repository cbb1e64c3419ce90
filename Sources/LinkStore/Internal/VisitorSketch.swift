#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A HyperLogLog sketch of the visitors of one (day, route, short link): 1,024 one-byte
/// registers, whatever the traffic, from which the number of distinct visitors is estimated
/// with a standard error of 3.25 % (1.04 / √1024; exact, in practice, for a few dozen). Two sketches merge into the sketch
/// of their union by taking the larger register, so copies of the server, and flushes, add up
/// without counting anyone twice, and merging the same sketch again changes nothing.
///
/// The sketch holds no visitor's hash: only, per register, the longest run of leading zeros
/// seen.
package struct VisitorSketch: Sendable, Hashable {
  /// log2 of the number of registers.
  package static let precision = 10
  package static let registerCount = 1 << precision

  package private(set) var registers: [UInt8]

  package init() {
    registers = Array(repeating: 0, count: Self.registerCount)
  }

  /// A sketch as stored; `nil` when the bytes are not one (another size).
  package init?(registers: [UInt8]) {
    guard registers.count == Self.registerCount else { return nil }
    self.registers = registers
  }

  /// Adds a visitor, by a 64-bit hash that is uniform over its range.
  package mutating func add(_ hash: UInt64) {
    let index = Int(hash >> UInt64(64 - Self.precision))
    let rest = hash << UInt64(Self.precision)
    let rank = UInt8(min(rest.leadingZeroBitCount, 64 - Self.precision) + 1)
    if registers[index] < rank { registers[index] = rank }
  }

  /// Adds the visitors of another sketch (the union).
  package mutating func merge(_ other: VisitorSketch) {
    for index in registers.indices where registers[index] < other.registers[index] {
      registers[index] = other.registers[index]
    }
  }

  /// The estimated number of distinct visitors: HyperLogLog's estimate, with linear counting
  /// while registers are still empty (small counts).
  package var estimate: Int {
    let m = Double(Self.registerCount)
    var sum = 0.0
    var zeros = 0
    for register in registers {
      sum += 1 / Double(UInt64(1) << UInt64(register))
      if register == 0 { zeros += 1 }
    }
    let alpha = 0.7213 / (1 + 1.079 / m)
    let raw = alpha * m * m / sum
    if raw <= 2.5 * m, zeros > 0 {
      return Int((m * log(m / Double(zeros))).rounded())
    }
    return Int(raw.rounded())
  }
}
