import ArgumentParser
import Foundation
import LinkImport
import LinkKit
import LinkStore

/// The options every `linkgen import` command shares: the run's mode and where misses go.
struct ImportRunOptions: ParsableArguments {
  @Flag(
    help: "Check everything, the database included, and print what would happen; write nothing."
  )
  var dryRun = false

  @Flag(
    help: "Import the rows that can be, and write the misses and conflicts to --misses for review."
  )
  var skipMisses = false

  @Option(
    help: ArgumentHelp(
      "With --skip-misses: the CSV the misses are written to (file, line, link, error).",
      valueName: "file"
    )
  )
  var misses: String = "linkgen-import-misses.csv"

  @OptionGroup var table: TableOptions
  @OptionGroup var database: DatabaseOptions
}

/// One import run: the readers' rows into the store in one transaction, the summary, the
/// misses. Exit 65 (nothing written) when a row missed and --skip-misses is not given.
struct ImportRun {
  let source: String
  let options: ImportRunOptions
  var batch: ImportBatch
  var inputs: Int

  func run() async throws {
    for miss in batch.misses { Console.note(miss.description) }
    if !batch.misses.isEmpty && !options.skipMisses {
      Console.print(summary(ImportReport(), misses: batch.misses.count, wrote: false))
      throw ImportError(
        .misses,
        "\(count(batch.misses.count, "row")) missed; nothing was written"
      )
    }
    let links = batch.records.map(Self.importedLink)
    let report: ImportReport
    if links.isEmpty {
      report = ImportReport()
    } else {
      let table = try options.table.load()
      report = try await options.database.withStore(table: table) { store in
        try await store.importLinks(
          links,
          source: source,
          options: ImportOptions(dryRun: options.dryRun, skipProblems: options.skipMisses)
        )
      }
    }
    var misses = batch.misses
    for problem in report.problems {
      let record = batch.records[problem.index]
      let miss = ImportMiss(
        location: record.location,
        subject: record.shortLink ?? problem.keptPath,
        message: problem.message
      )
      Console.note(miss.description)
      misses.append(miss)
    }
    let wrote = report.committed && !options.dryRun
    Console.print(summary(report, misses: misses.count, wrote: wrote))
    if options.skipMisses, !options.dryRun, !misses.isEmpty {
      try MissesFile.write(misses, to: options.misses)
      Console.note("the misses are in \(options.misses)")
    }
    if !report.problems.isEmpty && !options.skipMisses {
      let refused = report.problems.count
      throw ImportError(
        .misses,
        "\(count(refused, "link")) \(refused == 1 ? "was" : "were") refused; nothing was written"
      )
    }
  }

  static func importedLink(_ record: ImportRecord) -> ImportedLink {
    ImportedLink(
      keptPath: record.keptPath,
      route: record.route,
      arguments: record.arguments,
      label: record.label,
      createdAt: record.createdAt,
      isArchived: record.isArchived,
      card: record.card.flatMap {
        SocialCard(title: $0.title, description: $0.description, imageURL: $0.imageURL)
      },
      history: record.history.map {
        HistoryCount(platform: $0.platform, event: $0.event, count: $0.count)
      }
    )
  }

  func summary(_ report: ImportReport, misses: Int, wrote: Bool) -> String {
    var lines = [
      "import \(source): \(count(inputs, "file")), "
        + "\(count(batch.records.count + batch.misses.count, "row")) read"
        + (options.dryRun ? " (dry run: nothing written)" : "")
    ]
    // A run that wrote nothing because of misses has no created or unchanged links to count.
    if wrote || options.dryRun {
      lines += [
        "  \(report.created.count) \(options.dryRun ? "would be created" : "created")",
        "  \(report.unchanged.count) already imported (unchanged)",
      ]
    }
    lines.append(
      "  \(misses) missed" + (misses > 0 && !options.skipMisses ? ": nothing was written" : "")
    )
    if wrote || options.dryRun {
      lines.append(
        "  \(count(report.historyCounts, "history count")) "
          + "\(options.dryRun ? "would be " : "")written"
      )
    }
    if batch.longLinks > 0 {
      lines.append("  \(batch.longLinks) long links that work as they are (nothing to import)")
    }
    if !batch.ignoredColumns.isEmpty {
      lines.append("  columns not used: \(batch.ignoredColumns.joined(separator: ", "))")
    }
    return lines.joined(separator: "\n")
  }
}

/// "1 row", "2 rows": a count with its noun.
private func count(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}

/// The misses CSV: `file,line,link,error`, written whole or not at all.
enum MissesFile {
  static func write(_ misses: [ImportMiss], to path: String) throws {
    func field(_ text: String) -> String {
      guard text.contains(where: { ",\"\n\r".contains($0) }) else { return text }
      return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
    var text = "file,line,link,error\r\n"
    for miss in misses {
      text +=
        [miss.location.file, String(miss.location.line), miss.subject ?? "", miss.message]
        .map(field).joined(separator: ",") + "\r\n"
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ImportError(
        .cannotCreateOutput,
        "cannot write the misses to \(path): \(error.localizedDescription)"
      )
    }
  }
}
