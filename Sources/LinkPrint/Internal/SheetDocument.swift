import CCairo
import LinkBatch
import LinkQR

/// One PDF of cards: a cairo PDF surface streaming into a temporary file. Pages are written as
/// they fill (cairo writes each page's content when the page is shown), so memory stays flat;
/// ``finish()`` completes the file (fonts embedded as subsets) and renames it into place, and
/// anything else (``discard()``, an error, releasing it) leaves nothing under the final name.
final class SheetDocument {
  let path: String
  private let layout: SheetLayout
  private let sink: PDFSink
  private let surface: OpaquePointer
  private let context: OpaquePointer
  private let painter: CardPainter
  private var slot = 0
  private var finished = false
  /// Pages written so far (the one being filled included).
  private(set) var pages = 0
  /// Cards drawn.
  private(set) var cards = 0

  /// Starts a document whose cards `painter` draws (the painter belongs to the calling thread,
  /// and so does the document).
  init(
    path: String,
    layout: SheetLayout,
    painter: CardPainter,
    title: String
  ) throws(PrintError) {
    self.path = path
    self.layout = layout
    self.painter = painter
    sink = try PDFSink(path: path)
    guard
      let surface = cairo_pdf_surface_create_for_stream(
        PDFSink.write,
        Unmanaged.passUnretained(sink).toOpaque(),
        layout.paper.width,
        layout.paper.height
      )
    else { throw PrintError(.library, "cairo could not create a PDF surface") }
    self.surface = surface
    guard let context = cairo_create(surface) else {
      cairo_surface_destroy(surface)
      sink.stream.discard()
      throw PrintError(.library, "cairo could not create a drawing context")
    }
    self.context = context
    do {
      try Cairo.check(surface: surface, "create a PDF surface")
      try Cairo.check(context: context, "create a drawing context")
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
      cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "linkgen")
    } catch {
      cairo_destroy(context)
      cairo_surface_destroy(surface)
      sink.stream.discard()
      throw error
    }
  }

  deinit {
    cairo_destroy(context)
    if !finished { cairo_surface_finish(surface) }
    cairo_surface_destroy(surface)
    // Whatever cairo wrote on finishing an abandoned document goes with the temporary file.
    if !finished { sink.stream.discard() }
  }

  /// Draws a card in the next slot, starting a page when needed. Returns why a card was
  /// refused (nothing is drawn then, and the slot stays free).
  ///
  /// - Throws: ``PrintError`` when cairo fails or the file cannot be written (a full disk).
  func add(_ card: PreparedCard) throws(PrintError) -> RowProblem? {
    let origin = layout.cardOrigin(slot)
    if let problem = painter.draw(card, on: context, x: origin.x, y: origin.y) { return problem }
    if slot == 0 { pages += 1 }
    cards += 1
    slot += 1
    if slot == layout.cardsPerPage { try endPage() }
    return nil
  }

  /// Ends the last page, finishes the PDF and renames it into place.
  ///
  /// - Parameter durable: `fsync` the file before the rename.
  func finish(durable: Bool) throws(PrintError) {
    if slot > 0 { try endPage() }
    cairo_surface_finish(surface)
    finished = true
    guard sink.failure == 0 else {
      sink.stream.discard()
      throw sink.writeError()
    }
    do {
      try Cairo.check(surface: surface, "finish the PDF \(path)")
    } catch {
      sink.stream.discard()
      throw error
    }
    do {
      try sink.stream.commit(durable: durable)
    } catch {
      throw PrintError(error)
    }
  }

  /// Drops the document: no file is left.
  func discard() {
    finished = true
    sink.stream.discard()
  }

  private func endPage() throws(PrintError) {
    if layout.cropMarks { drawCropMarks() }
    cairo_show_page(context)
    slot = 0
    guard sink.failure == 0 else { throw sink.writeError() }
    try Cairo.check(context: context, "write page \(pages) of \(path)")
  }

  /// Marks on the extension of every cut line, in the margins: outside the block of cards,
  /// starting ``SheetLayout/cropMarkOffset`` from it.
  private func drawCropMarks() {
    let card = layout.cardSize
    let gutter = layout.gutter.points
    let (left, top) = layout.origin
    let right = left + Double(layout.columns) * card.width + Double(layout.columns - 1) * gutter
    let bottom = top + Double(layout.rows) * card.height + Double(layout.rows - 1) * gutter
    let offset = SheetLayout.cropMarkOffset.points
    let length = layout.cropMarkLength
    var xs: [Double] = []
    for column in 0..<layout.columns {
      let x = left + Double(column) * (card.width + gutter)
      xs += [x, x + card.width]
    }
    var ys: [Double] = []
    for row in 0..<layout.rows {
      let y = top + Double(row) * (card.height + gutter)
      ys += [y, y + card.height]
    }
    cairo_save(context)
    cairo_set_source_rgb(context, 0, 0, 0)
    cairo_set_line_width(context, 0.25)
    for x in Set(xs.map { ($0 * 100).rounded() / 100 }).sorted() {
      cairo_move_to(context, x, top - offset - length)
      cairo_line_to(context, x, top - offset)
      cairo_move_to(context, x, bottom + offset)
      cairo_line_to(context, x, bottom + offset + length)
    }
    for y in Set(ys.map { ($0 * 100).rounded() / 100 }).sorted() {
      cairo_move_to(context, left - offset - length, y)
      cairo_line_to(context, left - offset, y)
      cairo_move_to(context, right + offset, y)
      cairo_line_to(context, right + offset + length, y)
    }
    cairo_stroke(context)
    cairo_restore(context)
  }
}
