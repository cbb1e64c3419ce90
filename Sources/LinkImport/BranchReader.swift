import Foundation
public import LinkKit

/// Reads Branch's CSV export of links. Columns, case-insensitively: the link (`url`, or
/// `alias` for its path), the deep link (`$canonical_url`, a whole https URL, or
/// `$deeplink_path`, a path on the table's canonical domain), and optionally `~campaign`,
/// `~channel`, `~feature` (joined into the label), `$og_title`, `$og_description`,
/// `$og_image_url` (the card, under ``FirebaseSocialCard``'s rule) and `creation_date`.
public struct BranchReader: Sendable {
  /// The route table deep links are parsed by.
  public let table: RouteTable
  /// The only domain whose links are taken; `nil` for any domain of the table.
  public let domain: String?

  /// Creates a reader.
  public init(table: RouteTable, domain: String? = nil) {
    self.table = table
    self.domain = domain?.lowercased()
  }

  /// Reads one file.
  ///
  /// - Throws: ``ImportError`` when the file cannot be read or lacks the link or deep link
  ///   columns.
  public func read(file: String) throws(ImportError) -> ImportBatch {
    let csv = try ExportCSV(file: file)
    let column = Dictionary(
      csv.header.enumerated().map { ($1, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    let link = column["url"] ?? column["link"]
    let alias = column["alias"] ?? column["~alias"] ?? column["$alias"]
    let deep = column["$canonical_url"] ?? column["$deeplink_path"]
    guard link != nil || alias != nil, deep != nil else {
      throw ImportError(
        .invalidInput,
        "\(file):\(csv.headerLine): not a Branch export: the header needs 'url' (or 'alias') and "
          + "'$canonical_url' or '$deeplink_path' (found: \(csv.header.joined(separator: ", ")))"
      )
    }
    let known: Set<String> = [
      "url", "link", "alias", "~alias", "$alias", "$canonical_url", "$deeplink_path", "~campaign",
      "~channel", "~feature", "$og_title", "$og_description", "$og_image_url", "creation_date",
    ]
    var batch = ImportBatch()
    batch.ignoredColumns = csv.header.filter { !known.contains($0) }
    for record in csv.records {
      let row = csv.fields(record).flatMap { fields in
        self.row(BranchRow(fields: fields, column: column), location: csv.location(record))
      }
      switch row {
      case .success(let read): batch.records.append(read)
      case .failure(let miss): batch.misses.append(miss)
      }
    }
    return batch
  }

  private func row(_ row: BranchRow, location: ImportLocation) -> Result<ImportRecord, ImportMiss> {
    let shortLink =
      row["url"] ?? row["link"]
      ?? (row["alias"] ?? row["~alias"] ?? row["$alias"]).map {
        "https://\(domain ?? table.app.canonicalDomain)/\($0)"
      } ?? ""
    func miss(_ message: String) -> Result<ImportRecord, ImportMiss> {
      .failure(
        ImportMiss(
          location: location,
          subject: shortLink.isEmpty ? nil : shortLink,
          message: message
        )
      )
    }
    let keptPath: String
    switch ShortLinkURL.keptPath(shortLink, domain: domain, table: table) {
    case .success(let path): keptPath = path
    case .failure(let problem): return miss(problem.message)
    }
    let parsed: ParsedLink
    switch deepLink(row) {
    case .success(let link): parsed = link
    case .failure(let problem): return miss(problem.message)
    }
    var card: [FirebaseParameter: String] = [:]
    card[.st] = row["$og_title"]
    card[.sd] = row["$og_description"]
    card[.si] = row["$og_image_url"]
    let label = ["~campaign", "~channel", "~feature"].compactMap { row[$0] }.joined(
      separator: " · "
    )
    var record = ImportRecord(
      location: location,
      shortLink: shortLink,
      keptPath: keptPath,
      route: parsed.route.name,
      arguments: RouteArguments.text(parsed.values),
      label: label.isEmpty ? nil : label,
      card: FirebaseSocialCard.read(
        card,
        imageHosts: FirebaseSocialCard.defaultImageHosts(for: table)
      ).card
    )
    if let created = row["creation_date"] {
      guard let date = Timestamp.date(created) else {
        return miss("'creation_date' is not a date (got '\(created)')")
      }
      record.createdAt = date
    }
    return .success(record)
  }
}

extension BranchReader {
  /// The row's deep link (`$canonical_url`, else `$deeplink_path` on the canonical domain),
  /// parsed by the table as a long link's is.
  fileprivate func deepLink(_ row: BranchRow) -> Result<ParsedLink, FieldProblem> {
    let deepLink: String
    if let canonical = row["$canonical_url"] {
      deepLink = canonical
    } else if let path = row["$deeplink_path"] {
      deepLink = "https://\(table.app.canonicalDomain)/" + path.drop { $0 == "/" }
    } else {
      return .failure(
        FieldProblem(message: "the row has no deep link ('$canonical_url' or '$deeplink_path')")
      )
    }
    do throws(FirebaseLongLinkError) {
      return .success(try FirebaseLongLink.parseDeepLink(deepLink, table: table))
    } catch {
      return .failure(FieldProblem(message: error.description))
    }
  }
}

/// A Branch row's non-empty fields by column name.
struct BranchRow {
  let fields: [String]
  let column: [String: Int]

  subscript(name: String) -> String? {
    guard let index = column[name] else { return nil }
    let value = fields[index].trimmingCharacters(in: .whitespaces)
    return value.isEmpty ? nil : value
  }
}
