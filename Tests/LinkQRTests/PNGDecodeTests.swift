import CPNG
import LinkgenTestSupport
import Testing

@testable import LinkQR

/// LinkQR compresses its PNG files itself (`RowDeflate`); libpng, with zlib's inflate (which
/// checks every chunk's CRC and the stream's Adler-32), reads them back here pixel for pixel.
struct PNGDecodeTests {
  struct Decoded {
    let width: Int
    let height: Int
    /// One byte per channel, RGBA or gray as asked.
    let pixels: [UInt8]
  }

  /// `PNG_FORMAT_RGBA`, which Swift does not import (a macro built from other macros).
  static let rgba = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

  /// The file read by libpng's simplified API, 8 bits per channel.
  static func decode(_ png: [UInt8], format: UInt32 = rgba) throws -> Decoded {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    defer { png_image_free(&image) }
    var pixels: [UInt8] = []
    let status = png.withUnsafeBytes { file -> Int32 in
      guard png_image_begin_read_from_memory(&image, file.baseAddress, file.count) != 0 else {
        return 0
      }
      image.format = format
      let channels = format == UInt32(PNG_FORMAT_GRAY) ? 1 : 4
      pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * channels)
      return png_image_finish_read(&image, nil, &pixels, 0, nil)
    }
    guard status != 0 else {
      let message = withUnsafeBytes(of: image.message) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      throw DecodeError(message: message)
    }
    return Decoded(width: Int(image.width), height: Int(image.height), pixels: pixels)
  }

  struct DecodeError: Error, CustomStringConvertible {
    let message: String
    var description: String { "libpng: \(message)" }
  }

  /// The first pixel that differs from the code drawn with these options, if any.
  static func firstDifference(
    _ decoded: Decoded,
    _ code: QRCode,
    _ options: QRRenderOptions,
    scale: Int
  )
    -> String?
  {
    let side = (code.size + 2 * options.margin) * scale
    guard decoded.width == side, decoded.height == side else {
      return "size \(decoded.width)×\(decoded.height), expected \(side)×\(side)"
    }
    for y in 0..<side {
      for x in 0..<side {
        let dark = code[x / scale - options.margin, y / scale - options.margin]
        let colour = dark ? options.foreground : options.background
        let offset = (y * side + x) * 4
        let expected = [colour.red, colour.green, colour.blue, colour.alpha]
        if Array(decoded.pixels[offset..<offset + 4]) != expected {
          return "pixel (\(x), \(y)): \(decoded.pixels[offset..<offset + 4]), expected \(expected)"
        }
      }
    }
    return nil
  }

  @Test func randomCodesScalesMarginsAndColoursDecodeExactly() throws {
    var random = SplitMix64(state: 0x5EED_0F_C0DE)
    let alphabet = Array(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/?=&%-_.:é✓"
    )
    for round in 0..<120 {
      let length = Int.random(in: 1...(round % 10 == 0 ? 900 : 120), using: &random)
      // Every fourth text repeats one character: periodic data, where matches at any distance
      // (RowDeflate's far matches) are long and frequent.
      let text =
        round % 4 == 3
        ? String(repeating: alphabet.randomElement(using: &random) ?? "x", count: length)
        : String((0..<length).map { _ in alphabet.randomElement(using: &random) ?? "x" })
      let level = QRErrorCorrection.allCases.randomElement(using: &random) ?? .medium
      let code = try QRCode(encoding: text, errorCorrection: level)
      var options = QRRenderOptions()
      let scale = Int.random(in: 1...(code.size > 100 ? 4 : 13), using: &random)
      options.scale = .pixelsPerModule(scale)
      options.margin = Int.random(in: 0...6, using: &random)
      if round % 3 == 1 {
        options.foreground = QRColor(red: 26, green: 35, blue: 126)
        options.background = QRColor(
          red: 255,
          green: 253,
          blue: 231,
          alpha: round % 2 == 0 ? 0 : 255
        )
      }
      let decoded = try Self.decode(try code.png(options))
      let difference = Self.firstDifference(decoded, code, options, scale: scale)
      #expect(
        difference == nil,
        "round \(round): version \(code.version), scale \(scale), margin \(options.margin)"
      )
    }
  }

  @Test func version40AtLargeScalesDecodesExactly() throws {
    // The widest scanlines and longest repeats: version 40 at 24 px per module (4,440 px,
    // decoded and compared on the first and last pixel row of every module row), then at the
    // largest scale under the pixel limit (written and its header read).
    let prefix = "https://openlist.example.com/search?q="
    let level = QRErrorCorrection.low
    let link = prefix + String(repeating: "x7", count: (level.byteCapacity - prefix.count) / 2)
    let code = try QRCode(encoding: link, errorCorrection: level)
    var options = QRRenderOptions()
    options.scale = .pixelsPerModule(24)
    let decoded = try Self.decode(try code.png(options), format: UInt32(PNG_FORMAT_GRAY))
    let modules = code.size + 8
    #expect(decoded.width == modules * 24)
    for y in 0..<modules {
      for pixelRow in [y * 24, y * 24 + 23] {
        let row = decoded.pixels[pixelRow * decoded.width..<(pixelRow + 1) * decoded.width]
        let expected = (0..<decoded.width).map { x in code[x / 24 - 4, y - 4] ? UInt8(0) : 255 }
        #expect(Array(row) == expected, "pixel row \(pixelRow)")
      }
    }
    let largestScale = QRRenderOptions.maximumPixels / modules
    options.scale = .pixelsPerModule(largestScale)
    let largest = try code.png(options)
    #expect(try PNGHeader(largest).width == modules * largestScale)
    // 50 MB of scanlines, written as runs of 258-byte matches: under 1 % of it.
    let side = modules * largestScale
    #expect(largest.count < side * side / 8 / 100)
  }

  @Test(arguments: [1, 2, 8, 65_521, 70_000])
  func adlerOfRepeatedScanlinesMatchesTheDirectSum(repeatCount: Int) {
    var random = SplitMix64(state: UInt64(repeatCount))
    let stride = 37
    var lines = (0..<stride * 5).map { _ in UInt8.random(in: 0...255, using: &random) }
    lines[stride] = 255
    var (a, b): (UInt32, UInt32) = (1, 0)
    for row in 0..<5 {
      for _ in 0..<repeatCount {
        for byte in lines[row * stride..<(row + 1) * stride] {
          a = (a + UInt32(byte)) % 65521
          b = (b + a) % 65521
        }
      }
    }
    let adler = lines.withUnsafeBufferPointer {
      RowDeflate(scanlines: $0, stride: stride, repeatCount: repeatCount, farMinimum: 6).adler32()
    }
    #expect(adler == b << 16 | a)
  }

  @Test func huffmanLengthsStayWithinTheLimitAndFormACompleteCode() {
    // Fibonacci counts make the deepest possible tree: 30 symbols would need 29 bits.
    var fibonacci: [UInt32] = [1, 1]
    while fibonacci.count < 30 {
      fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
    }
    for (counts, limit) in [
      (fibonacci, 15), (fibonacci, 7), ([0, 0, 5, 0], 15), ([0, 0, 0], 7), ([9, 1, 1], 15),
    ] {
      let lengths = HuffmanCode.lengths(counts, limit: limit)
      #expect(lengths.allSatisfy { $0 <= limit })
      #expect(zip(counts, lengths).allSatisfy { $0 == 0 || $1 > 0 }, "every used symbol has a code")
      // Kraft: a complete prefix code has Σ 2^-length = 1.
      let kraft = lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }
      #expect(kraft == 1 << 15, "counts \(counts), lengths \(lengths)")
    }
  }
}
