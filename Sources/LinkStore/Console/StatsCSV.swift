/// The CSV the console exports and `linkgen stats --format csv` prints (RFC 4180: comma
/// separated, CRLF line ends, a field quoted when it holds a comma, a quote or a line break).
///
/// Stats rows have one column per dimension they are grouped by (`day`, `route`, `link`,
/// `platform`, `browser`, `referrer`, in the query's order), then ``countColumns``: the same
/// columns as the console's overview export (grouped by day). Values that reached the database
/// from the public are data, never formulas: a field starting with `=`, `+`, `-`, `@`, a tab or
/// a carriage return gets a leading `'` (as OWASP advises against CSV injection), except a
/// number such as `-3`.
package struct StatsCSV: Sendable {
  /// The counts of every stats row, after its dimensions.
  package static let countColumns = [
    "clicks", "visitors", "bots", "store_taps", "deferred_opens", "scans",
  ]

  /// The text so far.
  package private(set) var text = ""

  package init() {}

  /// Appends one line.
  package mutating func row(_ fields: [String]) {
    text += fields.map(Self.field).joined(separator: ",") + "\r\n"
  }

  /// The header and rows of a stats report (an empty `visitors` cell when the grouping does
  /// not allow the estimate).
  package static func stats(_ report: StatsReport, groupBy: [StatsDimension]) -> String {
    var csv = StatsCSV()
    csv.row(groupBy.map(\.rawValue) + countColumns)
    for row in report.rows {
      csv.row(
        groupBy.map { row.cell($0) ?? "" } + [
          String(row.clicks), row.visitors.map(String.init) ?? "", String(row.bots),
          String(row.storeTaps), String(row.deferredOpens), String(row.scans),
        ]
      )
    }
    return csv.text
  }

  /// One field, quoted when needed and defused when it could be read as a formula.
  package static func field(_ value: String) -> String {
    var value = value
    if let first = value.utf8.first, [0x3D, 0x2B, 0x2D, 0x40, 0x09, 0x0D].contains(first),
      Int(value) == nil
    {
      value = "'" + value
    }
    guard value.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D })
    else { return value }
    return "\"" + value.replacing("\"", with: "\"\"") + "\""
  }
}
