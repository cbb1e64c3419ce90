import Foundation
import LinkKit
import LinkStore

extension Console {
  /// A note for people on standard error, beside output meant for programs.
  static func note(_ message: String) {
    FileHandle.standardError.write(Data("linkgen: \(message)\n".utf8))
  }
}

/// The JSON of `keys` and `stats`.
enum StoreJSON {
  /// `{"id", "key", "scopes"}`.
  static func newKey(_ created: NewAPIKey) -> String {
    JSONValue.object([
      ("id", .string(created.info.id)),
      ("key", .string(created.key)),
      ("scopes", .array(created.info.sortedScopes.map { .string($0.rawValue) })),
    ]).rendered()
  }

  /// `[{"id", "scopes", "name", "createdAt", "revokedAt"}]`.
  static func keys(_ keys: [APIKey]) -> String {
    JSONValue.array(keys.map(key)).rendered()
  }

  static func key(_ key: APIKey) -> JSONValue {
    .object([
      ("id", .string(key.id)),
      ("scopes", .array(key.sortedScopes.map { .string($0.rawValue) })),
      ("name", key.name.map(JSONValue.string) ?? .null),
      ("createdAt", .string(StoreText.timestamp(key.createdAt))),
      ("revokedAt", key.revokedAt.map { .string(StoreText.timestamp($0)) } ?? .null),
    ])
  }

  /// `{"from", "to", "groupBy", "rows": [{<dimensions>, "clicks", "visitors", "bots",
  /// "botReasons", "storeTaps", "deferredOpens", "scans"}], "beforeMove": [{<route, link>, "source",
  /// "platform", "event", "count"}]}` (LinkStore's shape, shared with the server's API).
  static func stats(_ report: StatsReport, query: StatsQuery) -> String {
    query.json(report).rendered()
  }
}

/// The text of `keys` and `stats`: aligned columns.
enum StoreText {
  static func scopes(_ scopes: Set<KeyScope>) -> String {
    scopes.sorted().map(\.rawValue).joined(separator: ", ")
  }

  static func timestamp(_ date: Date) -> String {
    date.formatted(.iso8601)
  }

  static func keys(_ keys: [APIKey]) -> String {
    guard !keys.isEmpty else {
      return "no API keys yet; create one with `linkgen keys create --scope links:create`"
    }
    let rows = keys.map { key in
      [
        key.id, key.sortedScopes.map(\.rawValue).joined(separator: ","),
        timestamp(key.createdAt), key.revokedAt.map { "revoked \(timestamp($0))" } ?? "active",
        key.name ?? "",
      ]
    }
    return table(header: ["id", "scopes", "created", "status", "name"], rows: rows)
  }

  static func stats(_ report: StatsReport, query: StatsQuery) -> String {
    let counted = counts(report.rows, query: query)
    guard !report.history.isEmpty else { return counted }
    return counted + "\n\n" + history(report.history, query: query)
  }

  /// The history imported links brought, under a heading that says so.
  static func history(_ rows: [HistoryStatsRow], query: StatsQuery) -> String {
    let dimensions = query.groupBy.filter { $0 == .route || $0 == .link }
    let header = dimensions.map(\.rawValue) + ["source", "platform", "event", "count"]
    let body = rows.map { row in
      dimensions.map { ($0 == .route ? row.route : row.code) ?? "-" }
        + [row.source, row.platform, row.event, String(row.count)]
    }
    return "before the move (imported totals, not in the days above):\n"
      + table(header: header, rows: body, rightAligned: [header.count - 1])
  }

  static func counts(_ rows: [StatsRow], query: StatsQuery) -> String {
    guard !rows.isEmpty else { return "no clicks from \(query.from) to \(query.to)" }
    let header =
      query.groupBy.map(\.rawValue) + [
        "clicks", "visitors", "bots", "store", "deferred", "scans", "bot reasons",
      ]
    let body = rows.map { row in
      query.groupBy.map { row.cell($0) ?? "-" }
        + [
          String(row.clicks), row.visitors.map { "~\($0)" } ?? "-", String(row.bots),
          String(row.storeTaps), String(row.deferredOpens), String(row.scans),
          row.botReasons.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", "),
        ]
    }
    let numeric = Set(query.groupBy.count..<query.groupBy.count + 6)
    return table(header: header, rows: body, rightAligned: numeric)
  }

  static func table(header: [String], rows: [[String]], rightAligned: Set<Int> = []) -> String {
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        let pad = String(repeating: " ", count: widths[index] - cell.count)
        if index == cells.count - 1 && !rightAligned.contains(index) { return cell }
        return rightAligned.contains(index) ? pad + cell : cell + pad
      }.joined(separator: "  ")
    }
    return ([line(header)] + rows.map(line)).joined(separator: "\n")
  }
}
