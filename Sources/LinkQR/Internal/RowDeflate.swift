/// A zlib stream (RFC 1950, one dynamic-Huffman DEFLATE block of RFC 1951) for image data made
/// of scanlines that each repeat a number of times, as a QR code's PNG rows do: every module row
/// is `repeatCount` identical pixel rows.
///
/// A general compressor searches hash chains for matches it could mostly know in advance here.
/// This one writes each distinct scanline once, as literals and matches against the scanline
/// above (same column, so QR patterns that line up vertically cost one match), the byte or byte
/// pair just before (runs, the timing pattern), or the last place its next four bytes began (one
/// probe of a small table, no chains); every repeat is one match at a distance of one scanline.
/// Its state is a few small arrays rather than zlib's 260 KB, and its time grows with the number
/// of distinct scanlines, not with the number of pixels.
struct RowDeflate {
  /// The distinct scanlines, `stride` bytes each, filter byte included.
  let scanlines: UnsafeBufferPointer<UInt8>
  /// Bytes per scanline, filter byte included.
  let stride: Int
  /// Times each scanline is written.
  let repeatCount: Int
  /// The shortest match written at a distance other than 1, 2 or one scanline (such a distance
  /// costs more extra bits), or nil not to look for one.
  let farMinimum: Int?

  /// log2 of the size of the table of recent four-byte strings.
  static let hashBits = 11

  /// The shortest match written. Measured on the benchmark's codes: 3 gives larger files
  /// (short matches cost more bits than the literals they replace); so does searching more
  /// rows than the one above (their distances cost more extra bits).
  static let minimumMatch = 4

  /// Appends the zlib stream: header, the DEFLATE block, then the Adler-32 of the
  /// uncompressed data.
  func write(to bytes: inout [UInt8]) {
    // QRRenderOptions.maximumPixels keeps a scanline far under the 32 KB window; each module row
    // is written at least once.
    assert(stride <= Tokens.window && repeatCount >= 1)
    let tokens = tokenize()
    var writer = BitWriter()
    swap(&writer.bytes, &bytes)  // the writer appends to the caller's array, not to a copy
    writer.bytes.reserveCapacity(writer.bytes.count + tokens.values.count + 256)
    writer.bytes += [0x78, 0x9C]  // deflate, 32 KB window; no preset dictionary
    HuffmanBlock(tokens: tokens).write(tokens, to: &writer)
    writer.flush()
    writer.bytes.append(bigEndian: adler32())
    swap(&writer.bytes, &bytes)
  }

  // MARK: Matches

  func tokenize() -> Tokens {
    var tokens = Tokens(capacity: scanlines.count / 2 + 16)
    let rows = scanlines.count / stride
    var recent = [UInt32](repeating: 0, count: farMinimum == nil ? 0 : 1 << Self.hashBits)
    recent.withUnsafeMutableBufferPointer { recent in
      for row in 0..<rows {
        tokenize(row: row, recent: recent, into: &tokens)
        if repeatCount > 1 {
          tokens.match(length: (repeatCount - 1) * stride, distance: stride)
        }
      }
    }
    tokens.finish()
    return tokens
  }

  /// Literals and matches for the first copy of `row`'s scanline. `recent` maps a hash of four
  /// bytes to where they last began (`row << 16 | column`, plus 1; 0 for none).
  private func tokenize(
    row: Int,
    recent: UnsafeMutableBufferPointer<UInt32>,
    into tokens: inout Tokens
  ) {
    let line = scanlines.baseAddress.unsafelyUnwrapped + row * stride
    var column = 0
    while column < stride {
      let here = line + column
      let limit = stride - column
      var (length, distance) = (0, 0)
      // The byte or byte pair before (runs, the timing pattern), then the scanline above (its
      // last copy is just before this one).
      for back in 1...2 where column >= back {
        let candidate = Self.commonLength(here, here - back, limit: limit)
        if candidate > length { (length, distance) = (candidate, back) }
      }
      if row > 0 {
        let candidate = Self.commonLength(here, here - stride, limit: limit)
        if candidate > length { (length, distance) = (candidate, stride) }
      }
      if let farMinimum, limit >= 4 {
        let far = farMatch(at: here, row: row, column: column, recent: recent)
        if far.length >= farMinimum, far.length > length { (length, distance) = far }
      }
      if length >= Self.minimumMatch {
        tokens.match(length: length, distance: distance)
        column += length
      } else {
        tokens.literal(here.pointee)
        column += 1
      }
    }
  }

  /// The match with the last place the four bytes at `here` began (if it is in the window), and
  /// `here` recorded as that place.
  @inline(__always)
  private func farMatch(
    at here: UnsafePointer<UInt8>,
    row: Int,
    column: Int,
    recent: UnsafeMutableBufferPointer<UInt32>
  ) -> (length: Int, distance: Int) {
    let word = UnsafeRawPointer(here).loadUnaligned(as: UInt32.self)
    let key = Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
    let entry = recent[key]
    recent[key] = UInt32(row << 16 | column) + 1
    guard entry != 0 else { return (0, 0) }
    let (earlierRow, earlierColumn) = (Int((entry - 1) >> 16), Int((entry - 1) & 0xFFFF))
    // From the last copy of the earlier scanline (its following bytes in the stream are the
    // next distinct scanline, as in `scanlines`, for at least one scanline's length).
    let distance =
      earlierRow == row
      ? column - earlierColumn
      : ((row - earlierRow - 1) * repeatCount + 1) * stride + column - earlierColumn
    guard distance <= Tokens.window else { return (0, 0) }
    let there = scanlines.baseAddress.unsafelyUnwrapped + earlierRow * stride + earlierColumn
    return (Self.commonLength(here, there, limit: stride - column), distance)
  }

  /// How many bytes from `a` equal those from `b`, up to `limit`.
  @inline(__always)
  private static func commonLength(
    _ a: UnsafePointer<UInt8>,
    _ b: UnsafePointer<UInt8>,
    limit: Int
  ) -> Int {
    var length = 0
    while length + 8 <= limit {
      let difference =
        UnsafeRawPointer(a + length).loadUnaligned(as: UInt64.self)
        ^ UnsafeRawPointer(b + length).loadUnaligned(as: UInt64.self)
      if difference != 0 {
        return length + UInt64(littleEndian: difference).trailingZeroBitCount >> 3
      }
      length += 8
    }
    while length < limit, a[length] == b[length] { length += 1 }
    return length
  }

  // MARK: Adler-32

  /// Adler-32 of the whole uncompressed data: each scanline summed once, then its
  /// `repeatCount` copies added in closed form (as zlib's `adler32_combine` joins two sums).
  func adler32() -> UInt32 {
    let modulus: UInt64 = 65521
    let copies = UInt64(repeatCount)
    let length = UInt64(stride) % modulus
    // n copies of the line raise the running `b` by n·length·a plus the line's own weighted
    // sum per copy, and by length·sum for each earlier copy: n(n − 1)/2 times.
    let pairs = (copies * (copies - 1) / 2) % modulus
    var (a, b): (UInt64, UInt64) = (1, 0)
    var offset = 0
    while offset < scanlines.count {
      // The line alone: sum = Σ x, weighted = Σ (stride − k) x_k.
      var (sum, weighted): (UInt64, UInt64) = (0, 0)
      let line = scanlines.baseAddress.unsafelyUnwrapped + offset
      for index in 0..<stride {
        sum &+= UInt64(line[index])
        weighted &+= sum
      }
      (sum, weighted) = (sum % modulus, weighted % modulus)
      b =
        (b + copies % modulus * (length * a % modulus + weighted) + pairs * (length * sum % modulus))
        % modulus
      a = (a + copies % modulus * sum) % modulus
      offset += stride
    }
    return UInt32(b << 16 | a)
  }
}

/// LZ77 output: literals (`0..<256`) and matches (bit 31 set, `length - 3` in bits 16–23,
/// `distance - 1` in bits 0–14).
struct Tokens {
  static let window = 32768
  private(set) var values: [UInt32]
  /// A match not yet written, so a contiguous one at the same distance extends it.
  private var pending = (length: 0, distance: 0)

  init(capacity: Int) {
    values = []
    values.reserveCapacity(capacity)
  }

  @inline(__always)
  mutating func literal(_ byte: UInt8) {
    if pending.length > 0 { flushMatch() }
    values.append(UInt32(byte))
  }

  mutating func match(length: Int, distance: Int) {
    if pending.length > 0, pending.distance != distance { flushMatch() }
    pending = (pending.length + length, distance)
  }

  mutating func finish() { flushMatch() }

  /// A token's match as packed, `length - 3` and `distance - 1`; nil for a literal (the token
  /// is then the byte).
  @inline(__always)
  static func match(_ token: UInt32) -> (length: Int, distance: Int)? {
    token & (1 << 31) == 0 ? nil : (Int(token >> 16 & 0xFF), Int(token & 0x7FFF))
  }

  /// Writes the pending match as pieces of at most 258 bytes, none shorter than 3.
  private mutating func flushMatch() {
    guard pending.length > 0 else { return }
    var remaining = pending.length
    let distance = UInt32(pending.distance - 1)
    while remaining > 0 {
      let piece = remaining <= 258 ? remaining : remaining < 261 ? remaining - 3 : 258
      values.append(1 << 31 | UInt32(piece - 3) << 16 | distance)
      remaining -= piece
    }
    pending = (0, 0)
  }
}
