/// The two backends behind one protocol: what the store needs from a database, in rows.
///
/// Every operation is one statement or one transaction, atomic on its own, so several server
/// copies can share one database. Errors are mapped to ``StoreError`` codes by each backend.
package protocol StoreBackend: Sendable {
  /// Runs what the backend needs in the background (PostgreSQL's connection pool) until the
  /// task is cancelled.
  func run() async
  /// Applies the migrations this build knows and the database lacks, under a lock held across
  /// processes; returns the schema version.
  func migrate() async throws(StoreError) -> Int
  /// Closes the connections.
  func close() async
  /// The versions recorded in `linkgen_schema`, in order.
  func schemaVersions() async throws(StoreError) -> [Int]
  /// Runs one statement without values (tests, benchmarks).
  func execute(_ sql: String) async throws(StoreError)

  /// Inserts a link; `false` when the code is taken.
  func insertLink(_ row: LinkRow) async throws(StoreError) -> Bool
  /// The link of a code.
  func link(code: String) async throws(StoreError) -> LinkRow?
  /// Counts one visit when the link is neither expired at `now` nor exhausted, in one
  /// statement; returns the row after counting, or `nil` when nothing was counted.
  func countVisit(code: String, now: Int64) async throws(StoreError) -> LinkRow?
  /// Deletes a link; `false` when there was none.
  func deleteLink(code: String) async throws(StoreError) -> Bool
  /// The imported link kept at a path.
  func link(keptPath: String) async throws(StoreError) -> LinkRow?
  /// The kept paths of the imported links that have not expired at `now`, sorted.
  func keptPaths(now: Int64) async throws(StoreError) -> [String]
  /// One import, in one transaction that no other import runs beside: reads the links holding
  /// `keptPaths`, asks `decide` what to write, inserts its links and sets its history counts
  /// (a count already equal is left alone). Commits when `commit`, else rolls back. Returns
  /// what `decide` chose and how many history counts were new or changed. A throw from
  /// `decide` or the database rolls everything back.
  func importLinks(
    keptPaths: [String],
    commit: Bool,
    decide: ([String: LinkRow]) throws(StoreError) -> ImportWrite
  ) async throws(StoreError) -> (ImportWrite, historyChanged: Int)
  /// The history counts of a query's route or link (the day range does not apply).
  func history(route: String?, code: String?) async throws(StoreError) -> [HistoryRow]

  /// Inserts a key.
  func insertKey(_ row: KeyRow) async throws(StoreError)
  /// Every key, oldest first.
  func keys() async throws(StoreError) -> [KeyRow]
  /// The key of an id.
  func key(id: String) async throws(StoreError) -> KeyRow?
  /// Marks a key revoked (keeping the first revocation time); `false` when there is no such key.
  func revokeKey(id: String, at: Int64) async throws(StoreError) -> Bool

  /// Adds counts to the counters, in one transaction: all or nothing.
  func addCounts(_ counts: [CounterKey: Int]) async throws(StoreError)
  /// The counters in a day range, summed over the dimensions not in `groupBy`.
  func counts(_ query: CounterQuery) async throws(StoreError) -> [(CounterKey, Int)]
  /// Merges visitor sketches into the stored ones (the union), each row's estimate with them,
  /// in one transaction. Merging the same sketch twice changes nothing.
  func mergeVisitors(_ sketches: [VisitorKey: VisitorSketch]) async throws(StoreError)
  /// The stored estimates of a day range at one level, summed over the rows of each group of
  /// the query's `day`, `route` and `link` dimensions (the keys carry only those).
  func visitorEstimates(_ query: CounterQuery, level: VisitorLevel) async throws(StoreError)
    -> [(CounterKey, Int)]
}

/// The sketches kept for each person's visit: the short link's (or the route's own page's,
/// code `""`), the route's (code `*`) and the whole site's (route and code `*`). A stats row
/// reads the narrowest level its grouping and filters need, so no sketch is read twice and
/// none is sent to the server's memory.
package enum VisitorLevel: Sendable {
  case link, route, site

  /// The marker of the route and site levels (no route or code can be `*`).
  package static let all = "*"

  /// The rows of the level.
  var condition: String {
    switch self {
    case .link: "code <> '*'"
    case .route: "code = '*' AND route <> '*'"
    case .site: "route = '*' AND code = '*'"
    }
  }
}

extension CounterQuery {
  /// The visitor sketches' columns among the dimensions, in order.
  var visitorColumns: [String] {
    groupBy.filter { [.day, .route, .link].contains($0) }.map(\.column)
  }
}

/// What a visitor sketch is kept per: the day, the route and the short link (`""` for none).
package struct VisitorKey: Sendable, Hashable, Comparable {
  package var day: Int
  package var route: String
  package var code: String

  package init(day: Int, route: String, code: String) {
    self.day = day
    self.route = route
    self.code = code
  }

  package static func < (a: VisitorKey, b: VisitorKey) -> Bool {
    (a.day, a.route, a.code) < (b.day, b.route, b.code)
  }
}

/// A short link as stored.
package struct LinkRow: Sendable, Hashable {
  package var code: String
  package var route: String
  /// A JSON object of the values' canonical text.
  package var params: String
  package var createdAt: Int64
  package var expiresAt: Int64?
  package var maxVisits: Int64?
  package var visits: Int64
  package var custom: Bool
  package var keyID: String?
  /// An imported link's old path (`/AbCd`), served at the root; `nil` for links made here.
  package var keptPath: String? = nil
  package var label: String? = nil
  package var cardTitle: String? = nil
  package var cardDescription: String? = nil
  package var cardImage: String? = nil
  /// Where an imported link came from (`fdl`, `branch`, `csv`); `nil` for links made here.
  package var importedFrom: String? = nil
  package var importedAt: Int64? = nil
}

/// A count of an imported link's history before the move, kept apart from the counters.
package struct HistoryRow: Sendable, Hashable {
  package var code: String
  package var route: String
  package var source: String
  package var platform: String
  package var event: String
  package var count: Int64
}

/// What an import writes, decided inside its transaction from the links already holding its
/// kept paths.
package struct ImportWrite: Sendable {
  package var links: [LinkRow] = []
  package var history: [HistoryRow] = []
}

/// An API key as stored: its SHA-256, never the key.
package struct KeyRow: Sendable, Hashable {
  package var id: String
  package var hash: [UInt8]
  /// Comma-separated, sorted.
  package var scopes: String
  package var name: String?
  package var createdAt: Int64
  package var revokedAt: Int64?
}

/// One counter: a bucket of hits. Empty strings stand for "none" (no short link, no in-app
/// browser, no referrer, a person rather than a bot).
package struct CounterKey: Sendable, Hashable, Comparable {
  package var day: Int
  package var route: String
  package var code: String
  package var event: String
  package var platform: String
  package var browser: String
  package var referrer: String
  package var bot: String

  package init(
    day: Int = 0,
    route: String = "",
    code: String = "",
    event: String = "",
    platform: String = "",
    browser: String = "",
    referrer: String = "",
    bot: String = ""
  ) {
    self.day = day
    self.route = route
    self.code = code
    self.event = event
    self.platform = platform
    self.browser = browser
    self.referrer = referrer
    self.bot = bot
  }

  /// A total order, so that every writer touches counters in the same order (no deadlocks
  /// between server copies flushing at once).
  /// Field by field, without building tuples of the strings (a flush sorts every counter
  /// touched in the interval: one per short link visited).
  package static func < (lhs: CounterKey, rhs: CounterKey) -> Bool {
    if lhs.day != rhs.day { return lhs.day < rhs.day }
    if lhs.route != rhs.route { return lhs.route < rhs.route }
    if lhs.code != rhs.code { return lhs.code < rhs.code }
    if lhs.event != rhs.event { return lhs.event < rhs.event }
    if lhs.platform != rhs.platform { return lhs.platform < rhs.platform }
    if lhs.browser != rhs.browser { return lhs.browser < rhs.browser }
    if lhs.referrer != rhs.referrer { return lhs.referrer < rhs.referrer }
    return lhs.bot < rhs.bot
  }
}

/// A read of the counters.
package struct CounterQuery: Sendable, Hashable {
  package var fromDay: Int
  package var toDay: Int
  package var route: String?
  package var code: String?
  /// The dimensions kept apart; `event` and `bot` always are.
  package var groupBy: [StatsDimension]
  package var limit: Int

  /// The counter columns of the dimensions, in order, with `event` and `bot` last.
  var columns: [String] {
    groupBy.map(\.column) + ["event", "bot"]
  }
}

extension StatsDimension {
  /// The counters' column.
  var column: String {
    switch self {
    case .day: "day"
    case .route: "route"
    case .link: "code"
    case .platform: "platform"
    case .browser: "browser"
    case .referrer: "referrer"
    }
  }
}
