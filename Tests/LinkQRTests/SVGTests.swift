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
    #expect(svg.contains("<path fill=\"#000000\" d=\"M4 4h7v7h-7m"))
    #expect(!svg.contains("openlist.example.com"))  // the text is never in the markup
  }

  @Test func thePathCoversExactlyTheDarkModules() throws {
    let code = try QRCode(encoding: Self.invite)
    var options = QRRenderOptions()
    options.margin = 2
    let dark = try Self.modules(ofPath: try code.svg(options), margin: 2)
    for row in -2..<code.size + 2 {
      for column in -2..<code.size + 2 {
        #expect(dark[[column, row]] == (code[column, row] ? 1 : nil), "module \(column), \(row)")
      }
    }
  }

  @Test func aLogoLeavesItsSquareOutOfThePath() throws {
    let code = try QRCode(encodingForLogo: Self.invite)
    let area = try code.logoArea()
    let logo = try QRLogo(
      contentsOfFile: PackagePaths.root.appendingPathComponent("Tests/Fixtures/logo.svg").path
    )
    let dark = try Self.modules(ofPath: try code.svg(QRRenderOptions(), logo: logo), margin: 4)
    for row in 0..<code.size {
      for column in 0..<code.size {
        let expected = code[column, row] && !area.contains(x: column, y: row)
        #expect(dark[[column, row]] == (expected ? 1 : nil), "module \(column), \(row)")
      }
    }
  }

  /// The modules the `<path>` of an SVG fills with the nonzero rule, by column and row in the
  /// symbol (`margin` is the quiet zone), each with its winding number. The path must be
  /// outlines only: a move (absolute first, then relative to the last corner of the outline
  /// before), then horizontal and vertical edges in turn, each outline closed by filling.
  static func modules(ofPath svg: String, margin: Int) throws -> [[Int]: Int] {
    #expect(!svg.contains("stroke"))
    #expect(svg.components(separatedBy: "<path ").count == 2)
    let start = try #require(svg.range(of: " d=\""))
    let end = try #require(svg.range(of: "\"", range: start.upperBound..<svg.endIndex))
    var commands: [(Character, [Int])] = []
    var number = ""
    func flush() {
      guard !number.isEmpty, !commands.isEmpty else { return }
      let value = Int(number)
      #expect(value != nil, "'\(number)' in the path")
      commands[commands.count - 1].1.append(value ?? 0)
    }
    for character in svg[start.upperBound..<end.lowerBound] {
      if character.isLetter {
        flush()
        number = ""
        commands.append((character, []))
      } else if character == "-" || character == " " {
        flush()
        number = character == "-" ? "-" : ""
      } else {
        number.append(character)
      }
    }
    flush()
    // The outlines, as corners.
    var outlines: [[(x: Int, y: Int)]] = []
    var pen = (x: 0, y: 0)
    for (letter, numbers) in commands {
      #expect("Mmhv".contains(letter) && numbers.count == ("Mm".contains(letter) ? 2 : 1))
      switch letter {
      case "M": pen = (numbers[0] - margin, numbers[1] - margin)
      case "m": pen = (pen.x + numbers[0], pen.y + numbers[1])
      case "h": pen.x += numbers[0]
      default: pen.y += numbers[0]
      }
      if "Mm".contains(letter) { outlines.append([]) }
      outlines[outlines.count - 1].append(pen)
    }
    return OutlineTests.windings(outlines, from: -margin).mapValues(abs)
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
