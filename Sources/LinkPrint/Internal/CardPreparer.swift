import LinkBatch
import LinkKit
import LinkPages
import LinkQR

/// One card, ready to draw: its link, QR code and text, made on any thread.
struct PreparedCard: Sendable {
  /// The CSV line the row starts on.
  let line: Int
  /// What the QR code holds.
  let link: String
  /// The link as printed under the code.
  let shortLink: String
  /// The code, at the sheet's level (H, without a central alignment pattern, with a logo).
  let code: QRCode
  /// The card's text, as Pango markup.
  let markup: String
}

/// A row that did not become a card.
struct RowProblem: Error, Sendable {
  let line: Int
  let message: String
}

/// Turns CSV records into cards: the route's values and links, the QR code, the card template.
/// Immutable and `Sendable`: the worker threads share one.
struct CardPreparer: Sendable {
  let table: RouteTable
  let rows: RouteRows
  let template: CardTemplate
  /// The columns the template sees as `fields.*`, by name.
  let fieldColumns: [(name: String, column: Int)]
  let link: LinkSet.Key
  /// The code holds the link with the scan marker; the card prints it without.
  var countsScans = false
  let errorCorrection: QRErrorCorrection
  let exactErrorCorrection: Bool
  let minimumVersion: Int?
  let logo: QRLogo?

  func prepare(_ record: CSVRecord) -> Result<PreparedCard, RowProblem> {
    let line = record.line
    let fields: [String]
    switch rows.fields(of: record) {
    case .failure(let error): return .failure(RowProblem(line: line, message: error.message))
    case .success(let values): fields = values
    }
    let values: RouteValues
    let links: LinkSet
    do throws(LinkError) {
      values = try rows.values(fields, table: table)
      links = try table.links(for: values)
    } catch {
      return .failure(RowProblem(line: line, message: error.message))
    }
    guard let printed = links[link] else {
      return .failure(
        RowProblem(line: line, message: "the route table configures no \(link.rawValue) link")
      )
    }
    let text = countsScans ? ScanMarker.adding(to: printed) : printed
    let code: QRCode
    do throws(QRError) {
      if let logo {
        code = try QRCode(encodingForLogo: text, minimumVersion: minimumVersion)
        _ = try code.logoArea(fraction: logo.size)
      } else {
        code = try QRCode(
          encoding: text,
          errorCorrection: errorCorrection,
          minimumVersion: minimumVersion,
          exactErrorCorrection: exactErrorCorrection
        )
      }
    } catch {
      return .failure(RowProblem(line: line, message: error.message))
    }
    var cardFields: [String: String] = [:]
    for (name, column) in fieldColumns where !fields[column].isEmpty {
      cardFields[name] = fields[column]
    }
    let markup: String
    do throws(PageError) {
      markup = try template.render(values: values, fields: cardFields, links: links)
    } catch {
      return .failure(RowProblem(line: line, message: error.message))
    }
    return .success(
      PreparedCard(
        line: line,
        link: text,
        shortLink: Self.shortForm(printed),
        code: code,
        markup: markup
      )
    )
  }

  /// The link as people read it: without `https://`, and without a final `/` after the host
  /// alone (`openlist.example.com/shared-checklists/3f25…`). Other links are printed whole.
  static func shortForm(_ link: String) -> String {
    var text = Substring(link)
    for scheme in ["https://", "http://"] where text.lowercased().hasPrefix(scheme) {
      text = text.dropFirst(scheme.count)
      if let slash = text.firstIndex(of: "/"), text.index(after: slash) == text.endIndex {
        text = text[..<slash]
      }
      break
    }
    return String(text)
  }
}
