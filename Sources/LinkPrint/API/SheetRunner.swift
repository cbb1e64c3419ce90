import CGLib
import CPango
import Dispatch
public import LinkBatch
import LinkKit
public import LinkPages
import LinkQR
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns a CSV of route parameters into print-ready PDF sheets of invite cards: each card has
/// the row's QR code (vector), its text from the `card` template, and the link in words.
///
/// Rows are streamed from the CSV; pages are written as they fill; a bad row is reported with
/// its line and the others go on. Each PDF is written to a temporary file and renamed into
/// place when complete, so an interrupted or killed run never leaves a partial PDF.
///
/// ```swift
/// let pages = try PageRenderer(table: table)
/// let runner = try SheetRunner(pages: pages, options: options)
/// let summary = try runner.run(onFailure: { print("rows.csv:\($0.line): \($0.message)") })
/// print(summary)  // 1000 rows: 1000 cards on 100 pages, 0 failed; invites.pdf
/// ```
///
/// Without ``SheetOptions/split`` one thread draws while the other ``SheetOptions/workers``
/// threads encode the next cards' codes and fill their templates; with it, each file is drawn
/// by its own thread, all cores at once (each thread reads the CSV for itself, so the input
/// must be a file, not standard input, to use more than one).
public final class SheetRunner: Sendable {
  /// The options the runner was made with.
  public let options: SheetOptions
  private let pages: PageRenderer
  private let route: Route
  private let template: CardTemplate
  private let cancelled = Atomic<Bool>(false)
  /// Data rows read from standard input in the current run, for the row limit.
  private let rowsRead = Atomic<Int>(0)

  /// Checks the options against the table, the templates and the installed fonts.
  ///
  /// - Throws: ``PrintError``: ``PrintError/Code/invalidOption`` for an unknown route, a link
  ///   the table does not configure, options out of range or a logo with error correction
  ///   other than H; ``PrintError/Code/invalidTemplate`` for templates that do not resolve;
  ///   ``PrintError/Code/invalidLogo`` for a logo that cannot be drawn;
  ///   ``PrintError/Code/missingFont`` naming the package to install.
  public init(pages: PageRenderer, options: SheetOptions) throws(PrintError) {
    let table = pages.table
    guard let route = table.route(named: options.route) else {
      let known = table.routes.map(\.name).joined(separator: ", ")
      throw PrintError(
        .unknownRoute,
        "the route table has no route '\(options.route)'; it has \(known)"
      )
    }
    if let reason = table.app.missingLinkReason(options.link) {
      throw PrintError(.linkNotConfigured, reason)
    }
    if options.countsScans, let problem = ScanMarker.problem(route: route, link: options.link) {
      throw PrintError(.invalidOption, problem)
    }
    guard options.workers >= 1 else {
      throw PrintError(.invalidOption, "the number of threads (--jobs) must be at least 1")
    }
    if let split = options.split, split < 1 {
      throw PrintError(.invalidOption, "--split takes the number of rows per file, at least 1")
    }
    if let version = options.minimumVersion, !(1...40).contains(version) {
      throw PrintError(
        .invalidOption,
        "the minimum version must be between 1 and 40, not \(version)"
      )
    }
    if let logo = options.logo {
      guard options.errorCorrection == .high else {
        throw PrintError(
          .invalidOption,
          "a logo needs error correction H (it is set for you when --ecc is left out), not "
            + options.errorCorrection.name
        )
      }
      try LogoArtwork.validate(logo)
    }
    do throws(PageError) {
      template = try CardTemplate(renderer: pages, route: route.name, locale: options.locale)
    } catch {
      throw PrintError(error)
    }
    guard let fontMap = pango_cairo_font_map_new() else {
      throw PrintError(.library, "Pango could not create a font map")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
    try Fonts.check(fontMap: fontMap, locale: template.locale)
    self.options = options
    self.pages = pages
    self.route = route
  }

  /// The locale whose templates the cards use (`ko` for `ko-KR`; English when there are none).
  public var locale: String { template.locale }

  /// Asks a running sheet to stop after the card in progress; safe from any thread.
  public func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Makes the sheet.
  ///
  /// - Parameters:
  ///   - onFailure: Called on the calling thread, in input order, for each row that failed.
  ///   - onWarning: Called on the calling thread for what the header shows (unusable columns).
  ///   - onProgress: Called on the calling thread as rows are done.
  ///   - isCancelled: Polled between cards, from any thread; `true` stops as ``cancel()`` does.
  /// - Returns: The counts and the files written (none of a file that was in progress when
  ///   the run was interrupted).
  /// - Throws: ``PrintError`` when the sheet cannot be made at all: unreadable input, a CSV
  ///   without a usable header, an output that cannot be created or written (a full disk).
  public func run(
    onFailure: (SheetFailure) -> Void = { _ in },
    onWarning: (SheetWarning) -> Void = { _ in },
    onProgress: (BatchProgress) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws(PrintError) -> SheetSummary {
    let stop = { @Sendable [self] in cancelled.load(ordering: .relaxed) || isCancelled() }
    let input = try PrintError.reading { () throws(BatchError) in try InputFile(options.input) }
    defer { input.close() }
    guard options.maximumRows >= 1 else {
      throw PrintError(.invalidOption, "the row limit (--max-rows) must be at least 1")
    }
    if input.size != nil {
      try PrintError.reading { () throws(BatchError) in
        try RouteRows.checkRowCount(input, name: options.input, maximum: options.maximumRows)
      }
    }
    rowsRead.store(0, ordering: .relaxed)
    var reader = CSVReader(descriptor: input.descriptor)
    let rows = try PrintError.reading { () throws(BatchError) in
      try RouteRows(reading: &reader, input: options.input, route: route)
    }
    let fields = fieldColumns(rows.columns, onWarning)
    let preparer = CardPreparer(
      table: pages.table,
      rows: rows,
      template: template.fixingShareText(columns: fields.map(\.name)),
      fieldColumns: fields,
      link: options.link,
      countsScans: options.countsScans,
      errorCorrection: options.logo == nil ? options.errorCorrection : .high,
      exactErrorCorrection: options.exactErrorCorrection,
      minimumVersion: options.minimumVersion,
      logo: options.logo
    )
    let folder = options.output.deletingLastPathComponent().path
    do throws(AtomicFileError) {
      try AtomicFile.createDirectories(folder)
    } catch {
      throw PrintError(error)
    }
    AtomicFile.removeStaleTemporaryFiles(in: folder)
    let work = Work(preparer: preparer, stop: stop)
    return try withoutActuallyEscaping(onFailure) { onFailure throws(PrintError) in
      try withoutActuallyEscaping(onProgress) { onProgress throws(PrintError) in
        let report = Reporter(
          totalBytes: input.size,
          onFailure: onFailure,
          onProgress: onProgress
        )
        if let split = options.split {
          if case .file = options.input, input.isRegularFile, options.workers > 1 {
            return try runSplitInParallel(split, work, report)
          }
          return try runSplit(split, reader: &reader, work, report)
        }
        return try runSingle(reader: &reader, work, report)
      }
    }
  }

  // MARK: One file

  private func runSingle(reader: inout CSVReader, _ work: Work, _ report: Reporter)
    throws(PrintError) -> SheetSummary
  {
    var painter: CardPainter?
    let document = try makeDocument(options.output.path, &painter)
    var summary = SheetSummary()
    // With more than one thread, the next chunk is prepared (codes encoded, templates filled)
    // on the others while this one draws the last: drawing is most of a card's cost and the
    // only part that must be done in order, on one thread.
    let helpers = options.workers - 1
    let chunkSize = max(1, helpers) * 64
    var pending: PendingChunk?
    defer { pending?.wait() }
    reading: while !work.stop() {
      var records: [CSVRecord] = []
      records.reserveCapacity(chunkSize)
      while records.count < chunkSize, let record = try next(&reader) {
        records.append(record)
      }
      summary.rows += records.count
      let next = records.isEmpty ? nil : PendingChunk(records, work.preparer, threads: helpers)
      let results = pending?.results() ?? []
      pending = next
      for result in results {
        if work.stop() { break reading }
        switch result {
        case .failure(let problem): report.fail(problem, &summary)
        case .success(let card):
          if let problem = try document.add(card) { report.fail(problem, &summary) }
        }
      }
      summary.cards = document.cards
      report.progress(summary, bytesRead: reader.bytesRead)
      if pending == nil { break }
    }
    if work.stop() {
      document.discard()
      summary.interrupted = true
      summary.cards = 0
      return summary
    }
    summary.cards = document.cards
    guard document.cards > 0 else {
      document.discard()
      return summary
    }
    try document.finish(durable: options.durable)
    summary.pages = document.pages
    summary.files = [document.path]
    return summary
  }

  // MARK: Split files

  /// Split files, one after the other, from the one reader (standard input, or one thread).
  private func runSplit(
    _ split: Int,
    reader: inout CSVReader,
    _ work: Work,
    _ report: Reporter
  ) throws(PrintError) -> SheetSummary {
    var summary = SheetSummary()
    var index = 0
    var painter: CardPainter?
    while true {
      let result = renderFile(
        index,
        split,
        reader: &reader,
        rowsBefore: index * split,
        work,
        &painter
      )
      if try collect(result, &summary, report) { break }
      index += 1
    }
    return summary
  }

  /// Split files on `workers` threads, each with its own reader of the input: worker `w`
  /// renders files `w`, `w + workers`, … and skips the rows of the others. Results are
  /// reported in file order on the calling thread.
  private func runSplitInParallel(_ split: Int, _ work: Work, _ report: Reporter)
    throws(PrintError) -> SheetSummary
  {
    let workers = options.workers
    let board = ResultBoard()
    let group = DispatchGroup()
    // The workers also stop when this thread gives up on them (an error).
    let shared = Work(preparer: work.preparer, stop: { work.stop() || board.isAbandoned })
    for worker in 0..<workers {
      DispatchQueue.global().async(group: group) { [self] in
        renderFiles(worker: worker, of: workers, split, shared, board)
      }
    }
    var summary = SheetSummary()
    var index = 0
    var failure: PrintError?
    waiting: while true {
      board.wait()
      while let result = board.take(index) {
        do throws(PrintError) {
          if try collect(result, &summary, report) { break waiting }
        } catch {
          failure = error
          break waiting
        }
        index += 1
      }
    }
    // Stop the others (after an error or an interruption) and wait for them to leave.
    board.abandon()
    group.wait()
    if let failure { throw failure }
    if work.stop() || summary.interrupted {
      summary.interrupted = true
      // Files that other workers finished are whole and kept; report them too.
      for result in board.takeAll() where result.index > index {
        if case .done(let path?, let cards, let pages) = result.outcome {
          summary.files.append(path)
          summary.cards += cards
          summary.pages += pages
        }
      }
    }
    return summary
  }

  private func renderFiles(
    worker: Int,
    of workers: Int,
    _ split: Int,
    _ work: Work,
    _ board: ResultBoard
  ) {
    let input: InputFile
    do throws(BatchError) {
      input = try InputFile(options.input)
    } catch {
      board.post(FileResult(index: worker, outcome: .failed(PrintError(error))))
      return
    }
    defer { input.close() }
    var reader = CSVReader(descriptor: input.descriptor)
    _ = try? reader.next()  // the header, checked by the caller's reader
    var rowsRead = 0
    var index = worker
    var painter: CardPainter?
    while true {
      let result = renderFile(index, split, reader: &reader, rowsBefore: rowsRead, work, &painter)
      rowsRead = (index + 1) * split
      board.post(result)
      switch result.outcome {
      case .done: index += workers
      default: return
      }
    }
  }

  /// Renders split file `index` (rows `index * split ..< (index + 1) * split`), first skipping
  /// to it from row `rowsBefore`, with the thread's `painter` (made for its first file).
  private func renderFile(
    _ index: Int,
    _ split: Int,
    reader: inout CSVReader,
    rowsBefore: Int,
    _ work: Work,
    _ painter: inout CardPainter?
  ) -> FileResult {
    var result = FileResult(index: index, outcome: .end)
    var row = rowsBefore
    var document: SheetDocument?
    do throws(PrintError) {
      while row < index * split {
        guard try next(&reader) != nil else { return result }
        row += 1
      }
      while row < (index + 1) * split, let record = try next(&reader) {
        row += 1
        result.rows += 1
        if work.stop() {
          document?.discard()
          result.outcome = .interrupted
          return result
        }
        switch work.preparer.prepare(record) {
        case .failure(let problem): result.failures.append(problem)
        case .success(let card):
          if document == nil {
            document = try makeDocument(options.splitPath(index).path, &painter)
          }
          if let problem = try document?.add(card) { result.failures.append(problem) }
        }
      }
      result.bytesRead = reader.bytesRead
      guard result.rows > 0 else { return result }
      guard let document else {
        result.outcome = .done(path: nil, cards: 0, pages: 0)
        return result
      }
      try document.finish(durable: options.durable)
      result.outcome = .done(path: document.path, cards: document.cards, pages: document.pages)
    } catch {
      document?.discard()
      result.outcome = .failed(error)
    }
    return result
  }

  /// Reports a file's result; returns `true` when there are no more files.
  private func collect(_ result: FileResult, _ summary: inout SheetSummary, _ report: Reporter)
    throws(PrintError) -> Bool
  {
    summary.rows += result.rows
    for problem in result.failures { report.fail(problem, &summary) }
    switch result.outcome {
    case .end: return true
    case .interrupted:
      summary.interrupted = true
      return true
    case .failed(let error): throw error
    case .done(let path, let cards, let pages):
      if let path { summary.files.append(path) }
      summary.cards += cards
      summary.pages += pages
      report.progress(summary, bytesRead: result.bytesRead)
      return false
    }
  }

  // MARK: Helpers

  /// A document drawn by `painter`, which is made first if the thread has none yet (one per
  /// thread, kept for its other files: a painter's font map and layouts cost milliseconds).
  private func makeDocument(_ path: String, _ painter: inout CardPainter?) throws(PrintError)
    -> SheetDocument
  {
    let threadPainter: CardPainter
    if let painter {
      threadPainter = painter
    } else {
      threadPainter = try CardPainter(
        card: options.layout.cardSize,
        locale: template.locale,
        logo: options.logo
      )
      painter = threadPainter
    }
    return try SheetDocument(
      path: path,
      layout: options.layout,
      painter: threadPainter,
      title: "\(pages.table.app.name ?? pages.table.app.scheme) invites: \(route.name)"
    )
  }

  private func next(_ reader: inout CSVReader) throws(PrintError) -> CSVRecord? {
    let record = try PrintError.reading { () throws(BatchError) in
      try RouteRows.next(&reader, input: options.input)
    }
    // A file was counted before anything was written; standard input is counted as it comes
    // (and is read on one thread).
    if let record, case .standardInput = options.input,
      rowsRead.wrappingAdd(1, ordering: .relaxed).newValue > options.maximumRows
    {
      throw PrintError(
        RouteRows.tooManyRows(options.input, maximum: options.maximumRows, line: record.line)
      )
    }
    return record
  }

  /// The columns a template can use as `fields.<name>`; warns about the others.
  private func fieldColumns(_ columns: [String], _ onWarning: (SheetWarning) -> Void) -> [(
    name: String, column: Int
  )] {
    var result: [(name: String, column: Int)] = []
    for (index, name) in columns.enumerated() {
      let valid =
        name.count <= 40 && name.first.map { $0.isASCII && $0.isLetter } == true
        && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      guard valid, result.count < PageRenderer.maximumFieldCount else {
        onWarning(
          SheetWarning(
            code: .unusableColumn,
            message: valid
              ? "column '\(name)' is past the first \(PageRenderer.maximumFieldCount) columns; "
                + "card templates cannot show it"
              : "column '\(name.prefix(40))' cannot be a template field (a letter, then letters, "
                + "digits or '_'); card templates cannot show it"
          )
        )
        continue
      }
      result.append((name, index))
    }
    if !columns.contains("name") {
      onWarning(
        SheetWarning(
          code: .noNameColumn,
          message: "the CSV has no 'name' column; the built-in card template prints "
            + "{{fields.name}} in large type"
        )
      )
    }
    return result
  }
}

/// One file of a split sheet, as a worker finished it.
private struct FileResult: Sendable {
  enum Outcome: Sendable {
    /// The file was written (or had no card, `path` nil).
    case done(path: String?, cards: Int, pages: Int)
    /// The input ended before this file's first row.
    case end
    case interrupted
    case failed(PrintError)
  }

  var index: Int
  var outcome: Outcome
  var rows = 0
  var failures: [RowProblem] = []
  var bytesRead: Int64 = 0
}

/// The finished files of a split sheet, posted by the workers and taken in order by the calling
/// thread, which sleeps until a worker posts.
private final class ResultBoard: Sendable {
  private let results = Mutex<[Int: FileResult]>([:])
  private let posted = DispatchSemaphore(value: 0)
  private let abandoned = Atomic<Bool>(false)

  func post(_ result: FileResult) {
    results.withLock { $0[result.index] = result }
    posted.signal()
  }

  /// Sleeps until a result is posted (or returns at once if one was posted meanwhile).
  func wait() { posted.wait() }

  func take(_ index: Int) -> FileResult? {
    results.withLock { $0.removeValue(forKey: index) }
  }

  /// The results not taken, in file order.
  func takeAll() -> [FileResult] {
    results.withLock { results in
      defer { results.removeAll() }
      return results.values.sorted { $0.index < $1.index }
    }
  }

  /// Tells the workers to stop after the card in progress.
  func abandon() { abandoned.store(true, ordering: .relaxed) }

  var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }
}

/// What the threads of a run share: the preparer and the stop test.
private struct Work: Sendable {
  let preparer: CardPreparer
  let stop: @Sendable () -> Bool
}

/// The caller's callbacks, called on the calling thread only.
private struct Reporter {
  let totalBytes: Int64?
  let onFailure: (SheetFailure) -> Void
  let onProgress: (BatchProgress) -> Void

  func fail(_ problem: RowProblem, _ summary: inout SheetSummary) {
    summary.failed += 1
    onFailure(SheetFailure(line: problem.line, message: problem.message))
  }

  func progress(_ summary: SheetSummary, bytesRead: Int64) {
    onProgress(
      BatchProgress(
        rows: summary.cards + summary.failed,
        failed: summary.failed,
        bytesRead: bytesRead,
        totalBytes: totalBytes
      )
    )
  }
}

/// Results written by index from worker threads, each slot by one worker, read after they
/// finish.
private final class Slots<Value>: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<Value?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  func store(_ value: Value, at index: Int) {
    slots[index] = value
  }

  func values() -> [Value] {
    slots.compactMap { $0 }
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
}

/// A chunk of records being prepared on `threads` other threads while the caller draws the
/// last one; with none, it is prepared on the caller's thread when its results are asked for.
private final class PendingChunk: Sendable {
  private let records: [CSVRecord]
  private let preparer: CardPreparer
  private let slots: Slots<Result<PreparedCard, RowProblem>>
  private let next = Atomic<Int>(0)
  private let group = DispatchGroup()

  init(_ records: [CSVRecord], _ preparer: CardPreparer, threads: Int) {
    self.records = records
    self.preparer = preparer
    slots = Slots(count: records.count)
    for _ in 0..<min(threads, records.count) {
      DispatchQueue.global().async(group: group) { [self] in prepareRemaining() }
    }
  }

  /// Prepares records until none is left; any number of threads at once.
  private func prepareRemaining() {
    while true {
      let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
      guard index < records.count else { return }
      slots.store(preparer.prepare(records[index]), at: index)
    }
  }

  /// The prepared cards, in order.
  func results() -> [Result<PreparedCard, RowProblem>] {
    prepareRemaining()
    group.wait()
    return slots.values()
  }

  /// Waits for the other threads, leaving what they did not start.
  func wait() {
    next.store(records.count, ordering: .relaxed)
    group.wait()
  }
}

extension PrintError {
  /// Runs a read of the CSV, turning its ``BatchError`` into a print error.
  static func reading<Value>(_ body: () throws(BatchError) -> Value) throws(PrintError) -> Value {
    do {
      return try body()
    } catch {
      throw PrintError(error)
    }
  }

  init(_ error: BatchError) {
    let code: Code =
      switch error.code {
      case .unknownRoute: .unknownRoute
      case .linkNotConfigured: .linkNotConfigured
      case .invalidOption, .invalidNamePattern: .invalidOption
      case .invalidHeader: .invalidHeader
      case .missingColumn: .missingColumn
      case .tooManyRows: .tooManyRows
      case .unreadableInput: .unreadableInput
      case .cannotCreateOutput: .cannotCreateOutput
      case .outputIOFailed: .outputIOFailed
      }
    self.init(code, error.message)
  }

  init(_ error: PageError) {
    let code: Code =
      switch error.code {
      case .unreadableTemplates: .unreadableInput
      case .invalidLocale, .invalidField: .invalidOption
      default: .invalidTemplate
      }
    self.init(code, error.message)
  }
}
