import CCairo
import LinkgenTestSupport
import Testing

@testable import LinkPrint

/// A card's text drawn as a stack of paragraph layouts must be exactly what one Pango layout of
/// the whole text draws: the same pixels, for every box height from one that cuts the text
/// after its first line to one that holds it all, so that Pango's rule for where the height
/// cuts (and the ellipsis goes) is followed at each step.
@Suite(.blockingWork)
struct CardTextTests {
  static let english = [
    """
    <span size="12pt" weight="bold">Guest 445</span>
    <span size="8.5pt">A shared checklist</span>
    <span size="7pt" foreground="#4a4a4a">Open this checklist in OpenList to tick things off \
    together, wherever each of you is, on any phone or computer.</span>
    """,
    // A blank line, a name with Hangul, no size on the last line.
    """
    <span size="12pt" weight="bold">김민지 Minji</span>

    <span size="8.5pt">A shared checklist</span>
    Two words
    """,
    // A single paragraph.
    "<span size=\"7pt\">\(String(repeating: "wrap me ", count: 30))</span>",
  ]

  static let korean = [
    """
    <span size="12pt" weight="bold">김민지</span>
    <span size="8.5pt">공유 체크리스트</span>
    <span size="7pt" foreground="#4a4a4a">OpenList에서 이 체크리스트를 열어 함께 항목을 체크하세요. \
    어디에 있든 휴대폰이나 컴퓨터에서 함께 볼 수 있어요.</span>
    """
  ]

  @Test(arguments: [("en", english), ("ko", korean)])
  func paragraphsDrawWhatOneLayoutDraws(locale: String, markups: [String]) throws {
    let painter = try CardPainter(card: .millimetres(64, 68), locale: locale, logo: nil)
    for markup in markups {
      for centred in [false, true] {
        var stacked: [Double] = []
        for height in stride(from: 8.0, through: 120, by: 1.75) {
          let text = try CardText(
            painter.pango,
            font: "\(Fonts.families(locale: locale)) 8",
            width: 120,
            height: height,
            centred: centred
          )
          #expect(text.set(markup, stacking: false) == nil)
          let whole = try Self.pixels(of: text)
          #expect(text.set(markup) == nil)
          if text.isStacked { stacked.append(height) }
          let differing = Self.differences(try Self.pixels(of: text), whole)
          #expect(differing == 0, "height \(height), centred \(centred): \(markup)")
        }
        // Both ways were tried: boxes that cut the text are laid out whole, and from the
        // height that holds it all (and leaves Pango no reason to cut) on, paragraphs.
        #expect(stacked.last == 120 && (stacked.first ?? 8) > 8, "\(stacked)")
      }
    }
  }

  @Test func theLayoutsAreKeptFromCardToCard() throws {
    let painter = try CardPainter(card: .millimetres(85, 55), locale: "en", logo: nil)
    let text = try Self.box(painter)
    let card = { (name: String) in
      "<span weight=\"bold\">\(name)</span>\n<span size=\"7pt\">The same text on every card.</span>"
    }
    for name in ["Ada", "Grace", "Ada"] {
      let whole = try Self.box(painter)
      #expect(whole.set(card(name), stacking: false) == nil)
      #expect(text.set(card(name)) == nil)
      #expect(text.isStacked)
      #expect(Self.differences(try Self.pixels(of: text), try Self.pixels(of: whole)) == 0)
    }
  }

  @Test func textThatDoesNotStandAloneByLinesIsLaidOutWhole() throws {
    let painter = try CardPainter(card: .millimetres(85, 55), locale: "en", logo: nil)
    let text = try Self.box(painter)
    // A span over two lines: neither line is markup alone.
    #expect(text.set("<span weight=\"bold\">two\nlines</span>") == nil)
    #expect(!text.isStacked)
    // A paragraph break Pango sees but the lines do not show.
    #expect(text.set("one&#13;two\nthree") == nil)
    #expect(!text.isStacked)
    // Markup that is wrong whole is reported as before.
    let problem = try #require(text.set("<span>open\n"))
    #expect(problem.contains("not valid Pango markup"))
    // And a text that is fine again is stacked again.
    #expect(text.set("one\ntwo") == nil)
    #expect(text.isStacked)
  }

  /// A 120 × 100 point box in Noto Sans 8.
  static func box(_ painter: CardPainter) throws -> CardText {
    try CardText(painter.pango, font: "Noto Sans 8", width: 120, height: 100, centred: false)
  }

  /// The bytes that differ between two images.
  static func differences(_ a: [UInt8], _ b: [UInt8]) -> Int {
    a == b ? 0 : zip(a, b).count(where: { $0 != $1 }) + abs(a.count - b.count)
  }

  /// The text drawn at 300 dpi on white.
  static func pixels(of text: CardText) throws -> [UInt8] {
    let scale = 300.0 / 72
    let (width, height) = (Int32(130 * scale), Int32(110 * scale))
    let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height)
    defer { cairo_surface_destroy(surface) }
    let context = try #require(cairo_create(surface))
    defer { cairo_destroy(context) }
    cairo_set_source_rgb(context, 1, 1, 1)
    cairo_paint(context)
    cairo_scale(context, scale, scale)
    cairo_set_source_rgb(context, 0, 0, 0)
    text.draw(on: context, x: 4.3, y: 3.7)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    let data = try #require(cairo_image_surface_get_data(surface))
    return Array(UnsafeBufferPointer(start: data, count: stride * Int(height)))
  }
}
