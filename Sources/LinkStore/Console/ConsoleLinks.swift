/// What the console's links list asks for: newest first, a page at a time by keyset (the
/// last row's creation time and code, never an offset), optionally searched and filtered.
package struct ConsoleLinkQuery: Sendable, Hashable {
  /// A code prefix, a route name, or text in a parameter's value (case-insensitive); `nil` or
  /// empty for every link.
  package var search: String?
  /// Only this route.
  package var route: String?
  /// The last row of the previous page: the list goes on after it.
  package var after: ConsoleLinkCursor?
  /// Rows per page, 1–500.
  package var limit: Int
  /// The days whose clicks and scans each row shows.
  package var from: ClickDay
  package var to: ClickDay

  package init(
    search: String? = nil,
    route: String? = nil,
    after: ConsoleLinkCursor? = nil,
    limit: Int = 50,
    from: ClickDay,
    to: ClickDay
  ) {
    self.search = search
    self.route = route
    self.after = after
    self.limit = limit
    self.from = from
    self.to = to
  }
}

/// A position in the links list: a link's creation time (seconds since 1970) and code.
package struct ConsoleLinkCursor: Sendable, Hashable {
  package var createdAt: Int64
  package var code: String

  package init(createdAt: Int64, code: String) {
    self.createdAt = createdAt
    self.code = code
  }
}

/// One row of the links list.
package struct ConsoleLinkRow: Sendable, Hashable {
  package var code: String
  package var route: String
  /// The link's values, by parameter name, as canonical text.
  package var values: [String: String]
  /// Seconds since 1970.
  package var createdAt: Int64
  package var expiresAt: Int64?
  package var maxVisits: Int64?
  package var visits: Int64
  /// People's clicks in the query's days.
  package var clicks: Int
  /// People's scans in the query's days.
  package var scans: Int
}

/// A page of the links list; `next` is where the following page starts (`nil` on the last).
package struct ConsoleLinkPage: Sendable, Hashable {
  package var rows: [ConsoleLinkRow]
  package var next: ConsoleLinkCursor?
}

extension LinkStore {
  /// A page of short links, newest first (then by code, descending), after `query.after`.
  ///
  /// Reads the `linkgen_links_newest` index (or `linkgen_links_by_route` with a route
  /// filter) backwards from the cursor, so a deep page costs what the first does. A search
  /// matches a code starting with the text, a route named by it, or a value holding it. From
  /// 3 characters a trigram index finds the candidates (schema 6): PostgreSQL's planner picks
  /// it or the newest-first scan; SQLite reads the next ``searchWindow`` links in order
  /// first and asks its trigram index only when fewer than a page of them match, taking the
  /// newest links the index does not hold yet as candidates too (schema 7: it is written in
  /// batches of ``Migration/trigramBatch``). Shorter searches read each link's stored values
  /// (up to the page's last match).
  package func consoleLinks(_ query: ConsoleLinkQuery) async throws(StoreError) -> ConsoleLinkPage {
    guard (1...500).contains(query.limit), query.from <= query.to else {
      throw StoreError(
        .invalidRequest,
        "limit must be 1–500 and the range in order",
        field: "limit"
      )
    }
    let found = try await matchingLinks(query)
    var rows = found.prefix(query.limit).map { row in
      ConsoleLinkRow(
        code: row[0].string,
        route: row[1].string,
        values: ParamsCoding.decode(row[2].string) ?? [:],
        createdAt: Int64(row[3].int),
        expiresAt: row[4] == .null ? nil : Int64(row[4].int),
        maxVisits: row[5] == .null ? nil : Int64(row[5].int),
        visits: Int64(row[6].int),
        clicks: 0,
        scans: 0
      )
    }
    try await addCounts(to: &rows, from: query.from, to: query.to)
    let next =
      found.count > query.limit
      ? rows.last.map { ConsoleLinkCursor(createdAt: $0.createdAt, code: $0.code) } : nil
    return ConsoleLinkPage(rows: rows, next: next)
  }

  /// How many links SQLite's search reads in order before it asks the trigram index.
  static let searchWindow = 2_000

  /// The page's links, one more than `query.limit` if there are more.
  private func matchingLinks(_ query: ConsoleLinkQuery) async throws(StoreError) -> [[ConsoleValue]]
  {
    let dialect = try consoleBackend.consoleDialect
    let filter = Self.linkFilter(query, dialect: dialect)
    let columns = "code, route, params, created_at, expires_at, max_visits, visits"
    let order = " ORDER BY created_at DESC, code DESC LIMIT ?"
    let kinds: [ConsoleValue.Kind] = [.text, .text, .text, .integer, .integer, .integer, .integer]
    guard dialect == .sqlite, let search = query.search, search.unicodeScalars.count >= 3 else {
      return try await console(
        ConsoleStatement(
          "SELECT \(columns) FROM linkgen_links WHERE \(filter.all)\(order)",
          filter.allBinds + [.integer(query.limit + 1)],
          columns: kinds
        )
      )
    }
    let window = try await console(
      ConsoleStatement(
        """
        SELECT \(columns) FROM (
          SELECT * FROM linkgen_links WHERE \(filter.place)\(order)
        ) WHERE \(filter.search)\(order)
        """,
        filter.placeBinds + [.integer(Self.searchWindow)] + filter.searchBinds
          + [.integer(query.limit + 1)],
        columns: kinds
      )
    )
    guard window.count <= query.limit else { return window }
    return try await console(
      ConsoleStatement(
        """
        SELECT \(columns) FROM linkgen_links WHERE code IN (
          SELECT t.code FROM linkgen_link_text AS t WHERE t.id IN (
            SELECT rowid FROM linkgen_link_trigrams WHERE linkgen_link_trigrams MATCH ?
          ) OR t.id > (SELECT id FROM linkgen_link_trigrams_indexed)
        ) AND \(filter.all)\(order)
        """,
        [.text(Self.ftsPhrase(search))] + filter.allBinds + [.integer(query.limit + 1)],
        columns: kinds
      )
    )
  }

  /// A links query's conditions: where in the list (route, cursor) and what the search
  /// matches, each with its values in order.
  struct LinkFilter {
    var place = "1 = 1"
    var placeBinds: [ConsoleValue] = []
    var search = "1 = 1"
    var searchBinds: [ConsoleValue] = []
    var all: String { "\(place) AND \(search)" }
    var allBinds: [ConsoleValue] { placeBinds + searchBinds }
  }

  static func linkFilter(_ query: ConsoleLinkQuery, dialect: ConsoleDialect) -> LinkFilter {
    var filter = LinkFilter()
    if let route = query.route {
      filter.place += " AND route = ?"
      filter.placeBinds.append(.text(route))
    }
    if let after = query.after {
      filter.place += " AND (created_at < ? OR (created_at = ? AND code < ?))"
      filter.placeBinds += [
        .integer(Int(after.createdAt)), .integer(Int(after.createdAt)), .text(after.code),
      ]
    }
    if let search = query.search, !search.isEmpty {
      let pattern = likeEscaped(search)
      filter.search =
        "(code LIKE ? ESCAPE '\\' OR route = ? OR params \(dialect.ilike) ? ESCAPE '\\')"
      filter.searchBinds = [.text(pattern + "%"), .text(search), .text("%" + pattern + "%")]
    }
    return filter
  }

  /// `text` as one FTS5 phrase (in double quotes, a quote doubled): with the trigram
  /// tokenizer, the rows holding it anywhere, case-insensitively.
  static func ftsPhrase(_ text: String) -> String {
    var phrase = "\""
    for character in text {
      phrase.append(character == "\"" ? "\"\"" : String(character))
    }
    return phrase + "\""
  }

  /// Each row's people's clicks and scans in the days, from `linkgen_link_days` by code.
  private func addCounts(to rows: inout [ConsoleLinkRow], from: ClickDay, to: ClickDay)
    async throws(StoreError)
  {
    guard !rows.isEmpty else { return }
    let marks = Array(repeating: "?", count: rows.count).joined(separator: ", ")
    let counts = try await console(
      ConsoleStatement(
        """
        SELECT code, event, CAST(SUM(count) AS BIGINT) FROM linkgen_link_days
        WHERE code IN (\(marks)) AND day >= ? AND day <= ? AND event IN ('page', 'scan')
        GROUP BY code, event
        """,
        rows.map { .text($0.code) } + [.integer(from.daysSince1970), .integer(to.daysSince1970)],
        columns: [.text, .text, .integer]
      )
    )
    var positions: [String: Int] = [:]
    for (index, row) in rows.enumerated() { positions[row.code] = index }
    for count in counts {
      guard let index = positions[count[0].string] else { continue }
      if count[1].string == ClickEvent.Kind.scan.rawValue {
        rows[index].scans = count[2].int
      } else {
        rows[index].clicks = count[2].int
      }
    }
  }

  /// `text` with `\`, `%` and `_` escaped for `LIKE … ESCAPE '\'`.
  static func likeEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
