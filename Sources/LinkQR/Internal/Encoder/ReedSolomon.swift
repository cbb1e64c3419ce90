/// Reed–Solomon error-correction codewords over GF(256) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator polynomials ∏ (x − αⁱ), i = 0 ..< n
/// (ISO/IEC 18004:2015, 7.5.2).
enum ReedSolomon {
  /// `exp[i]` is αⁱ, for i in 0 ..< 512 (twice round the field, so that the sum of two
  /// logarithms needs no modulo).
  static let exp: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 512)
    var value = 1
    for index in 0..<255 {
      table[index] = UInt8(value)
      table[index + 255] = UInt8(value)
      value <<= 1
      if value & 0x100 != 0 { value ^= 0x11D }
    }
    table[510] = table[0]
    table[511] = table[1]
    return table
  }()

  /// `log[v]` is the i with αⁱ = v, for v in 1 ..< 256 (`log[0]` is unused).
  static let log: [UInt8] = {
    var table = [UInt8](repeating: 0, count: 256)
    for index in 0..<255 { table[Int(exp[index])] = UInt8(index) }
    return table
  }()

  /// For each degree n up to 30 (the most error-correction codewords a block has), the
  /// logarithms of the generator's coefficients below the leading 1, highest degree first.
  static let generators: [[UInt8]] = (0...30).map { degree in
    // Coefficients, highest degree first; multiply by (x + αⁱ) once per i.
    var poly: [UInt8] = [1]
    for power in 0..<degree {
      var next = poly + [0]
      for index in 1..<next.count where poly[index - 1] != 0 {
        next[index] ^= exp[Int(log[Int(poly[index - 1])]) + power]
      }
      poly = next
    }
    return poly.dropFirst().map { log[Int($0)] }
  }

  /// Writes the `ecc.count` error-correction codewords of `data` into `ecc`.
  static func encode(
    _ data: UnsafeBufferPointer<UInt8>,
    into ecc: UnsafeMutableBufferPointer<UInt8>
  ) {
    let degree = ecc.count
    ecc.update(repeating: 0)
    guard degree > 0, let remainder = ecc.baseAddress else { return }
    generators[degree].withUnsafeBufferPointer { generator in
      exp.withUnsafeBufferPointer { exp in
        log.withUnsafeBufferPointer { log in
          for byte in data {
            let factor = byte ^ remainder[0]
            for index in 0..<(degree - 1) { remainder[index] = remainder[index + 1] }
            remainder[degree - 1] = 0
            guard factor != 0 else { continue }
            let logFactor = Int(log[Int(factor)])
            for index in 0..<degree {
              remainder[index] ^= exp[logFactor + Int(generator[index])]
            }
          }
        }
      }
    }
  }
}
