import Foundation
import LinkPrint
import LinkQR
import Testing

/// The resolution LinkPrint adds to the PNG files cairo writes for codes with a logo.
struct LogoPNGTests {
  /// A logo PNG with a resolution carries, right after `IHDR`, a `pHYs` chunk of square pixels
  /// per metre whose CRC is the chunk's (computed here bit by bit, without a table).
  @Test func aResolutionAddsAPHYsChunkAfterTheHeader() throws {
    let code = try QRCode(
      encoding: "https://openlist.example.com/invite/AB12CD34",
      errorCorrection: .high
    )
    let logo = try QRLogo(contentsOfFile: Sample.fixtures.appendingPathComponent("logo.svg").path)
    var options = QRRenderOptions()
    options.dpi = 300
    let png = try code.png(options, logo: logo)
    let chunk = Array(png[33..<54])
    #expect(Array(chunk[0..<8]) == [0, 0, 0, 9] + Array("pHYs".utf8))
    // 300 dpi: 11,811 pixels per metre (0x2E23), both ways, the metre as unit.
    #expect(Array(chunk[8..<17]) == [0, 0, 0x2E, 0x23, 0, 0, 0x2E, 0x23, 1])
    let crc = chunk[4..<17].reduce(UInt32.max) { crc, byte in
      (0..<8).reduce(crc ^ UInt32(byte)) { crc, _ in crc >> 1 ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    #expect(Array(chunk[17..<21]) == withUnsafeBytes(of: (~crc).bigEndian, Array.init))
    var plain = options
    plain.dpi = nil
    let without = try code.png(plain, logo: logo)
    #expect(Array(without[33..<41]) != Array(chunk[0..<8]), "no pHYs without a resolution")
    #expect(png.count == without.count + 21)
  }
}
