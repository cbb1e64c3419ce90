/// Where the cards go on each page: the paper, the card size and how many fit, the margins,
/// the gutters between cards and the crop marks.
///
/// Cards are laid out in a grid centred on the page, left to right and top to bottom. Either
/// the card size is given (85 × 55 mm by default, as many as fit inside the margins) or the grid
/// (the cards then share the space inside the margins).
///
/// ```swift
/// let layout = try SheetLayout(paper: .a4, cards: .size(.businessCard))
/// layout.columns * layout.rows  // 10 cards of 85 × 55 mm per A4 page
/// let grid = try SheetLayout(paper: .letter, cards: .grid(columns: 3, rows: 4))
/// grid.cardSize                 // 63.5 × 64.6 mm
/// ```
public struct SheetLayout: Sendable, Hashable {
  /// How the cards are sized.
  public enum Cards: Sendable, Hashable {
    /// Cards of this size, as many as fit.
    case size(PrintSize)
    /// This many columns and rows, sharing the space inside the margins.
    case grid(columns: Int, rows: Int)
  }

  /// The distance from the trim line to the start of a crop mark: 3 mm, the usual bleed, so a
  /// mark never reaches a card even when the cut is off by a millimetre.
  public static let cropMarkOffset = PrintLength.millimetres(3)
  /// The longest crop mark: 5 mm (shorter when the margin is narrower).
  public static let cropMarkLength = PrintLength.millimetres(5)
  /// The smallest card side: 20 mm.
  public static let minimumCardSide = PrintLength.millimetres(20)

  /// The paper size.
  public let paper: PrintSize
  /// The size of each card.
  public let cardSize: PrintSize
  /// Cards per row.
  public let columns: Int
  /// Rows of cards per page.
  public let rows: Int
  /// The space between cards.
  public let gutter: PrintLength
  /// The smallest margin between the cards and the paper's edge.
  public let margin: PrintLength
  /// Whether crop marks are drawn in the margins, on the extension of every cut line.
  public let cropMarks: Bool
  /// The top-left corner of the first card, in points from the page's top-left corner.
  public let origin: (x: Double, y: Double)

  /// Lays out cards on paper.
  ///
  /// - Throws: ``PrintError`` with ``PrintError/Code/invalidOption`` when no card fits, a card
  ///   is smaller than ``minimumCardSide``, a grid is empty or larger than 20 × 20, or the
  ///   margin is too narrow for crop marks (5 mm: the 3 mm offset and 2 mm of mark).
  public init(
    paper: PrintSize = .a4,
    cards: Cards = .size(.businessCard),
    margin: PrintLength = .millimetres(10),
    gutter: PrintLength = PrintLength(points: 0),
    cropMarks: Bool = false
  ) throws(PrintError) {
    let usableWidth = paper.width - 2 * margin.points
    let usableHeight = paper.height - 2 * margin.points
    guard usableWidth > 0, usableHeight > 0 else {
      throw PrintError(
        .invalidOption,
        "margins of \(margin) leave no room on \(paper.paperName ?? paper.description) paper"
      )
    }
    let (card, columns, rows) = try Self.grid(
      cards,
      within: PrintSize(width: usableWidth, height: usableHeight),
      on: paper,
      margin: margin,
      gutter: gutter
    )
    guard card.width >= Self.minimumCardSide.points, card.height >= Self.minimumCardSide.points
    else {
      throw PrintError(
        .invalidOption,
        "cards of \(card) are too small; a card must be at least \(Self.minimumCardSide) a side"
      )
    }
    let blockWidth = Double(columns) * card.width + Double(columns - 1) * gutter.points
    let blockHeight = Double(rows) * card.height + Double(rows - 1) * gutter.points
    let origin = ((paper.width - blockWidth) / 2, (paper.height - blockHeight) / 2)
    if cropMarks { try Self.checkRoomForCropMarks(origin: origin) }
    self.init(
      paper: paper,
      cardSize: card,
      columns: columns,
      rows: rows,
      gutter: gutter,
      margin: margin,
      cropMarks: cropMarks,
      origin: origin
    )
  }

  /// The cards' size and how many fit across and down `usable`, the paper inside the margins:
  /// as many of a size as fit, or a grid sharing the space.
  private static func grid(
    _ cards: Cards,
    within usable: PrintSize,
    on paper: PrintSize,
    margin: PrintLength,
    gutter: PrintLength
  ) throws(PrintError) -> (card: PrintSize, columns: Int, rows: Int) {
    switch cards {
    case .size(let size):
      let columns = Int((usable.width + gutter.points) / (size.width + gutter.points) + 1e-9)
      let rows = Int((usable.height + gutter.points) / (size.height + gutter.points) + 1e-9)
      guard columns >= 1, rows >= 1 else {
        throw PrintError(
          .invalidOption,
          "a \(size) card does not fit on \(paper.paperName ?? paper.description) paper inside "
            + "margins of \(margin); the space is \(usable)"
        )
      }
      return (size, columns, rows)
    case .grid(let columns, let rows):
      guard (1...20).contains(columns), (1...20).contains(rows) else {
        throw PrintError(
          .invalidOption,
          "a grid of \(columns)x\(rows) cards: give 1 to 20 columns and rows"
        )
      }
      let card = PrintSize(
        width: (usable.width - Double(columns - 1) * gutter.points) / Double(columns),
        height: (usable.height - Double(rows - 1) * gutter.points) / Double(rows)
      )
      return (card, columns, rows)
    }
  }

  /// Crop marks start 3 mm from the cut and need 2 mm of margin beyond.
  private static func checkRoomForCropMarks(origin: (Double, Double)) throws(PrintError) {
    let room = min(origin.0, origin.1) - cropMarkOffset.points
    guard room >= PrintLength.millimetres(2).points else {
      throw PrintError(
        .invalidOption,
        "crop marks need a margin of at least 5 mm (3 mm from the cut, then the mark); the "
          + "cards leave \(PrintLength(points: min(origin.0, origin.1)))"
      )
    }
  }

  private init(
    paper: PrintSize,
    cardSize: PrintSize,
    columns: Int,
    rows: Int,
    gutter: PrintLength,
    margin: PrintLength,
    cropMarks: Bool,
    origin: (x: Double, y: Double)
  ) {
    self.paper = paper
    self.cardSize = cardSize
    self.columns = columns
    self.rows = rows
    self.gutter = gutter
    self.margin = margin
    self.cropMarks = cropMarks
    self.origin = origin
  }

  /// The default: 85 × 55 mm cards on A4 inside 10 mm margins, two columns of five, no gutter,
  /// no crop marks.
  public static let standard = SheetLayout(
    paper: .a4,
    cardSize: .businessCard,
    columns: 2,
    rows: 5,
    gutter: PrintLength(points: 0),
    margin: .millimetres(10),
    cropMarks: false,
    origin: (
      (PrintSize.a4.width - 2 * PrintSize.businessCard.width) / 2,
      (PrintSize.a4.height - 5 * PrintSize.businessCard.height) / 2
    )
  )

  /// The number of cards on a page.
  public var cardsPerPage: Int { columns * rows }

  /// The top-left corner of card `index` (0 ..< ``cardsPerPage``) of a page, in points from the
  /// page's top-left corner.
  public func cardOrigin(_ index: Int) -> (x: Double, y: Double) {
    let column = index % columns
    let row = index / columns
    return (
      origin.x + Double(column) * (cardSize.width + gutter.points),
      origin.y + Double(row) * (cardSize.height + gutter.points)
    )
  }

  /// The length of the crop marks: ``cropMarkLength``, or what the margin leaves.
  var cropMarkLength: Double {
    min(
      Self.cropMarkLength.points,
      min(origin.x, origin.y) - Self.cropMarkOffset.points
    )
  }

  /// Compares the layouts' geometry.
  public static func == (lhs: SheetLayout, rhs: SheetLayout) -> Bool {
    lhs.paper == rhs.paper && lhs.cardSize == rhs.cardSize && lhs.columns == rhs.columns
      && lhs.rows == rhs.rows && lhs.gutter == rhs.gutter && lhs.margin == rhs.margin
      && lhs.cropMarks == rhs.cropMarks
  }

  /// Hashes the layout's geometry.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(paper)
    hasher.combine(cardSize)
    hasher.combine(columns)
    hasher.combine(rows)
    hasher.combine(cropMarks)
  }
}
