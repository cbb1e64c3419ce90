package import Foundation
package import LinkStore

/// A position in the links list: the last link of a page (newest first, then by code).
package struct LinkCursor: Sendable, Hashable {
  package var createdAt: Int64
  package var code: String

  package init(createdAt: Int64, code: String) {
    self.createdAt = createdAt
    self.code = code
  }

  /// `<seconds>.<code>`, as the `after` query item carries it.
  package init?(_ text: String) {
    let parts = text.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, let time = Int64(parts[0]), parts[1].utf8.count <= 64 else {
      return nil
    }
    self.init(createdAt: time, code: String(parts[1]))
  }

  var text: String { "\(createdAt).\(code)" }
}

/// What the links list asks for.
package struct LinkListRequest: Sendable, Hashable {
  package var search: String?
  package var route: String?
  package var after: LinkCursor?
  package var limit: Int
  package var range: DayRange
}

/// One row of the links list.
package struct LinkListItem: Sendable, Hashable {
  package var code: String
  package var route: String
  /// The route's values as `name=value` pairs.
  package var values: [(String, String)]
  package var createdAt: Date
  /// People's clicks in the range.
  package var clicks: Int
  /// People's scans of the link's printed codes in the range (counted apart from clicks).
  package var scans: Int

  package init(
    code: String,
    route: String,
    values: [(String, String)],
    createdAt: Date,
    clicks: Int,
    scans: Int = 0
  ) {
    self.code = code
    self.route = route
    self.values = values
    self.createdAt = createdAt
    self.clicks = clicks
    self.scans = scans
  }

  package static func == (a: Self, b: Self) -> Bool {
    a.code == b.code && a.clicks == b.clicks && a.scans == b.scans && a.createdAt == b.createdAt
  }

  package func hash(into hasher: inout Hasher) { hasher.combine(code) }
}

/// A page of the links list and where the next one starts.
package struct LinkListPage: Sendable, Hashable {
  package var items: [LinkListItem]
  package var next: LinkCursor?

  package init(items: [LinkListItem], next: LinkCursor?) {
    self.items = items
    self.next = next
  }
}

/// The console's reads beyond ``LinkStore``'s public API.
package protocol ConsoleData: Sendable {
  /// A page of the links list.
  func links(_ request: LinkListRequest) async throws(StoreError) -> LinkListPage
}

/// The console's reads from a store.
package struct StoreConsoleData: ConsoleData {
  let store: LinkStore

  package init(store: LinkStore) {
    self.store = store
  }

  package func links(_ request: LinkListRequest) async throws(StoreError) -> LinkListPage {
    let page = try await store.consoleLinks(
      ConsoleLinkQuery(
        search: request.search,
        route: request.route,
        after: request.after.map { ConsoleLinkCursor(createdAt: $0.createdAt, code: $0.code) },
        limit: request.limit,
        from: request.range.from,
        to: request.range.to
      )
    )
    let items = page.rows.map { row in
      LinkListItem(
        code: row.code,
        route: row.route,
        values: row.values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
        createdAt: Date(timeIntervalSince1970: Double(row.createdAt)),
        clicks: row.clicks,
        scans: row.scans
      )
    }
    return LinkListPage(
      items: items,
      next: page.next.map { LinkCursor(createdAt: $0.createdAt, code: $0.code) }
    )
  }
}
