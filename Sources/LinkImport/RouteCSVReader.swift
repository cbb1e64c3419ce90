import Foundation
public import LinkKit

/// Reads a generic CSV for any other shortener (Kutt, YOURLS, Shlink, Dub exports, once the
/// team has mapped each target to a route): a `path` column (`/abc`) or a `code` column (`abc`,
/// kept as `/abc`), the route's parameter columns, and optionally `label` and `created`. Other
/// columns are ignored (and listed).
public struct RouteCSVReader: Sendable {
  /// The route table.
  public let table: RouteTable
  /// The route every row is a link of.
  public let route: String

  /// Creates a reader.
  public init(table: RouteTable, route: String) {
    self.table = table
    self.route = route
  }

  /// Reads one file.
  ///
  /// - Throws: ``ImportError`` when the file cannot be read, the route is unknown, or the
  ///   header lacks `path`/`code` or a required parameter.
  public func read(file: String) throws(ImportError) -> ImportBatch {
    let parameters: [Parameter]
    do throws(LinkError) {
      parameters = try table.values(for: route).parameters
    } catch {
      throw ImportError(.invalidInput, "--route: \(error.message)")
    }
    let csv = try ExportCSV(file: file)
    let column = Dictionary(
      csv.header.enumerated().map { ($1, $0) },
      uniquingKeysWith: { a, _ in a }
    )
    guard let pathColumn = column["path"] ?? column["code"] else {
      throw ImportError(
        .invalidInput,
        "\(file):\(csv.headerLine): the header needs a 'path' or 'code' column"
      )
    }
    let isCode = column["path"] == nil
    let named = parameters.compactMap { parameter in
      column[parameter.name.lowercased()].map { (parameter.name, $0) }
    }
    let used = Set(["path", "code", "label", "created"] + parameters.map { $0.name.lowercased() })
    var batch = ImportBatch()
    batch.ignoredColumns = csv.header.filter { !used.contains($0) }
    for record in csv.records {
      let read = csv.fields(record).flatMap { fields in
        row(
          fields,
          location: csv.location(record),
          column: column,
          pathColumn: pathColumn,
          named: named,
          isCode: isCode
        )
      }
      switch read {
      case .success(let read): batch.records.append(read)
      case .failure(let miss): batch.misses.append(miss)
      }
    }
    return batch
  }

  /// One row: its kept path, the route's values checked by the table, its label and time.
  private func row(
    _ fields: [String],
    location: ImportLocation,
    column: [String: Int],
    pathColumn: Int,
    named: [(String, Int)],
    isCode: Bool
  ) -> Result<ImportRecord, ImportMiss> {
    let raw = fields[pathColumn].trimmingCharacters(in: .whitespaces)
    let path = isCode ? "/" + raw : raw
    var arguments: [String: String] = [:]
    for (name, index) in named where !fields[index].isEmpty { arguments[name] = fields[index] }
    do throws(LinkError) {
      _ = try table.values(for: route, arguments: arguments)
    } catch {
      return .failure(ImportMiss(location: location, subject: path, message: error.message))
    }
    var read = ImportRecord(location: location, keptPath: path, route: route, arguments: arguments)
    if let index = column["label"], !fields[index].isEmpty { read.label = fields[index] }
    if let index = column["created"], !fields[index].isEmpty {
      guard let date = Timestamp.date(fields[index]) else {
        return .failure(
          ImportMiss(
            location: location,
            subject: path,
            message: "'created' is not a date (got '\(fields[index])')"
          )
        )
      }
      read.createdAt = date
    }
    return .success(read)
  }
}
