import CCairo
import CGLib
import CPango
import LinkQR

/// Where things go on a card, in points from its top-left corner.
///
/// Wide cards (85 × 55 mm) put the QR code on the left and the text beside it; tall or square
/// cards put the code on top and the text under it, centred. The short link runs along the
/// bottom on both. The code keeps 1.5 mm from the trim line (its own quiet zone is the white
/// space beyond that); text keeps a 4 mm safe area.
struct CardGeometry: Sendable {
  static let cut = 1.5 * PrintLength.pointsPerMillimetre
  static let safe = 4 * PrintLength.pointsPerMillimetre
  /// The link's font size, the smallest it shrinks to to stay on one line, and the lines it
  /// may take.
  static let linkFontSize = 6.0
  static let smallestLinkFontSize = 5.0
  static let linkLines = 2
  /// The base size of the card text (the template's spans set their own).
  static let textFontSize = 8.0

  let wide: Bool
  /// The square the code (quiet zone included) fits in.
  let qrX: Double
  let qrY: Double
  let qrSide: Double
  /// The text's box.
  let textX: Double
  let textY: Double
  let textWidth: Double
  let textHeight: Double
  /// The link's band, along the bottom.
  let linkX: Double
  let linkWidth: Double
  let linkBottom: Double

  init(card: PrintSize) {
    let (width, height) = (card.width, card.height)
    let millimetre = PrintLength.pointsPerMillimetre
    let band = Self.linkFontSize * 1.4 * Double(Self.linkLines)
    wide = width >= 1.25 * height
    linkX = Self.safe
    linkWidth = width - 2 * Self.safe
    linkBottom = height - Self.safe
    if wide {
      qrSide = min(height - Self.cut - Self.safe - band - millimetre / 2, 0.52 * width - Self.cut)
      qrX = Self.cut
      qrY = Self.cut
      textX = qrX + qrSide + millimetre
      textY = Self.safe
      textWidth = width - textX - Self.safe
      textHeight = qrY + qrSide - textY
    } else {
      qrSide = min(width - 2 * Self.cut, 0.62 * (height - Self.safe - band))
      qrX = (width - qrSide) / 2
      qrY = Self.cut
      textX = Self.safe
      textY = qrY + qrSide
      textWidth = width - 2 * Self.safe
      textHeight = height - Self.safe - band - millimetre - textY
    }
  }
}

/// Draws cards onto cairo contexts: the QR code as one filled path of rectangles (vector),
/// the text laid out by Pango, the logo. Belongs to the thread that made it, which keeps it for
/// every document it writes (its font map, layouts and logo are made once).
final class CardPainter {
  /// 300 dpi: module sizes are whole dots of it, and the code sits on its grid.
  static let dot = 72.0 / 300
  /// The smallest module: 4 dots at 300 dpi (0.34 mm).
  static let minimumModuleDots = 4

  let geometry: CardGeometry
  /// The Pango context every layout of the painter is made in.
  let pango: OpaquePointer
  private let fontMap: OpaquePointer
  private let text: CardText
  private let linkLayout: OpaquePointer
  private let linkFont: OpaquePointer
  private let logo: (artwork: LogoArtwork, size: Double?)?

  init(card: PrintSize, locale: String, logo: QRLogo?) throws(PrintError) {
    geometry = CardGeometry(card: card)
    guard let fontMap = pango_cairo_font_map_new(),
      let pango = pango_font_map_create_context(fontMap)
    else { throw PrintError(.library, "Pango could not create a font map") }
    self.fontMap = fontMap
    self.pango = pango
    pango_cairo_context_set_resolution(pango, 72)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(pango, options)
    cairo_font_options_destroy(options)
    // Glyphs where the font puts them: Pango would otherwise round every position to a whole
    // unit, here a whole point (uneven letter spacing), and cairo would then write a correction
    // for nearly every glyph into the PDF.
    pango_context_set_round_glyph_positions(pango, 0)
    pango_context_set_language(pango, pango_language_from_string(locale))
    let families = Fonts.families(locale: locale)
    text = try CardText(
      pango,
      font: "\(families) \(CardGeometry.textFontSize)",
      width: geometry.textWidth,
      height: geometry.textHeight,
      centred: !geometry.wide
    )
    linkLayout = try Self.layout(
      pango,
      font: "\(families) \(CardGeometry.linkFontSize)",
      width: geometry.linkWidth,
      centred: !geometry.wide
    )
    // The link is never wrapped by Pango: it is shrunk to fit one line, or split by ``fitLink``.
    pango_layout_set_width(linkLayout, -1)
    guard
      let linkFont = pango_font_description_from_string("\(families) \(CardGeometry.linkFontSize)")
    else { throw PrintError(.library, "Pango could not read a font description") }
    self.linkFont = linkFont
    self.logo = try logo.map { logo throws(PrintError) in (try LogoArtwork(logo), logo.size) }
  }

  deinit {
    g_object_unref(UnsafeMutableRawPointer(linkLayout))
    g_object_unref(UnsafeMutableRawPointer(pango))
    g_object_unref(UnsafeMutableRawPointer(fontMap))
    pango_font_description_free(linkFont)
  }

  /// The installed families, checked for the locale (see ``Fonts/check(fontMap:locale:)``).
  func checkFonts(locale: String) throws(PrintError) {
    try Fonts.check(fontMap: fontMap, locale: locale)
  }

  private static func layout(
    _ context: OpaquePointer,
    font: String,
    width: Double,
    centred: Bool
  ) throws(PrintError) -> OpaquePointer {
    guard let layout = pango_layout_new(context) else {
      throw PrintError(.library, "Pango could not create a layout")
    }
    let description = pango_font_description_from_string(font)
    pango_layout_set_font_description(layout, description)
    pango_font_description_free(description)
    pango_layout_set_width(layout, Int32(width * 1024))
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
    pango_layout_set_alignment(layout, centred ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
    return layout
  }

  /// Lays out and checks a card, then draws it on `context` with its top-left corner at `x`,
  /// `y` (points from the page's top-left corner). A card that cannot be drawn as it should (markup that
  /// does not parse, characters no font has, a code too dense to print, a link too long for
  /// the card) is refused before anything is drawn.
  func draw(_ card: PreparedCard, on context: OpaquePointer, x: Double, y: Double) -> RowProblem? {
    let placement: CodePlacement
    do throws(RowProblem) {
      placement = try layOut(card)
    } catch {
      return error
    }
    paintCode(card.code, placement, on: context, x: x, y: y)
    paintText(on: context, x: x, y: y)
    return nil
  }

  /// Where a card's code goes: whole 300 dpi dots per module, and the logo's square.
  private struct CodePlacement {
    var dots: Int
    var area: QRLogoArea?
  }

  /// Checks a card and sets its text and link in their layouts; throws the card's problem.
  private func layOut(_ card: PreparedCard) throws(RowProblem) -> CodePlacement {
    let refuse = { (message: String) in RowProblem(line: card.line, message: message) }
    // The code's module size: whole dots at 300 dpi.
    let modules = card.code.size + 8
    let dots = Int(geometry.qrSide / Double(modules) / Self.dot)
    guard dots >= Self.minimumModuleDots else {
      let millimetres = Double(dots) * Self.dot / PrintLength.pointsPerMillimetre
      throw refuse(
        "the link needs a version \(card.code.version) code (\(card.code.size) modules), whose "
          + "modules would be \(Self.rounded(millimetres)) mm on these cards; printing needs at "
          + "least 0.34 mm (4 dots at 300 dpi): use larger cards, fewer per page, or a lower --ecc"
      )
    }
    // The text.
    if let problem = text.set(card.markup) { throw refuse(problem) }
    guard fitLink(card.shortLink) else {
      throw refuse(
        "the link (\(card.shortLink.count) characters) does not fit in "
          + "\(CardGeometry.linkLines) lines on these cards; use larger cards"
      )
    }
    if let missing = Fonts.missingCharacters(linkLayout) {
      throw refuse(Fonts.missingMessage(missing))
    }
    // The logo's square.
    guard let logo else { return CodePlacement(dots: dots, area: nil) }
    do throws(QRError) {
      return CodePlacement(dots: dots, area: try card.code.logoArea(fraction: logo.size))
    } catch {
      throw refuse(error.message)
    }
  }

  /// Draws the code on the 300 dpi grid, centred in its square, and the logo over it.
  private func paintCode(
    _ code: QRCode,
    _ placement: CodePlacement,
    on context: OpaquePointer,
    x: Double,
    y: Double
  ) {
    let modules = code.size + 8
    let module = Double(placement.dots) * Self.dot
    let side = Double(modules) * module
    let codeX = Self.snapped(x + geometry.qrX + (geometry.qrSide - side) / 2) + 4 * module
    let codeY = Self.snapped(y + geometry.qrY + (geometry.qrSide - side) / 2) + 4 * module
    // One filled path of rectangles (see ``ModulePath``).
    cairo_set_source_rgb(context, 0, 0, 0)
    ModulePath.fill(
      code,
      excluding: placement.area,
      on: context,
      x: codeX,
      y: codeY,
      module: module
    )
    if let area = placement.area, let logo {
      logo.artwork.draw(
        on: context,
        x: codeX + Double(area.origin + 1) * module,
        y: codeY + Double(area.origin + 1) * module,
        side: Double(area.side - 2) * module
      )
      cairo_set_source_rgb(context, 0, 0, 0)
    }
  }

  /// Draws the card's text and, at the bottom of its band, the link.
  private func paintText(on context: OpaquePointer, x: Double, y: Double) {
    text.draw(on: context, x: x + geometry.textX, y: y + geometry.textY)
    var linkWidth: Int32 = 0
    var linkHeight: Int32 = 0
    pango_layout_get_size(linkLayout, &linkWidth, &linkHeight)
    cairo_move_to(
      context,
      x + geometry.linkX,
      y + geometry.linkBottom - Double(linkHeight) / 1024
    )
    pango_cairo_show_layout(context, linkLayout)
  }

  /// Sets the link in its layout: on one line at 6 pt; shrunk down to 5 pt to stay on one
  /// line; or on two lines at 6 pt, split after the last `/` that lets both halves fit (else
  /// after `?`, `&` or `=`, else `-` or `.`, else between any two characters). Returns `false`
  /// when it does not fit in two lines.
  private func fitLink(_ link: String) -> Bool {
    let band = geometry.linkWidth * 1024
    pango_font_description_set_size(linkFont, Int32(CardGeometry.linkFontSize * 1024))
    pango_layout_set_font_description(linkLayout, linkFont)
    if fitLinkLikeTheLast(link, band: band) { return true }
    lastFirstLine = []
    pango_layout_set_text(linkLayout, link, -1)
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_size(linkLayout, &width, &height)
    if Double(width) <= band { return true }
    let size = CardGeometry.linkFontSize * band / Double(width)
    if size >= CardGeometry.smallestLinkFontSize {
      pango_font_description_set_size(linkFont, Int32(size * 1024))
      pango_layout_set_font_description(linkLayout, linkFont)
      return true
    }
    guard Double(width) <= band * Double(CardGeometry.linkLines) else { return false }
    // Two lines: the possible splits by rank (0 after '/', 1 after '?&=', 2 after '-.', 3
    // anywhere); the last split of the best rank whose halves both fit, measured on the
    // one-line layout. Only the candidates of a rank are measured, right to left, so a link
    // costs a few lookups rather than one per character.
    let bytes = Array(link.utf8)
    var candidates: [[Int]] = [[], [], [], []]
    var offset = 0
    for character in link {
      offset += character.utf8.count
      guard offset < bytes.count else { break }
      let rank =
        character == "/" ? 0 : "?&=".contains(character) ? 1 : "-.".contains(character) ? 2 : 3
      candidates[rank].append(offset)
    }
    let fits = { (offset: Int) -> Bool in
      var position = PangoRectangle()
      pango_layout_index_to_pos(self.linkLayout, Int32(offset), &position)
      let x = Double(position.x)
      return x <= band && Double(width) - x <= band
    }
    guard let split = candidates.lazy.compactMap({ $0.last(where: fits) }).first else {
      return false
    }
    if split == candidates[0].last { lastFirstLine = Array(bytes[..<split]) }
    setLink(bytes[..<split], bytes[split...])
    return true
  }

  /// The first of the two lines of the last link split after its last `/`, else empty.
  private var lastFirstLine: [UInt8] = []

  /// Sets `link` on two lines straight away when it starts with the last link's first line
  /// and has no `/` after it (a sheet's links mostly differ only past their last `/`), and
  /// keeps it so when the two lines show what ``fitLink(_:)`` would choose from the link laid
  /// out on one line: too long for one line even at 5 pt, and both halves within the band. The
  /// two measures differ only by the kerning across the split, so each test keeps a point of
  /// margin, and a link that falls within it is measured on one line. One layout rather than
  /// two for most cards.
  private func fitLinkLikeTheLast(_ link: String, band: Double) -> Bool {
    let bytes = link.utf8
    guard !lastFirstLine.isEmpty, bytes.count > lastFirstLine.count,
      bytes.starts(with: lastFirstLine),
      !bytes.dropFirst(lastFirstLine.count).contains(UInt8(ascii: "/"))
    else { return false }
    setLink(lastFirstLine[...], bytes.dropFirst(lastFirstLine.count))
    guard pango_layout_get_line_count(linkLayout) == 2 else { return false }
    let widths = (0..<2).map { index in
      var logical = PangoRectangle()
      pango_layout_line_get_extents(
        pango_layout_get_line_readonly(linkLayout, Int32(index)),
        nil,
        &logical
      )
      return Double(logical.width)
    }
    let margin = 1024.0
    let shortest = widths[0] + widths[1] - margin
    return shortest > band
      && CardGeometry.linkFontSize * band / shortest < CardGeometry.smallestLinkFontSize
      && widths.allSatisfy { $0 + margin <= band }
  }

  /// Sets the link's layout to `first`, a line break and `second`.
  private func setLink(_ first: some Collection<UInt8>, _ second: some Collection<UInt8>) {
    var text = Array(first)
    text.append(UInt8(ascii: "\n"))
    text.append(contentsOf: second)
    text.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        pango_layout_set_text(linkLayout, $0.baseAddress, Int32($0.count))
      }
    }
  }

  /// `value` on the 300 dpi grid.
  static func snapped(_ value: Double) -> Double {
    (value / dot).rounded() * dot
  }

  static func rounded(_ value: Double) -> String {
    String((value * 100).rounded() / 100)
  }
}
