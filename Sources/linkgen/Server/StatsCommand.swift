import ArgumentParser
import Foundation
import LinkConsole
import LinkStore

extension Linkgen {
  /// `linkgen stats [--from DAY] [--to DAY] [--route R] [--link CODE] [--by …]`
  struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print click counts: people and bots apart, with the bots' reasons.",
      discussion: """
        Counts come from the server's database (--database, or $LINKGEN_DATABASE_URL, else \
        sqlite:linkgen.sqlite), by UTC day. `clicks` are pages served to people, and \
        `visitors` an estimate of how many distinct people those were (per day, added up over \
        the days; only when grouped by day, route or link, "-" otherwise); `scans` are \
        people's requests for printed codes made with --count-scans (their links carry the \
        scan marker src=qr), counted instead of clicks; a scan that opens the installed app \
        directly never reaches the server and is not among them; `bots` are \
        crawlers, link previews, HEAD/OPTIONS probes and HTTP libraries, counted apart (never \
        dropped) with their reasons; `store` counts "Get the app" taps and `deferred` the deep \
        links apps restored after install. No addresses or user agents are stored.

        The server writes counts every few seconds (its flush interval), so the last seconds \
        may not show yet.

        Examples:
          linkgen stats
          linkgen stats --from 2026-11-01 --to 2026-11-30 --route shared-checklist
          linkgen stats --link k7m2xq9rtb4h --by day,platform
          linkgen stats --days 7 --by route --format json
          linkgen stats --days 90 --by day --format csv > overview.csv
          linkgen stats --days 30 --html report.html

        --html writes the console's overview for the range (charts per day, totals against \
        the previous period, the top routes, links, referrers, platforms, in-app browsers and \
        bot reasons) as one self-contained HTML file: inline CSS and SVG, no script, nothing \
        fetched, for mail or an archive. It replaces the printed rows.

        Exit status: 0 on success, 64 for a usage error, 69 when the database cannot be \
        reached, 78 for a bad database URL.
        """
    )

    @Option(help: ArgumentHelp("The first day, YYYY-MM-DD (UTC).", valueName: "day"))
    var from: String?

    @Option(help: ArgumentHelp("The last day, YYYY-MM-DD (UTC); default today.", valueName: "day"))
    var to: String?

    @Option(
      help: ArgumentHelp(
        "Without --from: how many days up to --to (default 30).",
        valueName: "n"
      )
    )
    var days: Int?

    @Option(help: ArgumentHelp("Only this route.", valueName: "name"))
    var route: String?

    @Option(help: ArgumentHelp("Only this short link (its code).", valueName: "code"))
    var link: String?

    @Option(
      name: .customLong("by"),
      help: ArgumentHelp(
        "The columns of each row, comma-separated: day, route, link, platform, browser, "
          + "referrer (default route,link,day).",
        valueName: "columns"
      )
    )
    var groupBy: String = "route,link,day"

    @OptionGroup var database: DatabaseOptions

    /// What `--format` takes.
    enum Format: String, ExpressibleByArgument, CaseIterable {
      case text, json, csv
    }

    @Option(
      help: ArgumentHelp(
        "Output format: text (aligned columns), json (one object) or csv (the console's "
          + "export columns: the --by columns, then clicks, visitors, bots, store_taps, "
          + "deferred_opens, scans).",
        valueName: "format"
      )
    )
    var format: Format = .text

    @Option(
      help: ArgumentHelp(
        "Write the overview as one self-contained HTML file (inline CSS and SVG, no script) "
          + "instead of printing rows.",
        valueName: "file"
      )
    )
    var html: String?

    func validate() throws {
      _ = try query(today: ClickDay(Date()))
      if html != nil, format != .text {
        throw ValidationError("--html writes an HTML file; leave out --format \(format.rawValue)")
      }
    }

    func run() async throws {
      let query = try self.query(today: ClickDay(Date()))
      if let html {
        try await writeReport(query, to: html)
        return
      }
      let rows = try await database.withStore { store in try await store.stats(query) }
      switch format {
      case .json: Console.print(StoreJSON.stats(rows, query: query))
      case .text: Console.print(StoreText.stats(rows, query: query))
      case .csv:
        FileHandle.standardOutput.write(Data(StatsCSV.stats(rows, groupBy: query.groupBy).utf8))
      }
    }

    /// The console's overview for the query's days, route and link, as one HTML file.
    private func writeReport(_ query: StatsQuery, to path: String) async throws {
      let range = DayRange(from: query.from, to: query.to)
      let overview = try await database.withStore { store in
        try await store.consoleOverview(range, route: query.route, code: query.code)
      }
      let title = "linkgen stats \(query.from) – \(query.to)"
      try OutputWriter.write(Data(ConsoleReport.html(overview, title: title).utf8), to: path)
      Console.note("wrote \(path)")
    }

    private func query(today: ClickDay) throws(ValidationError) -> StatsQuery {
      func day(_ text: String?, _ option: String) throws(ValidationError) -> ClickDay? {
        guard let text else { return nil }
        guard let day = ClickDay(text) else {
          throw ValidationError("\(option) '\(text)' is not a date in the form YYYY-MM-DD")
        }
        return day
      }
      if from != nil, days != nil {
        throw ValidationError("give --from or --days, not both")
      }
      if let days, days < 1 || days > 3660 {
        throw ValidationError("--days must be 1–3660, got \(days)")
      }
      let last = try day(to, "--to") ?? today
      let first =
        try day(from, "--from")
        ?? ClickDay(daysSince1970: last.daysSince1970 - (days ?? 30) + 1)
      guard first <= last else {
        throw ValidationError("--from (\(first)) is after --to (\(last))")
      }
      var dimensions: [StatsDimension] = []
      for name in groupBy.split(separator: ",") {
        let name = name.trimmingCharacters(in: .whitespaces)
        guard let dimension = StatsDimension(rawValue: name) else {
          let known = StatsDimension.allCases.map(\.rawValue).joined(separator: ", ")
          throw ValidationError("--by: unknown column '\(name)'; the columns are \(known)")
        }
        if !dimensions.contains(dimension) { dimensions.append(dimension) }
      }
      return StatsQuery(from: first, to: last, route: route, code: link, groupBy: dimensions)
    }
  }
}
