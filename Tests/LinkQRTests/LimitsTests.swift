import Testing

@testable import LinkQR

/// The QR limits at their edges (docs/limits.md); the payload's are in `QRCodeTests`.
struct LimitsTests {
  @Test func imageSide() throws {
    #expect(QRRenderOptions.maximumPixels == 20_000)
    let code = try QRCode(encoding: "https://openlist.example.com/")
    // Checked before rendering: a 20,000 px image fits, 20,001 px does not.
    var options = QRRenderOptions()
    options.margin = 0
    options.scale = .fit(QRLength(20_000, .pixels))
    #expect(try options.pixelsPerModule(for: code) == 20_000 / code.size)
    options.scale = .fit(QRLength(20_001, .pixels))
    let error = try #require(throws: QRError.self) { try options.pixelsPerModule(for: code) }
    #expect(error.code == .imageTooLarge)
    #expect(error.message.contains("the largest is 20000 px"))
  }
}
