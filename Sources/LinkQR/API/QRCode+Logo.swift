/// The square in the centre of a QR code that is left light for a logo.
///
/// ```swift
/// let code = try QRCode(encoding: link, errorCorrection: .high)
/// let area = try code.logoArea()          // the largest the rule allows
/// area.side                                // 15 (modules)
/// area.origin                              // 17: columns and rows 17..<32 are cleared
/// ```
///
/// See ``QRCode/largestLogoSide`` for the rule.
public struct QRLogoArea: Sendable, Hashable {
  /// The side of the cleared square, in modules.
  public let side: Int
  /// The column (and row) of the square's top-left module, from the symbol's top-left corner
  /// (inside the quiet zone).
  public let origin: Int
  /// The side of the symbol, in modules, without the quiet zone.
  public let symbolSize: Int

  /// The side as a fraction of the symbol's side.
  public var fraction: Double { Double(side) / Double(symbolSize) }

  /// Whether the module at `x`, `y` is inside the square.
  public func contains(x: Int, y: Int) -> Bool {
    x >= origin && y >= origin && x < origin + side && y < origin + side
  }
}

extension QRCode {
  /// The smallest logo area worth drawing, in modules; a code with less room refuses a logo.
  public static let minimumLogoSide = 5

  /// The logo's side as a share of the code's when none is asked for: 20%, or the largest the
  /// rule allows when that is less. Measured (`scripts/logo-share.py`, docs/print.md): up to
  /// 20% a logo code reads as well as a plain code of the same version after downscaling,
  /// blur, rotation, JPEG and noise, with zbar and ZXing; at 25% and more (the rule allows
  /// up to 34%) reads drop sharply under downscaling and rotation.
  public static let defaultLogoShare = 0.2

  /// Encodes text for a code with a logo: at error-correction level H, in the smallest version
  /// that holds it and has no alignment pattern at its centre (see ``largestLogoSide``).
  ///
  /// ```swift
  /// let code = try QRCode(encodingForLogo: link)  // version 14 where plain H would give 8
  /// let svg = try code.svg(QRRenderOptions(), logo: logo)
  /// ```
  ///
  /// - Throws: ``QRError``: as ``init(encoding:errorCorrection:minimumVersion:)``, or
  ///   ``QRError/Code/logoTooLarge`` when the text needs version 35 or more, which all have an
  ///   alignment pattern at the centre.
  public init(encodingForLogo text: String, minimumVersion: Int? = nil) throws(QRError) {
    var code = try QRCode(encoding: text, errorCorrection: .high, minimumVersion: minimumVersion)
    if Self.hasCentralAlignmentPattern(version: code.version) {
      guard let version = Self.logoVersion(atLeast: code.version) else {
        throw QRError(
          .logoTooLarge,
          "the text needs a version \(code.version) code at level H; from version 35 on, every "
            + "version has an alignment pattern at its centre, which a logo must not hide"
        )
      }
      code = try QRCode(encoding: text, errorCorrection: .high, minimumVersion: version)
    }
    self = code
  }

  /// Whether a version has an alignment pattern at the very centre of the symbol: versions
  /// 7–13, 21–27 and 35–40 (an odd number of alignment rows).
  public static func hasCentralAlignmentPattern(version: Int) -> Bool {
    version >= 7 && (version / 7 + 2) % 2 == 1
  }

  /// The smallest version at or above `version` without an alignment pattern at its centre, or
  /// `nil` from version 35 on.
  public static func logoVersion(atLeast version: Int) -> Int? {
    (max(1, version)...40).first { !hasCentralAlignmentPattern(version: $0) }
  }

  /// The side, in modules, of the largest square centred on the symbol that a logo may cover.
  ///
  /// The rule has two parts:
  ///
  /// 1. The square may destroy at most **half of the codewords each error-correction block can
  ///    correct**, so that the other half is left for print defects, wear and the camera. A
  ///    block with `e` error-correction codewords corrects `(e − p) / 2` wrong codewords (`p` is
  ///    the misdecode protection of versions 1–3); every codeword with a module under the square
  ///    counts as destroyed. The square also stays clear of the finder patterns, separators,
  ///    timing patterns and format information.
  /// 2. The code must have **no alignment pattern at its centre** (versions 7–13, 21–27 and
  ///    35–40 have one; ``init(encodingForLogo:minimumVersion:)`` skips them): a decoder looks
  ///    for that pattern exactly where the logo is, and logo artwork there makes it misplace
  ///    its sampling grid. This was measured with zbar: logos that decode in every other
  ///    version fail in these, while covering the off-centre alignment patterns of larger
  ///    versions does no harm. For these versions the answer is 0.
  ///
  /// At level H the first part allows about a quarter to a third of the side (version 6: 13 of
  /// 41 modules, version 14: 25 of 73); the other levels allow much less, which is why a logo
  /// needs level H.
  public var largestLogoSide: Int {
    guard !Self.hasCentralAlignmentPattern(version: version) else { return 0 }
    let layout = CodewordLayout(version: version, level: errorCorrection)
    // For each codeword, the smallest centred square (as a ring index: side 2r + 1) that
    // touches it.
    let center = size / 2
    let codewordCount = layout.codewordBlock.count
    var rings = [Int](repeating: Int.max, count: codewordCount)
    CodewordLayout.forEachDataModule(of: self) { x, y, bit in
      let codeword = bit >> 3
      guard codeword < codewordCount else { return }  // remainder bits
      let ring = max(abs(x - center), abs(y - center))
      if ring < rings[codeword] { rings[codeword] = ring }
    }
    // Damaged codewords per block as the square grows, ring by ring.
    let budget = layout.correctable.map { $0 / 2 }
    var perRing = [[Int]](
      repeating: [Int](repeating: 0, count: layout.blocks.count),
      count: center + 1
    )
    for (codeword, ring) in rings.enumerated() where ring <= center {
      perRing[ring][layout.codewordBlock[codeword]] += 1
    }
    // Keep 9 modules from each edge (finder, separator and format information): sides up to
    // size - 18, that is rings up to (size - 19) / 2.
    var damaged = [Int](repeating: 0, count: layout.blocks.count)
    var side = 0
    for ring in 0...(size - 19) / 2 {
      for block in damaged.indices { damaged[block] += perRing[ring][block] }
      guard damaged.indices.allSatisfy({ damaged[$0] <= budget[$0] }) else { break }
      side = 2 * ring + 1
    }
    return side
  }

  /// The square a logo covers: `fraction` of the symbol's side (rounded down to an odd number
  /// of modules, so it is centred on a module), or when `nil` ``defaultLogoShare`` of it (at
  /// least ``minimumLogoSide`` modules), kept within the largest the rule allows
  /// (``largestLogoSide``).
  ///
  /// - Parameter fraction: The side of the square over the side of the symbol, 0–1.
  /// - Throws: ``QRError``: ``QRError/Code/logoNeedsHighCorrection`` when the code is not at
  ///   level H; ``QRError/Code/logoOverAlignmentPattern`` when its version has an alignment
  ///   pattern at the centre (encode it with ``init(encodingForLogo:minimumVersion:)``);
  ///   ``QRError/Code/logoTooLarge`` when the square would destroy more than the rule allows,
  ///   or the code has no room for ``minimumLogoSide`` modules (a higher minimum version gives
  ///   more).
  public func logoArea(fraction: Double? = nil) throws(QRError) -> QRLogoArea {
    guard errorCorrection == .high else {
      throw QRError(
        .logoNeedsHighCorrection,
        "a logo needs error correction H; this code is at level \(errorCorrection.name)"
      )
    }
    guard !Self.hasCentralAlignmentPattern(version: version) else {
      throw QRError(
        .logoOverAlignmentPattern,
        "a version \(version) code has an alignment pattern at its centre, which a logo would "
          + "hide; encode it for a logo (version \(Self.logoVersion(atLeast: version) ?? 40) or more)"
      )
    }
    let largest = largestLogoSide
    let percent = { (side: Int) in Int((Double(side) / Double(size) * 100).rounded()) }
    guard largest >= Self.minimumLogoSide else {
      throw QRError(
        .logoTooLarge,
        "a version \(version) code (\(size) modules) has no room for a logo: covering "
          + "\(Self.minimumLogoSide)×\(Self.minimumLogoSide) modules would use more than half of "
          + "its error correction; give a higher minimum version"
      )
    }
    var side = min(
      largest,
      max(Self.minimumLogoSide, Self.oddSide(Self.defaultLogoShare, of: size))
    )
    if let fraction {
      guard fraction > 0, fraction <= 1, fraction.isFinite else {
        throw QRError(.invalidOption, "the logo size must be more than 0% and at most 100%")
      }
      side = Self.oddSide(fraction, of: size)
      guard side <= largest else {
        throw QRError(
          .logoTooLarge,
          "a logo \(Int((fraction * 100).rounded()))% of the code's side (\(side) of \(size) modules) would make "
            + "this version \(version) code unreadable; the most it allows is \(percent(largest))% "
            + "(\(largest) modules)"
        )
      }
      guard side >= Self.minimumLogoSide else {
        throw QRError(
          .invalidOption,
          "a logo \(percent(max(side, 0)))% of the code's side is under "
            + "\(Self.minimumLogoSide) modules; give at least "
            + "\(Int((Double(Self.minimumLogoSide) / Double(size) * 100).rounded(.up)))%"
        )
      }
    }
    return QRLogoArea(side: side, origin: (size - side) / 2, symbolSize: size)
  }

  /// `fraction` of `size` modules, rounded down to an odd number.
  private static func oddSide(_ fraction: Double, of size: Int) -> Int {
    let side = Int(fraction * Double(size))
    return side % 2 == 0 ? side - 1 : side
  }

  /// Calls `body(y, start, end)` for each run `start..<end` of dark modules in row `y`, top to
  /// bottom and left to right, leaving out the modules inside `area`.
  package func forEachDarkRun(
    excluding area: QRLogoArea? = nil,
    _ body: (_ y: Int, _ start: Int, _ end: Int) -> Void
  ) {
    let bits = ModuleBits(self)
    for y in 0..<size {
      bits.forEachRun(inRow: y) { start, end in
        guard let area, y >= area.origin, y < area.origin + area.side else {
          body(y, start, end)
          return
        }
        let (left, right) = (area.origin, area.origin + area.side)
        if start < left { body(y, start, min(end, left)) }
        if end > right { body(y, max(start, right), end) }
      }
    }
  }
}
