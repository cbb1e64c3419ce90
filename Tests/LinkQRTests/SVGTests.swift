import Foundation
import LinkQR
import LinkgenTestSupport
import Testing

@Suite(.blockingWork)
struct SVGTests {
  static let invite = "https://openlist.example.com/invite/AB12CD34EF?role=editor"

  @Test func oneCrispPathWithAViewBoxInModules() throws {
    let svg = try QRCode(encoding: Self.invite).svg()
    #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
    #expect(svg.contains("width=\"328\" height=\"328\" viewBox=\"0 0 41 41\""))
    #expect(svg.contains("shape-rendering=\"crispEdges\""))
    #expect(svg.components(separatedBy: "<path ").count == 2)
    #expect(svg.contains("<rect width=\"41\" height=\"41\" fill=\"#ffffff\"/>"))
    #expect(svg.contains("<path fill=\"#000000\" d=\"M4 4h7v1h-7z"))
    #expect(!svg.contains("openlist.example.com"))  // the text is never in the markup
  }

  @Test func thePathCoversExactlyTheDarkModules() throws {
    let code = try QRCode(encoding: Self.invite)
    var options = QRRenderOptions()
    options.margin = 2
    let svg = try code.svg(options)
    let start = try #require(svg.range(of: " d=\""))
    let end = try #require(svg.range(of: "\"", range: start.upperBound..<svg.endIndex))
    let path = svg[start.upperBound..<end.lowerBound]
    var dark = Set<[Int]>()
    var (x, y) = (0, 0)
    // Each run is "M|m dx dy h w v1h-w z".
    for run in path.split(separator: "z") {
      let numbers = run.split(whereSeparator: { "Mmhv ".contains($0) }).compactMap { Int($0) }
      #expect(numbers.count == 5 && numbers[3] == 1 && numbers[4] == -numbers[2])
      if run.hasPrefix("M") {
        (x, y) = (numbers[0], numbers[1])
      } else {
        (x, y) = (x + numbers[0], y + numbers[1])
      }
      for column in x..<x + numbers[2] { dark.insert([column - 2, y - 2]) }
    }
    for row in -2..<code.size + 2 {
      for column in -2..<code.size + 2 {
        #expect(dark.contains([column, row]) == code[column, row])
      }
    }
  }

  @Test func aPhysicalSizeAndColours() throws {
    var options = QRRenderOptions()
    options.scale = .fit(try QRLength(parsing: "30mm"))
    options.foreground = try QRColor(parsing: "#1A237E")
    options.background = try QRColor(parsing: "#ffffff80")
    let svg = try QRCode(encoding: Self.invite).svg(options)
    #expect(svg.contains("width=\"30mm\" height=\"30mm\""))
    #expect(svg.contains("<path fill=\"#1a237e\" d="))
    #expect(svg.contains("fill=\"#ffffff\" fill-opacity=\"0.502\"/>"))
    options.background = try QRColor(parsing: "transparent")
    #expect(!(try QRCode(encoding: Self.invite).svg(options)).contains("<rect"))
  }

  @Test(
    .enabled(
      if: Scanner.canDecodeSVG,
      "zbarimg or rsvg-convert (Debian librsvg2-bin) is not installed"
    ),
    arguments: QRErrorCorrection.allCases
  )
  func rasterisedSVGScans(level: QRErrorCorrection) throws {
    let directory = try TemporaryDirectory()
    var options = QRRenderOptions()
    options.scale = .pixelsPerModule(level == .low ? 6 : 4)
    if level == .high {
      options.foreground = try QRColor(parsing: "#0d47a1")
      options.background = try QRColor(parsing: "#fff8e1")
    }
    let text = level == .low ? "Grüße ✓ " + Self.invite : Self.invite
    let file = directory.file("code.svg")
    try Data(QRCode(encoding: text, errorCorrection: level).svg(options).utf8).write(to: file)
    #expect(try Scanner.decode(svg: file) == text)
  }

  @Test(.enabled(if: Scanner.canDecodeSVG, "zbarimg or rsvg-convert is not installed"))
  func aVersion40SVGScans() throws {
    let directory = try TemporaryDirectory()
    let link = "https://openlist.example.com/search?q=" + String(repeating: "z", count: 2250)
    let code = try QRCode(encoding: link, errorCorrection: .medium)
    #expect(code.version == 40)
    var options = QRRenderOptions()
    options.scale = .pixelsPerModule(3)
    let file = directory.file("long.svg")
    try Data(code.svg(options).utf8).write(to: file)
    #expect(try Scanner.decode(svg: file) == link)
  }
}
