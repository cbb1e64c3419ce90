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

  /// A sketch from its 1,024 registers; `nil` when the bytes are not that many.
  package init?(registers: [UInt8]) {
    guard registers.count == Self.registerCount else { return nil }
    self.registers = registers
  }

  /// A sketch as stored (``stored``): its 1,024 registers, or its non-zero registers as
  /// entries of three bytes; `nil` when the bytes are neither (another size, an index out of
  /// range or repeated, a register of zero or over the largest rank).
  package init?(stored bytes: [UInt8]) {
    guard let registers = Self.registers(stored: bytes) else { return nil }
    self.registers = registers
  }

  /// The registers of a stored sketch, or `nil`.
  private static func registers(stored bytes: [UInt8]) -> [UInt8]? {
    if bytes.count == registerCount { return bytes }
    guard bytes.count % 3 == 0 else { return nil }
    var registers = [UInt8](repeating: 0, count: registerCount)
    for start in stride(from: 0, to: bytes.count, by: 3) {
      let index = Int(bytes[start]) | Int(bytes[start + 1]) << 8
      let rank = bytes[start + 2]
      guard index < registerCount, registers[index] == 0, rank > 0, rank <= maximumRank
      else { return nil }
      registers[index] = rank
    }
    return registers
  }

  /// The largest rank a register holds.
  static let maximumRank = UInt8(64 - precision + 1)

  /// The sketch as it is stored: while fewer than a third of its registers are set (a link's
  /// day with up to a few hundred visitors, most of them), each set register as three bytes
  /// (its index, little-endian, and its rank) in index order; otherwise the 1,024 registers.
  /// The two are told apart by their length (1,024 is not a multiple of three).
  package var stored: [UInt8] {
    let set = registers.count { $0 != 0 }
    guard set * 3 < Self.registerCount else { return registers }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(set * 3)
    for (index, rank) in registers.enumerated() where rank != 0 {
      bytes.append(UInt8(truncatingIfNeeded: index))
      bytes.append(UInt8(truncatingIfNeeded: index >> 8))
      bytes.append(rank)
    }
    return bytes
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
      // 2^-register, exactly (no division per register).
      sum += Double(sign: .plus, exponent: -Int(register), significand: 1)
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
