import Foundation
public import LinkKit

/// Reads Firebase's export of Dynamic Links (Google Takeout: one CSV per domain with the 29
/// fields of Firebase's guide "Export Dynamic Links metadata"), or a plain list of long links.
///
/// Columns are recognized case-insensitively, by the parameter key in parentheses where the
/// guide gives one (`Deep link (link)`, `Android package name (apn)`…), else by name
/// (`Short link`, `Archived?`, `Link name`, `Creation timestamp`, `iTunes Connect at`…); a bare
/// key (`link`, `apn`) is read too. `Short link` and the deep link are required. Each row's
/// parameters are read by ``FirebaseLongLink`` (the deep link parsed by the table, the app
/// identifiers checked, the card rule); the short link's path becomes the kept path.
///
/// A file whose first line is an `http(s)://` URL is a plain list of long links, one a line:
/// each is checked as the server would read it; long links need no import, so a list only
/// reports the ones that will not work.
public struct TakeoutReader: Sendable {
  /// The route table deep links are parsed by.
  public let table: RouteTable
  /// The only domain whose rows are taken (`links.example.com`, or with a path prefix
  /// `example.com/link`); `nil` for any domain of the table.
  public let domain: String?

  /// Creates a reader.
  public init(table: RouteTable, domain: String? = nil) {
    self.table = table
    self.domain = domain?.lowercased()
  }

  /// Reads one file.
  ///
  /// - Throws: ``ImportError`` when the file cannot be read or its header lacks `Short link` or
  ///   the deep link.
  public func read(file: String) throws(ImportError) -> ImportBatch {
    if let lines = try LongLinkList.lines(of: file) {
      return LongLinkList.read(lines, file: file, table: table)
    }
    let csv = try ExportCSV(file: file)
    let columns = TakeoutColumns(csv.header)
    guard let shortLink = columns.shortLink, columns.parameters[.link] != nil else {
      throw ImportError(
        .invalidInput,
        "\(file):\(csv.headerLine): not a Dynamic Links export: the header needs 'Short link' and "
          + "'Deep link (link)' (found: \(csv.header.joined(separator: ", ")))"
      )
    }
    var batch = ImportBatch()
    batch.ignoredColumns = columns.ignored
    for record in csv.records {
      switch csv.fields(record).flatMap({
        row($0, shortLink: shortLink, columns, csv.location(record))
      }) {
      case .success(let read): batch.records.append(read)
      case .failure(let miss): batch.misses.append(miss)
      }
    }
    return batch
  }

  private func row(
    _ fields: [String],
    shortLink column: Int,
    _ columns: TakeoutColumns,
    _ location: ImportLocation
  ) -> Result<ImportRecord, ImportMiss> {
    let shortLink = fields[column].trimmingCharacters(in: .whitespaces)
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
    var items: [ParsedLink.QueryItem] = []
    for (parameter, index) in columns.parameters.sorted(by: { $0.value < $1.value })
    where !fields[index].isEmpty {
      items.append(ParsedLink.QueryItem(name: parameter.rawValue, value: fields[index]))
    }
    let long: FirebaseLongLink
    do throws(FirebaseLongLinkError) {
      long = try FirebaseLongLink(parameters: items, table: table)
    } catch {
      return miss(error.description)
    }
    var record = ImportRecord(
      location: location,
      shortLink: shortLink,
      keptPath: keptPath,
      route: long.link.route.name,
      arguments: RouteArguments.text(long.link.values),
      card: long.card
    )
    if let index = columns.archived {
      guard let archived = Self.flag(fields[index]) else {
        return miss("'Archived?' must be true or false (got '\(fields[index])')")
      }
      record.isArchived = archived
    }
    if let index = columns.linkName, !fields[index].isEmpty { record.label = fields[index] }
    if let index = columns.created, !fields[index].isEmpty {
      guard let date = Timestamp.date(fields[index]) else {
        return miss("'Creation timestamp' is not a date (got '\(fields[index])')")
      }
      record.createdAt = date
    }
    return .success(record)
  }

  /// `true`/`false` as exports write them (`TRUE`, `yes`, `1`…; empty is false).
  static func flag(_ text: String) -> Bool? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "true", "yes", "1": true
    case "false", "no", "0", "": false
    default: nil
    }
  }
}

/// The Takeout header's columns, by what they hold.
struct TakeoutColumns {
  var shortLink: Int?
  var parameters: [FirebaseParameter: Int] = [:]
  var archived: Int?
  var linkName: Int?
  var created: Int?
  var ignored: [String] = []

  init(_ header: [String]) {
    for (index, name) in header.enumerated() {
      switch Self.key(name) {
      case "short link", "short_link", "shortlink": shortLink = index
      case "archived?", "archived": archived = index
      case "link name", "link_name": linkName = index
      case "creation timestamp", "creation_timestamp", "created": created = index
      case let key:
        if let parameter = FirebaseParameter(rawValue: key), parameters[parameter] == nil {
          parameters[parameter] = index
        } else {
          ignored.append(name)
        }
      }
    }
  }

  /// The key in parentheses (`deep link (link)` → `link`), the last word of
  /// `itunes connect at`, or the name itself.
  static func key(_ name: String) -> String {
    if name.hasSuffix(")"), let open = name.lastIndex(of: "(") {
      return String(name[name.index(after: open)..<name.index(before: name.endIndex)])
        .trimmingCharacters(in: .whitespaces)
    }
    if name.hasPrefix("itunes connect ") { return String(name.dropFirst("itunes connect ".count)) }
    return name
  }
}

/// A plain list of long links: checked, never imported (long links keep working by themselves).
enum LongLinkList {
  /// The file's lines when its first non-empty line is an http(s) URL; `nil` otherwise.
  static func lines(of file: String) throws(ImportError) -> [Substring]? {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw ImportError(
        .unreadableInput,
        "\(file): cannot read the file: \(error.localizedDescription)"
      )
    }
    var text = String(decoding: data, as: UTF8.self)
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let first = lines.first { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    guard let first,
      first.lowercased().hasPrefix("https://") || first.lowercased().hasPrefix("http://")
    else { return nil }
    return lines
  }

  static func read(_ lines: [Substring], file: String, table: RouteTable) -> ImportBatch {
    var batch = ImportBatch()
    for (number, line) in lines.enumerated() {
      let url = line.trimmingCharacters(in: .whitespacesAndNewlines)
      guard !url.isEmpty, !url.hasPrefix("#") else { continue }
      do throws(FirebaseLongLinkError) {
        _ = try FirebaseLongLink(url: url, table: table)
        batch.longLinks += 1
      } catch {
        batch.misses.append(
          ImportMiss(
            location: ImportLocation(file: file, line: number + 1),
            subject: String(url.prefix(200)),
            message: error.description
          )
        )
      }
    }
    return batch
  }
}
