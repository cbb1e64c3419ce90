public import Foundation
import LinkKit

extension LinkStore {
  // MARK: Kept paths

  /// What an imported link's old path (`/AbCd`) leads to now, without counting a visit: the
  /// same answer `/s/<code>` gives for the link's code (``link(code:now:)``).
  ///
  /// - Throws: ``StoreError`` with ``StoreError/Code/linkNoLongerValid`` when the stored route
  ///   or values no longer fit the table, or a database code.
  public func link(keptPath: String, now: Date = Date()) async throws(StoreError)
    -> ShortLinkState
  {
    guard KeptPath.isPlausible(keptPath) else { return .notFound }
    guard let row = try await linkRow(keptPath: keptPath) else { return .notFound }
    return try state(of: row, now: now)
  }

  /// The old paths of the imported links that have not expired at `now`, sorted: what the
  /// served `apple-app-site-association` claims (``KeptPathClaims`` in LinkAssociation).
  public func keptPaths(now: Date = Date()) async throws(StoreError) -> [String] {
    let seconds = Int64(now.timeIntervalSince1970)
    return try await withDeadline({ () throws(StoreError) in
      try await self.backend.keptPaths(now: seconds)
    })
  }

  /// Says what an imported link's old path leads to for a person, counting the visit when the
  /// link has a limit, as ``visit(code:now:)`` does for its code.
  public func visit(keptPath: String, now: Date = Date()) async throws(StoreError)
    -> ShortLinkState
  {
    let current = try await link(keptPath: keptPath, now: now)
    guard case .active(let link) = current, link.maxVisits != nil else { return current }
    return try await visit(code: link.code, now: now)
  }

  // MARK: Importing

  /// Imports short links from another service in one transaction: all or nothing.
  ///
  /// Each link is checked against the route table as ``createLink(_:keyID:now:)`` checks a new
  /// one, and gets a new code besides its kept path. A kept path that already holds the same
  /// route and values is left as it is (running an import twice changes nothing); one that
  /// holds a different link is a conflict, never overwritten. History counts are set to the
  /// imported totals (equal ones are left alone). Unless ``ImportOptions/skipProblems``, one
  /// conflict or invalid link writes nothing; a dry run always rolls back.
  ///
  /// - Parameters:
  ///   - links: The links, in input order (problems name their position).
  ///   - source: Where they come from: `fdl`, `branch`, `csv` (1–16 of `a`–`z`).
  ///   - options: Dry run, skipping problems.
  ///   - now: The time of the import (for tests).
  /// - Returns: What was created, left alone and refused.
  /// - Throws: ``StoreError`` with ``StoreError/Code/invalidRequest`` for a bad source, or a
  ///   database code (then nothing was written).
  public func importLinks(
    _ links: [ImportedLink],
    source: String,
    options: ImportOptions = ImportOptions(),
    now: Date = Date()
  ) async throws(StoreError) -> ImportReport {
    let table = try requireTable()
    guard (1...16).contains(source.utf8.count),
      source.utf8.allSatisfy({ (0x61...0x7A).contains($0) })
    else {
      throw StoreError(.invalidRequest, "the import's source must be 1–16 of a–z", field: "source")
    }
    let plan = await ImportPlan.make(
      links,
      source: source,
      now: Int64(now.timeIntervalSince1970.rounded(.down)),
      table: table,
      settings: self.options
    )
    let commit = !options.dryRun
    let planned = plan
    let skip = options.skipProblems
    var report = ImportReport()
    let (_, historyChanged) = try await backend.importLinks(
      keptPaths: planned.keptPaths,
      commit: commit
    ) { existing throws(StoreError) in
      report = planned.decide(existing)
      if !report.problems.isEmpty && !skip { return ImportWrite() }
      return planned.write(existing)
    }
    report.historyCounts = historyChanged
    report.committed = commit && (report.problems.isEmpty || skip)
    return report
  }
}

/// An import worked out before its transaction: each valid link's row, and the links refused
/// before the database was asked.
struct ImportPlan: Sendable {
  struct Candidate: Sendable {
    var index: Int
    var row: LinkRow
    var history: [HistoryCount]
  }

  let source: String
  let now: Int64
  var candidates: [Candidate] = []
  var invalid: [ImportProblem] = []

  init(source: String, now: Int64) {
    self.source = source
    self.now = now
  }

  var keptPaths: [String] { candidates.compactMap(\.row.keptPath) }

  /// Checks the links against the table on every core (a slice each), in input order.
  static func make(
    _ links: [ImportedLink],
    source: String,
    now: Int64,
    table: RouteTable,
    settings: StoreOptions
  ) async -> ImportPlan {
    let slices = max(1, min(ProcessInfo.processInfo.activeProcessorCount, links.count / 1000))
    let size = (links.count + slices - 1) / max(slices, 1)
    let parts = await withTaskGroup(of: (Int, ImportPlan).self) { group in
      for slice in 0..<slices {
        group.addTask {
          var part = ImportPlan(source: source, now: now)
          let range = slice * size..<min(links.count, (slice + 1) * size)
          for index in range {
            part.add(links[index], index: index, table: table, settings: settings)
          }
          return (slice, part)
        }
      }
      var parts: [(Int, ImportPlan)] = []
      for await part in group { parts.append(part) }
      return parts.sorted { $0.0 < $1.0 }.map(\.1)
    }
    var plan = ImportPlan(source: source, now: now)
    for part in parts {
      plan.candidates += part.candidates
      plan.invalid += part.invalid
    }
    return plan
  }

  mutating func add(_ link: ImportedLink, index: Int, table: RouteTable, settings: StoreOptions) {
    func refuse(_ message: String) {
      invalid.append(
        ImportProblem(index: index, keptPath: link.keptPath, kind: .invalid, message: message)
      )
    }
    if let problem = KeptPath.problem(link.keptPath, shortLinkPrefix: settings.shortLinkPrefix) {
      return refuse(problem)
    }
    if (try? table.parse("https://\(table.app.canonicalDomain)\(link.keptPath)")) != nil {
      return refuse("the path '\(link.keptPath)' is already a link of the route table")
    }
    let values: RouteValues
    do throws(LinkError) {
      values = try table.values(for: link.route, arguments: link.arguments)
      _ = try table.links(for: values)
    } catch {
      return refuse(error.message)
    }
    if let count = link.history.first(where: { $0.count < 0 }) {
      return refuse("the history count \(count.platform) \(count.event) is negative")
    }
    let card = link.card
    let row = LinkRow(
      code: ShortCode.random(length: settings.codeLength),
      route: values.routeName,
      params: ParamsCoding.encode(values),
      createdAt: link.createdAt.map { Int64($0.timeIntervalSince1970.rounded(.down)) } ?? now,
      expiresAt: link.isArchived ? now : nil,
      maxVisits: nil,
      visits: 0,
      custom: false,
      keyID: nil,
      keptPath: link.keptPath,
      label: link.label.flatMap { $0.isEmpty ? nil : String($0.prefix(200)) },
      cardTitle: card?.title,
      cardDescription: card?.description,
      cardImage: card?.imageURL,
      importedFrom: source,
      importedAt: now
    )
    candidates.append(Candidate(index: index, row: row, history: link.history))
  }

  /// Sorts the candidates into created, unchanged and conflicts, given the links already
  /// holding their kept paths.
  func decide(_ existing: [String: LinkRow]) -> ImportReport {
    var report = ImportReport()
    report.problems = invalid
    var seen: [String: LinkRow] = [:]
    for candidate in candidates {
      let path = candidate.row.keptPath ?? ""
      if let holder = existing[path] ?? seen[path] {
        if Self.sameTarget(holder, candidate.row) {
          report.unchanged.append(path)
        } else {
          report.problems.append(
            ImportProblem(
              index: candidate.index,
              keptPath: path,
              kind: .conflict,
              message: "the path '\(path)' already holds another link (route '\(holder.route)', "
                + "values \(holder.params)); it is never overwritten"
            )
          )
        }
        continue
      }
      seen[path] = candidate.row
      report.created.append(path)
    }
    report.problems.sort { $0.index < $1.index }
    return report
  }

  /// The rows to insert and the history to set, given the links already holding the paths.
  func write(_ existing: [String: LinkRow]) -> ImportWrite {
    var write = ImportWrite()
    var holders = existing
    var positions: [HistoryKey: Int] = [:]
    for candidate in candidates {
      let path = candidate.row.keptPath ?? ""
      let holder: LinkRow
      if let found = holders[path] {
        guard Self.sameTarget(found, candidate.row) else { continue }
        holder = found
      } else {
        holders[path] = candidate.row
        write.links.append(candidate.row)
        holder = candidate.row
      }
      for count in candidate.history {
        let key = HistoryKey(code: holder.code, platform: count.platform, event: count.event)
        if let position = positions[key] {
          write.history[position].count = Int64(count.count)
          continue
        }
        positions[key] = write.history.count
        write.history.append(
          HistoryRow(
            code: holder.code,
            route: holder.route,
            source: source,
            platform: count.platform,
            event: count.event,
            count: Int64(count.count)
          )
        )
      }
    }
    return write
  }

  /// A history count's identity: a count given twice keeps the last.
  private struct HistoryKey: Hashable {
    var code: String
    var platform: String
    var event: String
  }

  static func sameTarget(_ a: LinkRow, _ b: LinkRow) -> Bool {
    a.route == b.route && a.params == b.params
  }
}
