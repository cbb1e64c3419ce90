public import Foundation
public import LinkKit
public import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// Short links, API keys and click counters, kept in SQLite or PostgreSQL.
///
/// Open a store for the length of a scope; it applies the schema's migrations first (safely
/// when several processes start at once), writes buffered click counts every
/// ``StoreOptions/flushInterval``, and writes the rest when the scope ends:
///
/// ```swift
/// let url = try DatabaseURL.resolve(option: nil, environment: ProcessInfo.processInfo.environment)
/// try await LinkStore.withStore(url, table: table) { store in
///   let link = try await store.createLink(
///     NewShortLink(route: "shared-checklist", arguments: ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301"])
///   )
///   print(link.shortURL)  // https://openlist.example.com/s/k7m2xq9rtb4h
///   // A server runs its whole life here, so that the last counts are written on shutdown.
/// }
/// ```
///
/// Every operation is atomic in the database, so any number of server copies can share one
/// PostgreSQL database: nothing another copy needs lives in this process's memory (the click
/// buffer is written every interval). A database that goes away makes operations fail with
/// ``StoreError/Code/unavailable``; the store reconnects by itself when it returns.
public final class LinkStore: Sendable {
  /// The route table links are checked against and built with; `nil` for a store that manages
  /// only keys and stats (short-link operations then fail with
  /// ``StoreError/Code/misconfigured``).
  public let table: RouteTable?
  /// Where the data lives.
  public let databaseURL: DatabaseURL
  /// The options the store was opened with.
  public let options: StoreOptions

  package let backend: any StoreBackend
  let buffer: ClickBuffer
  let keyCache: KeyCache
  let logger: Logger

  private init(
    table: RouteTable?,
    databaseURL: DatabaseURL,
    options: StoreOptions,
    backend: any StoreBackend,
    logger: Logger
  ) {
    self.table = table
    self.databaseURL = databaseURL
    self.options = options
    self.backend = backend
    self.buffer = ClickBuffer(limit: options.maximumBufferedCounters)
    self.keyCache = KeyCache(lifetime: options.keyCacheTTL)
    self.logger = logger
  }

  /// Opens the store, applies missing migrations, runs `body`, then writes the buffered click
  /// counts and closes the connections.
  ///
  /// - Throws: ``StoreError`` when the options are invalid or the database cannot be opened or
  ///   migrated, and whatever `body` throws (after the final flush).
  public static func withStore<Result>(
    _ url: DatabaseURL,
    table: RouteTable?,
    options: StoreOptions = StoreOptions(),
    logger: Logger = Logger(label: "linkgen.store"),
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LinkStore) async throws -> Result
  ) async throws -> Result {
    if let problem = options.problem() {
      throw StoreError(.invalidRequest, "invalid store options: \(problem)", field: "options")
    }
    let store = LinkStore(
      table: table,
      databaseURL: url,
      options: options,
      backend: backend(for: url, options: options, logger: logger),
      logger: logger
    )
    return try await withThrowingTaskGroup(of: Void.self) { background in
      background.addTask { await store.backend.run() }
      defer { background.cancelAll() }
      try await store.migrateOrClose()
      let outcome: Swift.Result<Result, any Error>
      do {
        outcome = .success(
          try await withThrowingTaskGroup(of: Void.self) { flusher in
            flusher.addTask { await store.flushPeriodically() }
            defer { flusher.cancelAll() }
            return try await body(store)
          }
        )
      } catch {
        outcome = .failure(error)
      }
      await store.flushAndClose()
      return try outcome.get()
    }
  }

  private static func backend(for url: DatabaseURL, options: StoreOptions, logger: Logger)
    -> any StoreBackend
  {
    switch url.backend {
    case .sqlite(let path): SQLiteBackend(path: path, options: options, logger: logger)
    case .postgres(let settings): PostgresBackend(settings, options: options, logger: logger)
    }
  }

  /// Applies the missing migrations; closes the connections when that fails.
  private func migrateOrClose() async throws(StoreError) {
    do throws(StoreError) {
      // Migrations may wait for another process's migrations: PostgreSQL bounds that wait
      // itself (`lock_timeout`, six operation timeouts); the clock here is only a last
      // resort, and generous, because a wall clock also counts the time this process could
      // not run (a busy machine, a cooperative pool blocked by other work), which once
      // failed a migration that the database had not delayed at all.
      _ = try await withDeadline(timeout: options.operationTimeout * 24) {
        [backend] () throws(StoreError) in try await backend.migrate()
      }
    } catch {
      await backend.close()
      throw error
    }
  }

  /// Writes the last buffered click counts (logging a failure) and closes the connections.
  private func flushAndClose() async {
    do throws(StoreError) {
      try await flush()
    } catch {
      logger.error(
        "could not write the last click counts",
        metadata: ["error": "\(error.message)", "code": "\(error.code.rawValue)"]
      )
    }
    await backend.close()
  }

  // MARK: Short links

  /// Creates a short link after checking the route and values against the table (as
  /// `linkgen make` does), the expiry, the visit limit and the slug.
  ///
  /// - Parameters:
  ///   - request: The route, values and options.
  ///   - keyID: The id of the API key creating it, recorded with the link.
  ///   - now: The current time (for tests).
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidLink``,
  ///   ``StoreError/Code/invalidRequest``, ``StoreError/Code/slugTaken`` or a database code.
  public func createLink(_ request: NewShortLink, keyID: String? = nil, now: Date = Date())
    async throws(StoreError) -> ShortLink
  {
    let table = try requireTable()
    let values: RouteValues
    let links: LinkSet
    do throws(LinkError) {
      values = try table.values(for: request.route, arguments: request.arguments)
      links = try table.links(for: values)
    } catch {
      throw StoreError(.invalidLink, error.message, field: "params", linkError: error)
    }
    var row = try newRow(request, values: values, keyID: keyID, now: now)
    try await insert(&row, slug: request.slug)
    return shortLink(row, values: values, links: links)
  }

  /// The row of a link to create, once its expiry, visit limit and slug are checked.
  private func newRow(_ request: NewShortLink, values: RouteValues, keyID: String?, now: Date)
    throws(StoreError) -> LinkRow
  {
    var expires: Int64?
    if let expiresAt = request.expiresAt {
      guard expiresAt > now else {
        throw StoreError(
          .invalidRequest,
          "expiresAt must be in the future (got \(Self.iso(expiresAt)))",
          field: "expiresAt"
        )
      }
      expires = Int64(expiresAt.timeIntervalSince1970.rounded(.up))
    }
    if let maxVisits = request.maxVisits, maxVisits < 1 {
      throw StoreError(
        .invalidRequest,
        "maxVisits must be at least 1 (got \(maxVisits)); leave it out for no limit",
        field: "maxVisits"
      )
    }
    if let slug = request.slug, let problem = ShortCode.slugProblem(slug) {
      throw StoreError(.invalidRequest, problem, field: "slug")
    }
    return LinkRow(
      code: request.slug ?? ShortCode.random(length: options.codeLength),
      route: values.routeName,
      params: ParamsCoding.encode(values),
      createdAt: Int64(now.timeIntervalSince1970.rounded(.down)),
      expiresAt: expires,
      maxVisits: request.maxVisits.map(Int64.init),
      visits: 0,
      custom: request.slug != nil,
      keyID: keyID
    )
  }

  /// Inserts the row (committed when this returns); a generated code that is taken is drawn
  /// again, a slug that is taken fails with ``StoreError/Code/slugTaken``.
  private func insert(_ row: inout LinkRow, slug: String?) async throws(StoreError) {
    var attempts = 0
    while try await !withDeadline({ [row] () throws(StoreError) in
      try await self.backend.insertLink(row)
    }) {
      if let slug {
        throw StoreError(
          .slugTaken,
          "the short link '\(slug)' already exists; choose another slug",
          field: "slug"
        )
      }
      // 60 random bits collide about once in a billion codes: trying again is enough.
      attempts += 1
      guard attempts < 4 else {
        throw StoreError(.internalError, "could not find a free code after \(attempts) tries")
      }
      row.code = ShortCode.random(length: options.codeLength)
    }
  }

  /// What a code leads to now, without counting a visit (for bots, previews and the resolve
  /// API).
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/linkNoLongerValid`` when the stored route
  ///   or values no longer fit the table, or a database code.
  public func link(code: String, now: Date = Date()) async throws(StoreError) -> ShortLinkState {
    guard ShortCode.isPlausible(code) else { return .notFound }
    guard let row = try await linkRow(code: code) else { return .notFound }
    return try state(of: row, now: now)
  }

  /// Says what a code leads to for a person, and when the link has a visit limit, counts the
  /// visit atomically (the limit holds across every server copy).
  ///
  /// Links without a limit are only read, as by ``link(code:now:)``: their hits are counted by
  /// the click counters (``record(_:)``), so a visit costs no write. Call it for people only:
  /// bots and link previews use ``link(code:now:)``, so they never use up
  /// ``ShortLink/maxVisits``.
  public func visit(code: String, now: Date = Date()) async throws(StoreError) -> ShortLinkState {
    let current = try await link(code: code, now: now)
    guard case .active(let link) = current, link.maxVisits != nil else { return current }
    let time = Int64(now.timeIntervalSince1970.rounded(.down))
    if let row = try await withDeadline({ () throws(StoreError) in
      try await self.backend.countVisit(code: code, now: time)
    }) {
      return .active(try shortLink(row))
    }
    // Another visit (here or on another copy) took the last one, or it expired meanwhile.
    return try await self.link(code: code, now: now)
  }

  /// Deletes a short link; its click counts stay.
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/notFound`` when no link has the code.
  public func deleteLink(code: String) async throws(StoreError) {
    guard ShortCode.isPlausible(code),
      try await withDeadline({ () throws(StoreError) in
        try await self.backend.deleteLink(code: code)
      })
    else {
      throw StoreError(.notFound, "no short link has the code '\(code.prefix(64))'", field: "code")
    }
  }

  /// The short link for a code: `https://<canonical domain>/<prefix>/<code>` (`/<prefix>/<code>`
  /// without a route table).
  public func shortURL(code: String) -> String {
    guard let table else { return "/\(options.shortLinkPrefix)/\(code)" }
    return "https://\(table.app.canonicalDomain)/\(options.shortLinkPrefix)/\(code)"
  }

  func requireTable() throws(StoreError) -> RouteTable {
    guard let table else {
      throw StoreError(.misconfigured, "short links need the route table; the store has none")
    }
    return table
  }

  func state(of row: LinkRow, now: Date) throws(StoreError) -> ShortLinkState {
    let link = try shortLink(row)
    let time = Int64(now.timeIntervalSince1970.rounded(.down))
    if let expires = row.expiresAt, expires <= time { return .expired(link) }
    if let maxVisits = row.maxVisits, row.visits >= maxVisits { return .exhausted(link) }
    return .active(link)
  }

  private func shortLink(_ row: LinkRow) throws(StoreError) -> ShortLink {
    let table = try requireTable()
    let values: RouteValues
    let links: LinkSet
    do throws(LinkError) {
      guard let arguments = ParamsCoding.decode(row.params) else {
        throw LinkError(.invalidValue, "the stored values are not a JSON object of text")
      }
      values = try table.values(for: row.route, arguments: arguments)
      links = try table.links(for: values)
    } catch {
      throw StoreError(
        .linkNoLongerValid,
        "short link '\(row.code)' no longer fits the route table: \(error.message)",
        field: "code",
        linkError: error
      )
    }
    return shortLink(row, values: values, links: links)
  }

  private func shortLink(_ row: LinkRow, values: RouteValues, links: LinkSet) -> ShortLink {
    var link = ShortLink(
      code: row.code,
      shortURL: shortURL(code: row.code),
      values: values,
      links: links,
      createdAt: Date(timeIntervalSince1970: Double(row.createdAt)),
      expiresAt: row.expiresAt.map { Date(timeIntervalSince1970: Double($0)) },
      maxVisits: row.maxVisits.map(Int.init),
      visits: Int(row.visits),
      isCustomSlug: row.custom,
      createdByKey: row.keyID
    )
    link.keptPath = row.keptPath
    link.label = row.label
    link.card = SocialCard(
      title: row.cardTitle,
      description: row.cardDescription,
      imageURL: row.cardImage
    )
    link.importedFrom = row.importedFrom
    return link
  }

  private static func iso(_ date: Date) -> String {
    date.formatted(.iso8601)
  }

  // MARK: Deadlines

  /// Runs `operation`, failing with ``StoreError/Code/unavailable`` when it takes longer than
  /// `timeout` (by default ``StoreOptions/operationTimeout``). The operation is then cancelled
  /// and left to finish on its own: the caller gets its answer on time even when a connection
  /// hangs. SQLite bounds its own waits with the busy timeout, so only PostgreSQL operations are
  /// raced against a clock.
  func withDeadline<T: Sendable>(
    timeout: Duration? = nil,
    _ operation: @escaping @Sendable () async throws(StoreError) -> T
  ) async throws(StoreError) -> T {
    guard backend is PostgresBackend else { return try await operation() }
    let timeout = timeout ?? options.operationTimeout
    let databaseURL = databaseURL
    let outcome = await withCheckedContinuation {
      (continuation: CheckedContinuation<Swift.Result<T, StoreError>, Never>) in
      let once = ResumeOnce(continuation)
      let work = NIOLockedValueBox<Task<Void, Never>?>(nil)
      // A timer on an event loop, not a sleeping task: cheaper to start and to cancel. The
      // caller's loop when it runs on one (a request): no other thread woken.
      let loop = MultiThreadedEventLoopGroup.currentEventLoop
      let timer = (loop ?? MultiThreadedEventLoopGroup.singleton.any()).scheduleTask(
        in: .nanoseconds(Self.nanoseconds(timeout))
      ) {
        let expired = Self.deadlinePassed(timeout, databaseURL)
        if once.resume(.failure(expired)) { work.withLockedValue { $0?.cancel() } }
      }
      // On the caller's event loop too: an unstructured task would otherwise run on Swift's
      // global executor, a thread hop there and back for each query.
      let task = Task(executorPreference: loop.map(EventLoopExecutor.init)) {
        let result: Swift.Result<T, StoreError>
        do throws(StoreError) {
          result = .success(try await operation())
        } catch {
          result = .failure(error)
        }
        if once.resume(result) { timer.cancel() }
      }
      work.withLockedValue { $0 = task }
    }
    return try outcome.get()
  }

  static func nanoseconds(_ duration: Duration) -> Int64 {
    duration.components.seconds * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
  }
}

/// A continuation resumed by whichever of two tasks comes first.
private final class ResumeOnce<T: Sendable>: Sendable {
  private let continuation: NIOLockedValueBox<CheckedContinuation<T, Never>?>

  init(_ continuation: CheckedContinuation<T, Never>) {
    self.continuation = NIOLockedValueBox(continuation)
  }

  /// Resumes with `value` unless already resumed; says whether it did.
  @discardableResult
  func resume(_ value: T) -> Bool {
    guard
      let continuation = continuation.withLockedValue({ box in
        defer { box = nil }
        return box
      })
    else { return false }
    continuation.resume(returning: value)
    return true
  }
}
