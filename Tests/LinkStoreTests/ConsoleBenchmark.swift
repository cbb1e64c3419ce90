import Foundation
import LinkStore
import Testing

/// The console's queries at scale: not a timed test (it asserts nothing about time), run only
/// by scripts/console-bench.sh, which sets LINKGEN_CONSOLE_BENCH_URL to a database filled by
/// scripts/console-data.py, and prints each query's p50 and p95 over 20 runs.
let consoleBenchURL = ProcessInfo.processInfo.environment["LINKGEN_CONSOLE_BENCH_URL"]

@Suite(.enabled(if: consoleBenchURL != nil, "set by scripts/console-bench.sh"))
struct ConsoleBenchmark {

  @Test func queries() async throws {
    let url = try DatabaseURL(try #require(consoleBenchURL))
    try await LinkStore.withStore(url, table: Tables.openlist, logger: testLogger) { store in
      let today = ClickDay(Date())
      let month = ClickDay(daysSince1970: today.daysSince1970 - 29)
      let quarter = ClickDay(daysSince1970: today.daysSince1970 - 89)
      let first = try await store.consoleLinks(ConsoleLinkQuery(from: month, to: today))
      var deep = first.next
      for _ in 0..<200 {
        guard
          let next = try await store.consoleLinks(
            ConsoleLinkQuery(after: deep, from: month, to: today)
          ).next
        else { break }
        deep = next
      }
      let code = try #require(first.rows.first?.code)
      let deepCursor = deep
      let cases: [(String, @Sendable () async throws -> Void)] = [
        ("overview, 30 days", { _ = try await store.consoleStats(from: month, to: today) }),
        ("overview, 90 days", { _ = try await store.consoleStats(from: quarter, to: today) }),
        (
          "overview of a route, 30 days",
          {
            _ = try await store.consoleStats(from: month, to: today, route: "invite")
          }
        ),
        (
          "links, first page",
          { _ = try await store.consoleLinks(ConsoleLinkQuery(from: month, to: today)) }
        ),
        (
          "links, page 201 (10,000 deep)",
          {
            _ = try await store.consoleLinks(
              ConsoleLinkQuery(after: deepCursor, from: month, to: today)
            )
          }
        ),
        (
          "links of a route, first page",
          {
            _ = try await store.consoleLinks(
              ConsoleLinkQuery(route: "invite", from: month, to: today)
            )
          }
        ),
        (
          "search by value (editor)",
          {
            _ = try await store.consoleLinks(
              ConsoleLinkQuery(search: "EDITOR", from: month, to: today)
            )
          }
        ),
        (
          "search, no match",
          {
            _ = try await store.consoleLinks(
              ConsoleLinkQuery(search: "zzzz-no-such", from: month, to: today)
            )
          }
        ),
        (
          "one link: row + 30 days",
          {
            _ = try await store.link(code: code)
            _ = try await store.consoleStats(from: month, to: today, code: code)
          }
        ),
      ]
      print("console-bench: \(url)")
      for (name, run) in cases {
        var times: [Double] = []
        for _ in 0..<21 {
          let start = ContinuousClock.now
          try await run()
          let elapsed = ContinuousClock.now - start
          times.append(
            Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds)
              * 1000
          )
        }
        times = Array(times.dropFirst()).sorted()
        let p50 = times[times.count / 2]
        let p95 = times[Int((Double(times.count) * 0.95).rounded(.up)) - 1]
        print(
          String(
            format: "console-bench: %-32@ p50 %7.1f ms  p95 %7.1f ms",
            name as NSString,
            p50,
            p95
          )
        )
      }
    }
  }
}
