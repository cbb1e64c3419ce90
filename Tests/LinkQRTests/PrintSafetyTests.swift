import Foundation
import LinkQR
import LinkgenTestSupport
import Testing

/// Codes that survive print: error correction raised for free, modules too small to scan
/// refused, a narrow quiet zone warned about, and an SVG that stays small.
@Suite(.blockingWork)
struct PrintSafetyTests {
  static let invite = "https://openlist.example.com/invite/AB12CD34"
  static let checklist =
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  // MARK: Error correction raised for free

  @Test func theLevelIsRaisedToTheHighestTheVersionHolds() throws {
    // 83 bytes: version 5 at L and at M (84 bytes), not at Q.
    let raised = try QRCode(encoding: Self.checklist, errorCorrection: .low)
    #expect(raised.version == 5 && raised.errorCorrection == .medium)
    let exact = try QRCode(
      encoding: Self.checklist,
      errorCorrection: .low,
      exactErrorCorrection: true
    )
    #expect(exact.version == 5 && exact.errorCorrection == .low)
    // 44 bytes at M: version 4, which holds 46 at Q.
    let invite = try QRCode(encoding: Self.invite)
    #expect(invite.version == 4 && invite.errorCorrection == .quartile)
    #expect(
      try QRCode(encoding: Self.invite, exactErrorCorrection: true).errorCorrection == .medium
    )
  }

  /// For every length and level: the raised code has the version the exact one has (never a
  /// larger code), a level at least the one asked for, and the next level up would need a
  /// larger version.
  @Test(arguments: QRErrorCorrection.allCases)
  func raisingNeverCostsSize(level: QRErrorCorrection) throws {
    for count in stride(from: 1, through: min(level.byteCapacity, 400), by: 3) {
      let bytes = [UInt8](repeating: 0x61, count: count)
      let exact = try QRCode(bytes: bytes, errorCorrection: level, exactErrorCorrection: true)
      let raised = try QRCode(bytes: bytes, errorCorrection: level)
      #expect(raised.version == exact.version, "\(count) bytes at \(level)")
      #expect(raised.errorCorrection.rawValue >= level.rawValue)
      if let higher = QRErrorCorrection(rawValue: raised.errorCorrection.rawValue + 1) {
        let next = try QRCode(bytes: bytes, errorCorrection: higher, exactErrorCorrection: true)
        #expect(next.version > raised.version, "\(count) bytes: \(higher) fits the same version")
      }
    }
  }

  /// The capacities the raise relies on are libqrencode's: the largest text of each version
  /// and level fits it, one byte more does not.
  @Test func theCapacitiesAreLibqrencodes() throws {
    for version in [1, 2, 5, 9, 10, 14, 26, 27, 40] {
      for level in QRErrorCorrection.allCases {
        let capacity = QRCode.byteCapacity(version: version, level: level)
        let fits = try QRCode(
          bytes: [UInt8](repeating: 0x41, count: capacity),
          errorCorrection: level,
          minimumVersion: version,
          exactErrorCorrection: true
        )
        #expect(fits.version == version, "\(capacity) bytes, version \(version) \(level)")
        if version < 40 {
          let over = try QRCode(
            bytes: [UInt8](repeating: 0x41, count: capacity + 1),
            errorCorrection: level,
            minimumVersion: version,
            exactErrorCorrection: true
          )
          #expect(over.version > version)
        }
      }
    }
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg is not installed"))
  func aRaisedCodeScans() throws {
    let directory = try TemporaryDirectory()
    let code = try QRCode(encoding: Self.checklist, errorCorrection: .low)
    let file = directory.file("raised.png")
    try Data(code.png()).write(to: file)
    #expect(try Scanner.decode(png: file) == Self.checklist)
  }

  // MARK: Modules too small to scan

  static func options(_ scale: QRRenderOptions.Scale, dpi: Int? = nil) -> QRRenderOptions {
    var options = QRRenderOptions()
    options.scale = scale
    options.dpi = dpi
    return options
  }

  static func refusal(
    _ options: QRRenderOptions,
    _ format: QRImageFormat,
    code: QRCode
  ) -> QRError? {
    do throws(QRError) {
      try options.checkModuleSize(of: code, format: format)
      return nil
    } catch {
      return error
    }
  }

  @Test func aPNGUnderTwoPixelsOrAQuarterMillimetreAModuleIsRefused() throws {
    let code = try QRCode(encoding: Self.invite)  // version 4: 41 modules with the quiet zone
    let fiveMillimetres = Self.refusal(
      Self.options(.fit(try QRLength(parsing: "5mm"))),
      .png,
      code: code
    )
    #expect(fiveMillimetres?.code == .moduleTooSmall)
    // 3 px a module at 300 dpi (0.25 mm): 123 px, 10.41 mm.
    #expect(
      fiveMillimetres?.message.contains("the smallest size that works is 10.5mm at 300 dpi") == true
    )
    let pixels = Self.refusal(Self.options(.fit(try QRLength(parsing: "45px"))), .png, code: code)
    #expect(pixels?.message.contains("the smallest size that works is 82px") == true)
    let scale = Self.refusal(Self.options(.pixelsPerModule(1)), .png, code: code)
    #expect(scale?.message.contains("the smallest scale that works is 2") == true)
    #expect(Self.refusal(Self.options(.pixelsPerModule(2)), .png, code: code) == nil)
    #expect(Self.refusal(Self.options(.pixelsPerModule(2), dpi: 300), .png, code: code) != nil)
    #expect(
      Self.refusal(Self.options(.fit(try QRLength(parsing: "10.5mm"))), .png, code: code) == nil
    )
    #expect(
      Self.refusal(Self.options(.fit(try QRLength(parsing: "82px"))), .png, code: code) == nil
    )
    #expect(
      Self.refusal(Self.options(.fit(try QRLength(parsing: "30mm"))), .png, code: code) == nil
    )
  }

  @Test func anSVGUnderAQuarterMillimetreAModuleIsRefused() throws {
    let code = try QRCode(encoding: Self.invite)
    let refusal = Self.refusal(Self.options(.fit(try QRLength(parsing: "5mm"))), .svg, code: code)
    #expect(refusal?.code == .moduleTooSmall)
    #expect(refusal?.message.contains("the smallest size that works is 10.3mm") == true)
    #expect(
      Self.refusal(Self.options(.fit(try QRLength(parsing: "10.3mm"))), .svg, code: code) == nil
    )
    #expect(Self.refusal(Self.options(.fit(try QRLength(parsing: "1in"))), .svg, code: code) == nil)
    #expect(
      Self.refusal(Self.options(.fit(try QRLength(parsing: "0.3in"))), .svg, code: code) != nil
    )
    #expect(Self.refusal(Self.options(.pixelsPerModule(1)), .svg, code: code) == nil)
  }

  @Test func aQuietZoneUnderFourModulesWarns() {
    var options = QRRenderOptions()
    #expect(options.quietZoneWarning == nil)
    options.margin = 2
    #expect(options.quietZoneWarning?.code == .narrowQuietZone)
    options.margin = 0
    #expect(options.quietZoneWarning?.message.contains("under the 4") == true)
  }

  // MARK: A compact SVG

  /// One `<path>` of outlines in compact syntax: 2.9 KB for this link at level M, version 5
  /// (segno's stroked SVG: 2.4 KB; ours was 4.7 KB with a closed subpath per run).
  @Test func theSVGIsCompact() throws {
    let code = try QRCode(encoding: Self.checklist, exactErrorCorrection: true)
    let svg = try code.svg()
    #expect(svg.utf8.count < 3_000, "\(svg.utf8.count) bytes")
    #expect(!svg.contains("z") && !svg.contains("stroke"))
  }
}

/// The outlines sheets fill: together, with the nonzero rule, exactly the dark modules.
@Suite(.blockingWork)
struct OutlineTests {
  /// The nonzero winding number of each module (by column and row) that `outlines` fill,
  /// counted from their vertical edges to its right, from column `first` on; each outline must
  /// turn at every corner.
  static func windings(_ outlines: [[(x: Int, y: Int)]], from first: Int = 0) -> [[Int]: Int] {
    var winding: [[Int]: Int] = [:]
    for corners in outlines {
      #expect(corners.count >= 4 && corners.count % 2 == 0)
      for (index, from) in corners.enumerated() {
        let to = corners[(index + 1) % corners.count]
        #expect(from.x == to.x || from.y == to.y, "edges are horizontal or vertical")
        guard from.x == to.x, from.y != to.y else { continue }
        for row in min(from.y, to.y)..<max(from.y, to.y) {
          for column in first..<from.x {
            winding[[column, row], default: 0] += to.y > from.y ? 1 : -1
          }
        }
      }
    }
    return winding.filter { $0.value != 0 }
  }

  static func windings(_ code: QRCode, excluding area: QRLogoArea? = nil) -> [[Int]: Int] {
    var outlines: [[(x: Int, y: Int)]] = []
    code.forEachDarkOutline(excluding: area) { outlines.append(Array($0)) }
    return windings(outlines)
  }

  @Test(arguments: [
    "https://openlist.example.com/invite/AB12CD34",
    "https://openlist.example.com/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    String(repeating: "https://openlist.example.com/", count: 20),
  ])
  func theOutlinesCoverExactlyTheDarkModules(text: String) throws {
    for code in [try QRCode(encoding: text), try QRCode(encodingForLogo: text)] {
      let area = code.errorCorrection == .high ? try code.logoArea() : nil
      let winding = Self.windings(code, excluding: area)
      for row in 0..<code.size {
        for column in 0..<code.size {
          let dark = code[column, row] && !(area?.contains(x: column, y: row) ?? false)
          #expect((winding[[column, row]] != nil) == dark, "module \(column), \(row)")
          #expect(abs(winding[[column, row]] ?? 0) <= 1)
        }
      }
    }
  }
}
