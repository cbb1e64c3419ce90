import Foundation
import LinkKit
import LinkStore
import Logging

/// Store throughput on SQLite and PostgreSQL: create, resolve, visit, record + flush, stats,
/// each against the same backend's `SELECT 1` round trip measured in the same run.
///
///     swift run -c release linkgen-store-bench [--count N] [--postgres URL]
///
/// SQLite runs on a fresh file in the temporary directory. PostgreSQL runs when a URL is given
/// (or LINKGEN_TEST_POSTGRES_URL is set), in a fresh schema dropped afterwards.
@main
struct StoreBench {
  static func main() async throws {
    var arguments = Array(CommandLine.arguments.dropFirst())
    func option(_ name: String) -> String? {
      guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else {
        return nil
      }
      defer { arguments.removeSubrange(index...index + 1) }
      return arguments[index + 1]
    }
    let count = option("--count").flatMap(Int.init) ?? 2_000
    let postgres =
      option("--postgres")
      ?? ProcessInfo.processInfo.environment["LINKGEN_TEST_POSTGRES_URL"]
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let table = try RouteTable(
      contentsOf: root.appendingPathComponent("Examples/openlist/linkgen.json")
    )
    var logger = Logger(label: "bench") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .error

    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("linkgen-store-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var targets = [("SQLite", try DatabaseURL("sqlite:\(directory.path)/bench.sqlite"))]
    if let postgres, case .postgres(var settings) = try DatabaseURL(postgres).backend {
      settings.schema = "bench_\(UUID().uuidString.prefix(8).lowercased())"
      targets.append(("PostgreSQL", DatabaseURL(.postgres(settings))))
    }
    print("linkgen-store-bench: \(count) operations per sample, median of 5 samples")
    print(
      "operation                         SQLite ops/s   ×SELECT 1   PostgreSQL ops/s   ×SELECT 1"
    )
    var results: [[String: Double]] = []
    for (_, url) in targets {
      results.append(
        try await LinkStore.withStore(url, table: table, logger: logger) { store in
          defer {
            if case .postgres(let settings) = url.backend, let schema = settings.schema {
              Task { try? await store.backend.execute("DROP SCHEMA \(schema) CASCADE") }
            }
          }
          return try await measure(store, count: count)
        }
      )
    }
    for name in Self.order {
      var line = name.padding(toLength: 32, withPad: " ", startingAt: 0)
      for result in results {
        let rate = result[name] ?? 0
        let base = result["SELECT 1 (baseline)"] ?? 1
        line += String(format: " %14.0f   %9.2f", rate, rate / base)
      }
      print(line)
    }
  }

  static let order = [
    "SELECT 1 (baseline)", "create", "resolve", "visit (counted)", "resolve, 16 at once",
    "authenticate (database)", "authenticate (cached)", "record (in memory)",
    "flush (counters/s)", "stats (route×day)",
  ]

  static func measure(_ store: LinkStore, count: Int) async throws -> [String: Double] {
    var result = try await linkRates(store, count: count)
    result.merge(try await keyRates(store, count: count)) { $1 }
    result.merge(try await clickRates(store, count: count)) { $1 }
    return result
  }

  /// Links: created one at a time, resolved, visited, resolved 16 at once.
  static func linkRates(_ store: LinkStore, count: Int) async throws -> [String: Double] {
    var result: [String: Double] = [:]
    let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    var codes: [String] = []
    result["SELECT 1 (baseline)"] = try await rate(count) {
      try await store.backend.execute("SELECT 1")
    }
    result["create"] = try await rate(count) {
      codes.append(
        try await store.createLink(NewShortLink(route: "shared-checklist", arguments: ["id": id]))
          .code
      )
    }
    var index = 0
    result["resolve"] = try await rate(count) {
      index += 1
      _ = try await store.link(code: codes[index % codes.count])
    }
    result["visit (counted)"] = try await rate(count) {
      index += 1
      _ = try await store.visit(code: codes[index % codes.count])
    }
    let snapshot = codes
    result["resolve, 16 at once"] =
      try await rate(count) { () async throws in
        try await withThrowingTaskGroup(of: Void.self) { group in
          for task in 0..<16 {
            group.addTask { _ = try await store.link(code: snapshot[task % snapshot.count]) }
          }
          try await group.waitForAll()
        }
      } * 16
    return result
  }

  /// An API key checked against its row, and from the cache of verified keys.
  static func keyRates(_ store: LinkStore, count: Int) async throws -> [String: Double] {
    let key = try await store.createKey(scopes: [.linksCreate]).key
    return [
      "authenticate (database)": try await rate(count) {
        _ = try await store.authenticate(key)
      },
      "authenticate (cached)": try await rate(count * 10) {
        _ = try await store.authenticate(key, cached: true)
      },
    ]
  }

  /// Clicks recorded in memory, flushes of 1,000 distinct counters, a stats query.
  static func clickRates(_ store: LinkStore, count: Int) async throws -> [String: Double] {
    var result: [String: Double] = [:]
    let now = Date()
    let codes = (0..<64).map { "bench\($0)" }
    var index = 0
    result["record (in memory)"] = try await rate(count * 50) {
      index += 1
      store.record(
        ClickEvent(
          date: now,
          route: "shared-checklist",
          code: codes[index % 64],
          visitor: index % 7 == 0 ? .bot(BotReason(.method, "HEAD")) : .human,
          platform: index % 3 == 0 ? .android : .ios
        )
      )
    }
    try await store.flush()
    var flushRates: [Double] = []
    for _ in 0..<5 {
      for counter in 0..<1_000 {
        store.record(
          ClickEvent(
            date: now,
            route: "shared-checklist",
            code: codes[counter % codes.count],
            visitor: .human,
            platform: .ios,
            referrerHost: "site\(counter % 10).example"
          )
        )
      }
      let start = ContinuousClock.now
      try await store.flush()
      flushRates.append(1_000 / seconds(ContinuousClock.now - start))
    }
    result["flush (counters/s)"] = median(flushRates)
    let today = ClickDay(now)
    result["stats (route×day)"] = try await rate(max(count / 20, 10)) {
      _ = try await store.stats(StatsQuery(from: today, to: today, groupBy: [.route, .day]))
    }
    return result
  }

  /// Operations per second: the median of five samples of `count` runs.
  static func rate(_ count: Int, _ body: () async throws -> Void) async throws -> Double {
    var samples: [Double] = []
    for _ in 0..<5 {
      let start = ContinuousClock.now
      for _ in 0..<count { try await body() }
      samples.append(Double(count) / seconds(ContinuousClock.now - start))
    }
    return median(samples)
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func median(_ values: [Double]) -> Double {
    values.sorted()[values.count / 2]
  }
}
