import Foundation
import LinkQR
import LinkgenTestSupport
import Testing

@Suite(
  .blockingWork,
  .enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed")
)
struct PNGTests {
  static let invite = "https://openlist.example.com/invite/AB12CD34EF?role=editor"

  /// Writes the PNG and decodes it with zbarimg.
  func scan(_ png: [UInt8], _ directory: TemporaryDirectory, name: String = "code.png") throws
    -> String?
  {
    let file = directory.file(name)
    try Data(png).write(to: file)
    return try Scanner.decode(png: file)
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func everyLevelScans(level: QRErrorCorrection) throws {
    let directory = try TemporaryDirectory()
    let code = try QRCode(encoding: Self.invite, errorCorrection: level)
    #expect(try scan(code.png(), directory) == Self.invite)
  }

  @Test(arguments: QRErrorCorrection.allCases)
  func theLongestLinksScanAtVersion40(level: QRErrorCorrection) throws {
    let directory = try TemporaryDirectory()
    let prefix = "https://openlist.example.com/search?q="
    let link = prefix + String(repeating: "x7", count: (level.byteCapacity - prefix.count) / 2)
    let code = try QRCode(encoding: link, errorCorrection: level)
    #expect(code.version == 40)
    var options = QRRenderOptions()
    options.scale = .pixelsPerModule(3)
    #expect(try scan(code.png(options), directory) == link)
  }

  @Test func unicodeTextRoundTrips() throws {
    let directory = try TemporaryDirectory()
    let text = "Grüße aus Köln ✓ — 東京"
    #expect(try scan(QRCode(encoding: text).png(), directory) == text)
  }

  @Test func blackOnWhiteIsOneBitGrayscale() throws {
    let png = try QRCode(encoding: Self.invite).png()
    let header = try PNGHeader(png)
    #expect(header.bitDepth == 1)
    #expect(header.colorType == 0)
    #expect(header.width == (33 + 8) * 8)
    #expect(header.chunks == ["IHDR", "IDAT", "IEND"])
    #expect(png.count < 1000)
  }

  @Test func coloursUseATwoEntryPaletteAndScan() throws {
    let directory = try TemporaryDirectory()
    var options = QRRenderOptions()
    options.foreground = try QRColor(parsing: "#1a237e")
    options.background = try QRColor(parsing: "#fffde7")
    #expect(options.warnings.isEmpty)
    let png = try QRCode(encoding: Self.invite).png(options)
    let header = try PNGHeader(png)
    #expect(header.bitDepth == 1)
    #expect(header.colorType == 3)
    #expect(header.chunks == ["IHDR", "PLTE", "IDAT", "IEND"])
    #expect(try scan(png, directory) == Self.invite)
  }

  @Test func aTransparentBackgroundAddsTRNS() throws {
    let directory = try TemporaryDirectory()
    var options = QRRenderOptions()
    options.background = try QRColor(parsing: "transparent")
    let png = try QRCode(encoding: Self.invite).png(options)
    #expect(try PNGHeader(png).chunks == ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"])
    #expect(try scan(png, directory) == Self.invite)
  }

  @Test func aPhysicalSizePicksWholePixelModulesAndRecordsTheResolution() throws {
    let directory = try TemporaryDirectory()
    var options = QRRenderOptions()
    options.scale = .fit(try QRLength(parsing: "30mm"))
    options.dpi = 300
    let code = try QRCode(encoding: Self.invite)
    let png = try code.png(options)
    let header = try PNGHeader(png)
    // 30 mm at 300 dpi is 354 px; 41 modules with the quiet zone: 8 px each, 328 px.
    #expect(header.width == 328 && header.height == 328)
    #expect(header.pixelsPerMeter == 11811)
    #expect(try scan(png, directory) == Self.invite)
  }

  @Test func marginAndScaleSetTheImageSize() throws {
    var options = QRRenderOptions()
    options.margin = 0
    options.scale = .pixelsPerModule(3)
    let header = try PNGHeader(QRCode(encoding: Self.invite).png(options))
    #expect(header.width == 33 * 3)
    #expect(header.pixelsPerMeter == nil)
  }

  @Test func optionsOutOfRangeAreErrors() throws {
    let code = try QRCode(encoding: Self.invite)
    var options = QRRenderOptions()
    options.scale = .pixelsPerModule(0)
    #expect(throws: QRError.self) { try code.png(options) }
    options.scale = .pixelsPerModule(1000)
    #expect((try? code.png(options)) == nil)
    options.scale = .fit(try QRLength(parsing: "2mm"))
    let error = try #require(throws: QRError.self) { try code.png(options) }
    #expect(error.message.contains("too small for the 41 modules"))
    options = QRRenderOptions()
    options.margin = -1
    #expect(throws: QRError.self) { try code.png(options) }
  }
}

/// The fields of a PNG file the tests check.
struct PNGHeader {
  var width = 0
  var height = 0
  var bitDepth = 0
  var colorType = 0
  var pixelsPerMeter: Int?
  var chunks: [String] = []

  init(_ png: [UInt8]) throws {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard png.starts(with: signature) else { throw ScannerError("not a PNG") }
    func integer(_ at: Int) -> Int {
      png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    var offset = 8
    while offset + 8 <= png.count {
      let length = integer(offset)
      let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      if chunks.last != type { chunks.append(type) }
      let data = offset + 8
      switch type {
      case "IHDR":
        width = integer(data)
        height = integer(data + 4)
        bitDepth = Int(png[data + 8])
        colorType = Int(png[data + 9])
      case "pHYs": pixelsPerMeter = integer(data)
      default: break
      }
      offset = data + length + 4
    }
    chunks.removeAll { $0 == "pHYs" }
  }
}
