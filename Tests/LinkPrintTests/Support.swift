import Foundation
import LinkKit
import LinkPages
import LinkPrint
import LinkgenTestSupport
import Testing

/// The package's example data and helpers shared by the sheet tests.
enum Sample {
  static let root = PackagePaths.root
  static let openlist = root.appendingPathComponent("Examples/openlist/linkgen.json")
  static let invites = root.appendingPathComponent("Examples/openlist/invites.csv")
  static let fixtures = root.appendingPathComponent("Tests/Fixtures")

  static func pages(templates: URL? = nil) throws -> PageRenderer {
    try PageRenderer(table: try RouteTable(contentsOf: openlist), templatesDirectory: templates)
  }

  static func universal(_ id: String) -> String {
    "https://openlist.example.com/shared-checklists/" + id.lowercased()
  }

  /// The rows of a CSV without quotes in its fields (id, name, …).
  static func rows(_ csv: URL) throws -> [[String]] {
    try String(contentsOf: csv, encoding: .utf8).split(separator: "\n").dropFirst().map {
      line in
      var fields: [String] = []
      var field = ""
      var quoted = false
      for character in line {
        if character == "\"" {
          quoted.toggle()
        } else if character == ",", !quoted {
          fields.append(field)
          field = ""
        } else {
          field.append(character)
        }
      }
      fields.append(field)
      return fields
    }
  }

  /// `text` without white space and hyphens, so that a name broken over two lines (and
  /// re-joined by pdftotext) still compares equal.
  static func squeezed(_ text: String) -> String {
    text.filter { !$0.isWhitespace && $0 != "-" && $0 != "\u{00AD}" }
  }

  /// Checks a sheet page by page, quickly: each page, rendered at 300 dpi, holds exactly the
  /// QR codes of its rows' links, and each card's area shows its row's name (`pdftotext -bbox`).
  static func checkPages(
    _ pdf: URL,
    layout: SheetLayout,
    links: [String],
    names: [String],
    directory: TemporaryDirectory
  ) throws {
    let words = try PDFTools.words(pdf)
    let pages = (links.count + layout.cardsPerPage - 1) / layout.cardsPerPage
    #expect(try PDFTools.info(pdf)["Pages"] == String(pages))
    for page in 1...pages {
      let range = (page - 1) * layout.cardsPerPage..<min(page * layout.cardsPerPage, links.count)
      let png = try PDFTools.render(pdf, page: page, in: directory.url)
      let decoded = try Scanner.decodeAllSymbols(png: png)
      #expect(decoded.sorted() == links[range].sorted(), "the codes of page \(page)")
      for index in range {
        let origin = layout.cardOrigin(index % layout.cardsPerPage)
        let text = words.filter { word in
          let (x, y) = (word.box.x + word.box.width / 2, word.box.y + word.box.height / 2)
          return word.page == page && x >= origin.x && y >= origin.y
            && x < origin.x + layout.cardSize.width && y < origin.y + layout.cardSize.height
        }.map(\.text).joined()
        #expect(squeezed(text).contains(squeezed(names[index])), "card \(index + 1): \(text)")
      }
    }
  }

  /// Checks every card of a sheet against its row, card by card: the QR code of the card's
  /// area alone, rendered at 300 dpi, decodes to the row's link, and the text of the area shows
  /// the row's name.
  static func checkCards(
    _ pdf: URL,
    layout: SheetLayout,
    links: [String],
    names: [String],
    firstPage: Int = 1,
    directory: TemporaryDirectory
  ) throws {
    for (index, (link, name)) in zip(links, names).enumerated() {
      let page = firstPage + index / layout.cardsPerPage
      let origin = layout.cardOrigin(index % layout.cardsPerPage)
      let box = PDFTools.Box(
        x: origin.x,
        y: origin.y,
        width: layout.cardSize.width,
        height: layout.cardSize.height
      )
      let png = try PDFTools.render(pdf, page: page, box: box, in: directory.url)
      #expect(try Scanner.decode(png: png) == link, "card \(index + 1) on page \(page)")
      let text = try PDFTools.text(pdf, page: page, box: box)
      #expect(
        squeezed(text).contains(squeezed(name)),
        "card \(index + 1) on page \(page) shows \(text.debugDescription), not \(name)"
      )
    }
  }
}
