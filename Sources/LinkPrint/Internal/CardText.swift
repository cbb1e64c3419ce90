import CCairo
import CGLib
import CPango

/// A card's text, laid out by Pango in its box: the card template's output, wrapped to the
/// box's width and cut with an ellipsis where the box ends.
///
/// Pango shapes a layout's whole text again whenever any of it changes, and most of a card's
/// text is the same on every card of a sheet: the title and the description, each a paragraph
/// (a line of the template's output). So each paragraph gets a layout of its own, kept while
/// its markup stays the same, and the paragraphs are drawn one under the other; a card then
/// costs the shaping of its name alone. Drawn so, the paragraphs are exactly what one layout
/// of the whole text draws (the same lines at the same places) as long as the box's height
/// cuts nothing, which ``stacksLikeOneLayout()`` checks by following Pango's own rule. When
/// it does not hold, or a paragraph's markup does not stand alone (a span over several lines),
/// the text is laid out as one layout, as it always was.
///
/// cairo and Pango objects belong to one thread: each ``CardPainter`` keeps its own.
final class CardText {
  /// The whole text in one layout, with the box's height and the ellipsis.
  private let whole: OpaquePointer
  /// The paragraphs' layouts, each with the markup it holds (`nil` when it holds none that
  /// can be kept); only the first `count` are the current text's.
  private var paragraphs: [(markup: Substring?, layout: OpaquePointer)] = []
  private var count = 0
  /// Whether the current text is drawn from `paragraphs` rather than `whole`.
  private(set) var isStacked = false
  /// An empty layout that gives the height Pango guesses for a text's first line.
  private let probe: OpaquePointer
  /// The box's height, in Pango units.
  private let height: Int32

  /// Layouts for a box `width` × `height` points, in `font`, centred or aligned left.
  init(_ context: OpaquePointer, font: String, width: Double, height: Double, centred: Bool)
    throws(PrintError)
  {
    self.height = Int32(height * 1024)
    guard let whole = pango_layout_new(context), let probe = pango_layout_new(context) else {
      throw PrintError(.library, "Pango could not create a layout")
    }
    self.whole = whole
    self.probe = probe
    let description = pango_font_description_from_string(font)
    defer { pango_font_description_free(description) }
    for layout in [whole, probe] {
      pango_layout_set_font_description(layout, description)
      pango_layout_set_width(layout, Int32(width * 1024))
      pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
      pango_layout_set_alignment(layout, centred ? PANGO_ALIGN_CENTER : PANGO_ALIGN_LEFT)
    }
    // Text that does not fit is cut with an ellipsis rather than run off the card.
    pango_layout_set_height(whole, self.height)
    pango_layout_set_ellipsize(whole, PANGO_ELLIPSIZE_END)
  }

  deinit {
    for paragraph in paragraphs { g_object_unref(UnsafeMutableRawPointer(paragraph.layout)) }
    g_object_unref(UnsafeMutableRawPointer(whole))
    g_object_unref(UnsafeMutableRawPointer(probe))
  }

  /// Lays out `markup` (Pango markup); returns what is wrong with it, else `nil`: markup that
  /// does not parse, or characters no font has. `stacking: false` lays it out whole.
  func set(_ markup: String, stacking: Bool = true) -> String? {
    if stacking, setParagraphs(markup), stacksLikeOneLayout() {
      isStacked = true
      let missing = paragraphs[..<count].compactMap { Fonts.missingCharacters($0.layout) }
      guard !missing.isEmpty else { return nil }
      var seen = Set<Unicode.Scalar>()
      return Fonts.missingMessage(missing.joined().filter { seen.insert($0).inserted })
    }
    isStacked = false
    guard let (text, attributes) = Self.parse(markup[...]) else {
      var error: UnsafeMutablePointer<GError>?
      pango_parse_markup(markup, -1, 0, nil, nil, nil, &error)
      return "the card template's output is not valid Pango markup: \(Cairo.message(error))"
    }
    Self.set(text, attributes, on: whole)
    return Fonts.missingCharacters(whole).map(Fonts.missingMessage)
  }

  /// Draws the text with the box's top-left corner at `x`, `y`.
  func draw(on context: OpaquePointer, x: Double, y: Double) {
    guard isStacked else {
      cairo_move_to(context, x, y)
      pango_cairo_show_layout(context, whole)
      return
    }
    var top: Int32 = 0
    for paragraph in paragraphs[..<count] {
      cairo_move_to(context, x, y + Double(top) / 1024)
      pango_cairo_show_layout(context, paragraph.layout)
      var height: Int32 = 0
      pango_layout_get_size(paragraph.layout, nil, &height)
      top += height
    }
  }

  // MARK: Paragraphs

  /// Sets each line of `markup` in its paragraph's layout, keeping those whose markup is
  /// unchanged; `false` when a line is not markup on its own or holds a paragraph break.
  private func setParagraphs(_ markup: String) -> Bool {
    // Pango also breaks paragraphs at CR and U+2029; such text is laid out whole.
    guard !markup.utf8.contains(UInt8(ascii: "\r")), !markup.contains("\u{2029}") else {
      return false
    }
    count = 0
    for line in markup.split(separator: "\n", omittingEmptySubsequences: false) {
      if count == paragraphs.count {
        guard let layout = pango_layout_copy(probe) else { return false }
        paragraphs.append((nil, layout))
      }
      defer { count += 1 }
      if paragraphs[count].markup == line { continue }
      paragraphs[count].markup = nil
      guard let (text, attributes) = Self.parse(line) else { return false }
      guard !text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{2029}" })
      else {
        pango_attr_list_unref(attributes)
        return false
      }
      Self.set(text, attributes, on: paragraphs[count].layout)
      paragraphs[count].markup = line
    }
    return true
  }

  /// Whether the paragraphs, one under the other, are what one layout of the whole text with
  /// the box's height draws. Pango (`pango-layout.c`, 1.44 to 1.50) makes a line the last one,
  /// taking the rest of its paragraph and ending in an ellipsis, when the height left is under
  /// twice its guess of the line's height (the height of the line before, or for the first
  /// line that of an empty line in the text's first font); and it stops after a paragraph when
  /// the height left is under that of its last line. Neither may cut anything: the first may
  /// only fall on a paragraph's last line, which then keeps its text as it is; the second only
  /// after the last paragraph.
  private func stacksLikeOneLayout() -> Bool {
    var guess = firstLineGuess()
    var left = height
    for index in 0..<count {
      let layout = paragraphs[index].layout
      let lines = pango_layout_get_line_count(layout)
      for line in 0..<lines {
        if guess * 2 > left, line < lines - 1 { return false }
        var logical = PangoRectangle()
        pango_layout_line_get_extents(pango_layout_get_line_readonly(layout, line), nil, &logical)
        left -= logical.height
        guess = logical.height
      }
      if index < count - 1, left < guess { return false }
    }
    return true
  }

  /// The height of an empty line in the first paragraph's font at its start: Pango's guess for
  /// the first line.
  private func firstLineGuess() -> Int32 {
    pango_layout_set_attributes(probe, pango_layout_get_attributes(paragraphs[0].layout))
    pango_layout_set_text(probe, "", 0)
    var height: Int32 = 0
    pango_layout_get_size(probe, nil, &height)
    pango_layout_set_attributes(probe, nil)
    return height
  }

  // MARK: Markup

  /// The text and attributes of `markup`, or `nil` when it does not parse.
  private static func parse(_ markup: Substring) -> (String, OpaquePointer?)? {
    var attributes: OpaquePointer?
    var text: UnsafeMutablePointer<CChar>?
    let parsed = markup.withCString { pango_parse_markup($0, -1, 0, &attributes, &text, nil, nil) }
    defer { g_free(text) }
    guard parsed != 0, let text else { return nil }
    return (String(cString: text), attributes)
  }

  /// Sets `text` and `attributes` (which the layout takes) on `layout`.
  private static func set(_ text: String, _ attributes: OpaquePointer?, on layout: OpaquePointer) {
    pango_layout_set_text(layout, text, -1)
    pango_layout_set_attributes(layout, attributes)
    pango_attr_list_unref(attributes)
  }
}
