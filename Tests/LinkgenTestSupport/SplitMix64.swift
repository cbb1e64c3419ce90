/// SplitMix64: a small seeded generator of uniform 64-bit values, so that a test that draws
/// random input draws the same input each run and a failure can be replayed.
package struct SplitMix64: RandomNumberGenerator {
  package var state: UInt64

  package init(state: UInt64) {
    self.state = state
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }

  /// A value in `0..<bound`.
  package mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// `count` random bytes.
  package mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
  }
}
