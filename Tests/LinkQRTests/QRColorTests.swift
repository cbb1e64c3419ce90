import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct QRColorTests {
  @Test(arguments: [
    ("#000", QRColor.black), ("fff", .white), ("#1A237E", QRColor(red: 26, green: 35, blue: 126)),
    ("#11223344", QRColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x44)),
    ("#abcd", QRColor(red: 0xaa, green: 0xbb, blue: 0xcc, alpha: 0xdd)),
    ("White", .white), ("transparent", QRColor(red: 255, green: 255, blue: 255, alpha: 0)),
  ])
  func parses(text: String, color: QRColor) throws {
    #expect(try QRColor(parsing: text) == color)
  }

  @Test(arguments: ["", "#", "#12", "#12345", "#gggggg", "red", "#1234567", "#+12"])
  func rejects(text: String) throws {
    let error = try #require(throws: QRError.self) { try QRColor(parsing: text) }
    #expect(error.code == .invalidColor)
    #expect(error.message.contains("'\(text)'"))
  }

  @Test func printsAsHex() throws {
    #expect(try QRColor(parsing: "#1A237E").description == "#1a237e")
    #expect(try QRColor(parsing: "#1A237E80").description == "#1a237e80")
  }

  @Test func contrastFollowsWCAG() throws {
    #expect(abs(QRColor.black.contrastRatio(with: .white) - 21) < 0.001)
    #expect(QRColor.white.contrastRatio(with: .white) == 1)
    // WCAG's worked value: #777777 on white is about 4.48:1.
    let gray = try QRColor(parsing: "#777")
    #expect(abs(gray.contrastRatio(with: .white) - 4.48) < 0.01)
  }

  @Test func warnsAboutLowContrastAndInvertedCodes() throws {
    var options = QRRenderOptions()
    #expect(options.warnings.isEmpty)
    options.foreground = try QRColor(parsing: "#999")
    #expect(options.warnings.map(\.code) == [.lowContrast])
    #expect(options.warnings[0].message.contains("contrast between #999999 and #ffffff is 2.85:1"))
    options.foreground = .white
    options.background = .black
    #expect(
      options.warnings == [
        QRWarning(
          .lightOnDark,
          "the modules (#ffffff) are lighter than the background (#000000); many scanners read "
            + "only dark modules on a light background"
        )
      ]
    )
    // A transparent foreground counts as white paper.
    options = QRRenderOptions()
    options.foreground = try QRColor(parsing: "#00000010")
    #expect(options.warnings.map(\.code) == [.lowContrast])
  }

  @Test func lengthsParseWithUnits() throws {
    #expect(try QRLength(parsing: "30mm") == QRLength(30, .millimetres))
    #expect(try QRLength(parsing: "1.5IN").pixels(dpi: 200) == 300)
    #expect(try QRLength(parsing: "3cm").pixels(dpi: 254) == 300)
    #expect(try QRLength(parsing: "400px").pixels(dpi: 1) == 400)
    #expect(try QRLength(parsing: "2.5cm").description == "2.5cm")
    for bad in ["30", "mm", "-3mm", "0mm", "3 furlongs", "nanmm", "infmm"] {
      #expect(throws: QRError.self) { try QRLength(parsing: bad) }
    }
  }

  @Test func formatsComeFromFileExtensions() {
    #expect(QRImageFormat(fileExtension: "PNG") == .png)
    #expect(QRImageFormat(fileExtension: "svg") == .svg)
    #expect(QRImageFormat(fileExtension: "gif") == nil)
    #expect(QRImageFormat(fileExtension: "") == nil)
  }
}
