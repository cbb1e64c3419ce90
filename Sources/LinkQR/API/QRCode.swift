/// A QR code symbol: a square matrix of dark and light modules, encoded in byte (8-bit) mode,
/// so any text or bytes round-trip exactly. The symbols are libqrencode's (4.1), module for
/// module: the same version, padding, error-correction blocks, placement and mask choice,
/// made by LinkQR's own encoder without the C library.
///
/// ```swift
/// let code = try QRCode(encoding: "https://openlist.example.com/invite/AB12CD34")
/// code.version  // 3
/// code.size     // 29 modules a side, without the quiet zone
/// code[0, 0]    // true: the top-left finder pattern is dark
/// let png = try code.png(QRRenderOptions())
/// ```
public struct QRCode: Sendable, Hashable {
  /// The symbol version, 1 (21 x 21 modules) to 40 (177 x 177).
  public let version: Int
  /// The error-correction level the symbol was encoded with.
  public let errorCorrection: QRErrorCorrection
  /// Modules per side, without the quiet zone: `17 + 4 * version`.
  public let size: Int
  /// One byte per module, row by row: bit 0 set for a dark module, bit 1 for a module of an
  /// error-correction codeword (or a remainder bit), bit 7 for a function module (finder,
  /// separator, timing, alignment, format or version information), as libqrencode marks them.
  let modules: [UInt8]

  /// Encodes text as its UTF-8 bytes.
  ///
  /// - Parameters:
  ///   - text: The text, such as a link; it is encoded byte for byte, unchanged.
  ///   - errorCorrection: The least level; ``QRErrorCorrection/medium`` by default. The
  ///     version is the smallest that holds the text at this level, and the code then gets the
  ///     highest level that version still holds the text at, for free (the same size):
  ///     83 bytes at level L make a version 5 code at level M, which survives twice the damage.
  ///   - minimumVersion: The smallest version to use (1–40), for codes of one size across a
  ///     batch; a longer text still gets the larger version it needs. `nil` picks the smallest.
  ///   - exactErrorCorrection: `true` keeps `errorCorrection` as given rather than raising it.
  /// - Throws: ``QRError`` with ``QRError/Code/empty``, ``QRError/Code/tooLong`` (naming the
  ///   size and the capacity) or ``QRError/Code/invalidOption``.
  public init(
    encoding text: String,
    errorCorrection: QRErrorCorrection = .medium,
    minimumVersion: Int? = nil,
    exactErrorCorrection: Bool = false
  ) throws(QRError) {
    var text = text
    let result = text.withUTF8 { bytes in
      Result { () throws(QRError) in
        try QRCode(
          buffer: bytes,
          errorCorrection: errorCorrection,
          minimumVersion: minimumVersion,
          exactErrorCorrection: exactErrorCorrection
        )
      }
    }
    self = try result.get()
  }

  /// Encodes bytes as they are (byte mode); see
  /// ``init(encoding:errorCorrection:minimumVersion:exactErrorCorrection:)``.
  ///
  /// ```swift
  /// let code = try QRCode(bytes: [0x57, 0x49, 0x46, 0x49], errorCorrection: .quartile)
  /// ```
  public init(
    bytes: some Collection<UInt8>,
    errorCorrection: QRErrorCorrection = .medium,
    minimumVersion: Int? = nil,
    exactErrorCorrection: Bool = false
  ) throws(QRError) {
    let encode = { (buffer: UnsafeBufferPointer<UInt8>) in
      Result { () throws(QRError) in
        try QRCode(
          buffer: buffer,
          errorCorrection: errorCorrection,
          minimumVersion: minimumVersion,
          exactErrorCorrection: exactErrorCorrection
        )
      }
    }
    let result =
      bytes.withContiguousStorageIfAvailable(encode)
      ?? Array(bytes).withUnsafeBufferPointer(encode)
    self = try result.get()
  }

  /// Encodes the bytes of a buffer that stays valid for the call.
  init(
    buffer bytes: UnsafeBufferPointer<UInt8>,
    errorCorrection requested: QRErrorCorrection,
    minimumVersion: Int?,
    exactErrorCorrection: Bool
  ) throws(QRError) {
    if let minimumVersion, !(1...40).contains(minimumVersion) {
      throw QRError(
        .invalidOption,
        "the minimum version must be between 1 and 40, not \(minimumVersion)"
      )
    }
    guard !bytes.isEmpty else {
      throw QRError(.empty, "there is no text to encode")
    }
    guard bytes.count <= requested.byteCapacity else {
      throw Self.tooLong(bytes.count, requested)
    }
    var errorCorrection = requested
    var minimumVersion = minimumVersion ?? 0
    if !exactErrorCorrection,
      let (version, level) = Self.raised(requested, bytes: bytes.count, from: minimumVersion),
      level != requested
    {
      (errorCorrection, minimumVersion) = (level, version)
    }
    let first = max(1, minimumVersion)
    guard
      let version = (first...40).first(where: {
        Self.byteCapacity(version: $0, level: errorCorrection) >= bytes.count
      })
    else { throw Self.tooLong(bytes.count, errorCorrection) }
    self.version = version
    self.errorCorrection = errorCorrection
    size = 17 + 4 * version
    modules = SymbolEncoder.encode(bytes, version: version, level: errorCorrection)
  }

  /// Whether the module in column `x`, row `y` (both from 0 at the top left, inside the quiet
  /// zone) is dark. Positions outside the symbol, in the quiet zone, are light.
  public subscript(x: Int, y: Int) -> Bool {
    guard x >= 0, y >= 0, x < size, y < size else { return false }
    return modules[y * size + x] & Self.darkBit != 0
  }

  /// libqrencode's flag of a dark module.
  static let darkBit: UInt8 = 0x01
  /// libqrencode's flag of a module in an error-correction codeword (rather than a data one).
  static let errorCorrectionBit: UInt8 = 0x02
  /// libqrencode's flag of a function-pattern module (not part of any codeword).
  static let functionBit: UInt8 = 0x80

  /// Whether the module at `x`, `y` belongs to a function pattern (finder, separator, timing,
  /// alignment, format or version information) rather than to a codeword.
  func isFunctionModule(x: Int, y: Int) -> Bool {
    modules[y * size + x] & Self.functionBit != 0
  }

  /// Whether libqrencode placed an error-correction codeword's bit at `x`, `y`.
  func isErrorCorrectionModule(x: Int, y: Int) -> Bool {
    modules[y * size + x] & Self.errorCorrectionBit != 0
  }

  /// The most bytes a symbol of `version` holds in byte mode at `level`: its data codewords
  /// (ISO/IEC 18004 Table 9) less the mode indicator (4 bits) and the length (8 bits up to
  /// version 9, 16 from version 10).
  package static func byteCapacity(version: Int, level: QRErrorCorrection) -> Int {
    let entry = CodewordLayout.table[version - 1]
    let (perBlock, blocks) = entry.levels[level.rawValue]
    let dataBits = 8 * (entry.codewords - perBlock * blocks)
    return (dataBits - 4 - (version < 10 ? 8 : 16)) / 8
  }

  /// The smallest version at or above `minimumVersion` that holds `count` bytes at `level`
  /// (the one libqrencode picks), and the highest level that version holds them at; `nil`
  /// when no version does.
  package static func raised(
    _ level: QRErrorCorrection,
    bytes count: Int,
    from minimumVersion: Int
  ) -> (version: Int, level: QRErrorCorrection)? {
    guard
      let version = (max(1, minimumVersion)...40).first(where: {
        byteCapacity(version: $0, level: level) >= count
      })
    else { return nil }
    let best = QRErrorCorrection.allCases.last {
      $0.rawValue >= level.rawValue && byteCapacity(version: version, level: $0) >= count
    }
    return (version, best ?? level)
  }

  static func tooLong(_ count: Int, _ level: QRErrorCorrection) -> QRError {
    QRError(
      .tooLong,
      "the text is \(count) bytes; a QR code at level \(level.name) holds at most "
        + "\(level.byteCapacity) bytes (version 40)"
        + (level == .low ? "" : ", and \(QRErrorCorrection.low.byteCapacity) at level L")
    )
  }
}
