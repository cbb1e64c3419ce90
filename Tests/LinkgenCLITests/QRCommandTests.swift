import Foundation
import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct QRCommandTests {
  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  static let universal = "https://openlist.example.com/shared-checklists/" + id
  static let scheme = "openlist://shared-checklists?shared-checklistId=" + id

  func make(_ extra: [String]) throws -> Linkgen.Result {
    try Linkgen.run(
      ["make", "shared-checklist", "--id", Self.id, "--config", Linkgen.openlistPath] + extra
    )
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed"))
  func makeWritesAPNGOfTheUniversalLink() throws {
    let directory = try TemporaryDirectory()
    let png = directory.file("invite.png")
    let result = try make(["--qr", png.path])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains("universal      \(Self.universal)\n"))
    #expect(try Scanner.decode(png: png) == Self.universal)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["invite.png"]
    )
  }

  @Test(.enabled(if: Scanner.canDecodeSVG, "zbarimg or rsvg-convert is not installed"))
  func makeWritesAnSVGThatScansAfterRasterising() throws {
    let directory = try TemporaryDirectory()
    let svg = directory.file("invite.svg")
    let result = try make(["--qr", svg.path, "--qr-size", "30mm", "--qr-ecc", "Q"])
    #expect(result.status == 0, "\(result.error)")
    #expect(try String(contentsOf: svg, encoding: .utf8).contains("width=\"30mm\""))
    #expect(try Scanner.decode(svg: svg) == Self.universal)
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed"))
  func makeCanEncodeAnotherLinkOfTheSet() throws {
    let directory = try TemporaryDirectory()
    let png = directory.file("scheme.png")
    #expect(try make(["--qr", png.path, "--qr-link", "scheme"]).status == 0)
    #expect(try Scanner.decode(png: png) == Self.scheme)
  }

  @Test(arguments: [false, true])
  func makeDrawsTheCodeInTheTerminal(invert: Bool) throws {
    let result = try make(["--qr", "-"] + (invert ? ["--qr-invert"] : []))
    #expect(result.status == 0, "\(result.error)")
    // The drawing comes first, then the links.
    let drawing = try #require(result.output.components(separatedBy: "scheme  ").first)
    #expect(result.output.contains("universal      \(Self.universal)\n"))
    let rows = try #require(TerminalReader.inkedRows(drawing))
    let code = try QRCode(encoding: Self.universal)
    let modules = code.size + 8
    #expect(rows.count == modules + 1)
    for y in 0..<modules {
      #expect(rows[y].map { $0 == invert } == (0..<modules).map { code[$0 - 4, y - 4] })
    }
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed"))
  func qrEncodesAnyTextWithOptions() throws {
    let directory = try TemporaryDirectory()
    let png = directory.file("wifi.png")
    let text = "WIFI:T:WPA;S:Café ☕;P:s3cr,et;;"
    let result = try Linkgen.run([
      "qr", text, "--out", png.path, "--ecc", "h", "--size", "2in", "--dpi", "150",
      "--foreground", "#0d47a1", "--background", "#fff8e1", "--margin", "6",
    ])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error.isEmpty)
    #expect(try Scanner.decode(png: png) == text)
  }

  @Test(.enabled(if: Scanner.canDecodePNG, "zbarimg (Debian zbar-tools) is not installed"))
  func qrReadsStandardInput() throws {
    let directory = try TemporaryDirectory()
    let png = directory.file("in.png")
    let result = try Linkgen.run(
      ["qr", "-", "--out", png.path],
      input: Data((Self.universal + "\n").utf8)
    )
    #expect(result.status == 0, "\(result.error)")
    #expect(try Scanner.decode(png: png) == Self.universal)
  }

  @Test func textTooLongForAnyVersionFailsWithoutWriting() throws {
    let directory = try TemporaryDirectory()
    let png = directory.file("big.png")
    let text = String(repeating: "x", count: 2332)
    let result = try Linkgen.run(["qr", text, "--out", png.path])
    #expect(result.status == 65)
    #expect(
      result.error
        == "linkgen: error: the text is 2332 bytes; a QR code at level M holds at most 2331 "
        + "bytes (version 40), and 2953 at level L\n"
    )
    #expect(!FileManager.default.fileExists(atPath: png.path))
    let stdin = try Linkgen.run(
      ["qr", "-", "--out", png.path],
      input: Data(repeating: UInt8(ascii: "y"), count: 5000)
    )
    #expect(stdin.status == 65)
    #expect(stdin.error.contains("longer than 2953 bytes"))
  }

  @Test func anUnwritableOutputFailsWith73AndLeavesNothing() throws {
    let directory = try TemporaryDirectory()
    try Data().write(to: directory.file("file"))
    let inFile = try Linkgen.run(["qr", "hello", "--out", directory.file("file").path + "/x.png"])
    #expect(inFile.status == 73)
    #expect(
      inFile.error.contains(
        "cannot create the folder \(directory.file("file").path): a file is in the way"
      ),
      "\(inFile.error)"
    )
    // The temporary file is written, then cannot replace a directory: it is removed.
    try FileManager.default.createDirectory(
      at: directory.file("taken.svg"),
      withIntermediateDirectories: false
    )
    let overDirectory = try make(["--qr", directory.file("taken.svg").path])
    #expect(overDirectory.status == 73)
    #expect(overDirectory.error.contains("cannot write"))
    let left = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
    #expect(left == ["file", "taken.svg"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("taken.svg").path).isEmpty
    )
  }

  @Test(arguments: [
    (["qr", "x", "--out", "x.gif"], "cannot tell the image format of 'x.gif'"),
    (["qr", "x", "--out", "x.png", "--invert"], "--invert is for terminal output"),
    (["qr", "x", "--scale", "4"], "--scale applies to PNG and SVG images, not to the terminal"),
    (["qr", "x", "--out", "x.png", "--scale", "4", "--size", "3cm"], "give --scale or --size"),
    (["qr", "x", "--out", "x.png", "--margin", "99"], "the margin must be 0 to 40 modules"),
    (["qr", "x", "--foreground", "purple"], "The value 'purple' is invalid for '--foreground"),
    (["qr", "x", "--size", "30"], "Help:  --size <length>  The image's side, quiet zone"),
    (["qr", "x", "--ecc", "Z"], "Please provide one of 'L', 'M', 'Q' or 'H'"),
    (
      [
        "make", "shared-checklist", "--id", id, "--config", Linkgen.openlistPath, "--format",
        "json",
        "--qr", "-",
      ],
      "--format json keeps for JSON"
    ),
    (
      [
        "make", "shared-checklist", "--id", id, "--config", Linkgen.openlistPath, "--qr", "-",
        "--qr-scale",
        "3",
      ],
      "--qr-scale applies to PNG and SVG images"
    ),
    (
      ["make", "shared-checklist", "--id", id, "--config", Linkgen.openlistPath, "--qr-ecc", "H"],
      "--qr-ecc needs --qr FILE"
    ),
  ])
  func usageErrorsExit64(arguments: [String], message: String) throws {
    let result = try Linkgen.run(arguments)
    #expect(result.status == 64)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func lowContrastColoursWarn() throws {
    let directory = try TemporaryDirectory()
    let result = try Linkgen.run([
      "qr", "x", "--out", directory.file("pale.svg").path, "--foreground", "#aaa",
    ])
    #expect(result.status == 0)
    #expect(result.error.hasPrefix("linkgen: warning: the contrast between #aaaaaa and #ffffff"))
  }
}
