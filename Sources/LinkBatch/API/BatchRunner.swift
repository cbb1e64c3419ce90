import Dispatch
public import LinkKit
import LinkQR
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns a CSV of route parameters into one QR image per row and format, plus a manifest.
///
/// The input is streamed in chunks of 64 rows per worker, each rendered by
/// ``BatchOptions/workers`` threads, so memory stays flat for any number of rows. Each file is
/// written atomically (a temporary file, then renamed). A bad row is reported with its line and the others go
/// on. ``cancel()`` stops after the rows in progress, leaving only whole files.
///
/// ```swift
/// let runner = try BatchRunner(table: table, options: options)
/// let summary = try runner.run(onFailure: { print("rows.csv:\($0.line): \($0.message)") })
/// print(summary.description)  // 1000 rows: 999 written, 0 already there, 1 failed; 999 files
/// ```
public final class BatchRunner: Sendable {
  /// The options the runner was made with.
  public let options: BatchOptions
  private let table: RouteTable
  private let route: Route
  /// The output directory's path, without a trailing `/`, for the system calls.
  private let directory: String
  private let cancelled = Atomic<Bool>(false)

  /// Checks the options against the table.
  ///
  /// - Throws: ``BatchError`` with ``BatchError/Code/unknownRoute``,
  ///   ``BatchError/Code/linkNotConfigured`` for a link the table does not configure, or
  ///   ``BatchError/Code/invalidOption`` for options out of range.
  public init(table: RouteTable, options: BatchOptions) throws(BatchError) {
    guard let route = table.route(named: options.route) else {
      let known = table.routes.map(\.name).joined(separator: ", ")
      throw BatchError(
        .unknownRoute,
        "the route table has no route '\(options.route)'; it has \(known)"
      )
    }
    if let reason = table.app.missingLinkReason(options.link) {
      throw BatchError(.linkNotConfigured, reason)
    }
    if options.countsScans, let problem = ScanMarker.problem(route: route, link: options.link) {
      throw BatchError(.invalidOption, problem)
    }
    guard !options.formats.isEmpty else {
      throw BatchError(.invalidOption, "give at least one image format (png, svg)")
    }
    guard options.workers >= 1 else {
      throw BatchError(.invalidOption, "the number of workers (--jobs) must be at least 1")
    }
    guard options.maximumRows >= 1 else {
      throw BatchError(.invalidOption, "the row limit (--max-rows) must be at least 1")
    }
    do throws(QRError) {
      try options.rendering.validate()
    } catch {
      throw BatchError(.invalidOption, error.message)
    }
    if let version = options.minimumVersion, !(1...40).contains(version) {
      throw BatchError(
        .invalidOption,
        "the minimum version must be between 1 and 40, not \(version)"
      )
    }
    if options.logoDrawing != nil, options.errorCorrection != .high {
      throw BatchError(
        .invalidOption,
        "a logo needs error correction H, not \(options.errorCorrection.name)"
      )
    }
    var directory = options.outputDirectory.path
    while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
    self.table = table
    self.options = options
    self.route = route
    self.directory = directory
  }

  /// Asks a running batch to stop after the rows in progress; safe from any thread.
  public func cancel() {
    cancelled.store(true, ordering: .relaxed)
  }

  /// Runs the batch.
  ///
  /// - Parameters:
  ///   - onFailure: Called, on the calling thread and in input order, for each failed row.
  ///   - onProgress: Called on the calling thread after each chunk of rows.
  ///   - isCancelled: Polled before each row, from any thread; `true` stops the batch as
  ///     ``cancel()`` does (for example when SIGINT or SIGTERM was caught).
  /// - Returns: The counts, and the manifest's path (unless interrupted).
  /// - Throws: ``BatchError`` when the batch cannot run at all: unreadable input, a CSV
  ///   without a usable header, an output directory that cannot be created or written.
  public func run(
    onFailure: (BatchFailure) -> Void = { _ in },
    onProgress: (BatchProgress) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws(BatchError) -> BatchSummary {
    let stop = { @Sendable [self] in
      cancelled.load(ordering: .relaxed) || isCancelled()
    }
    let input = try InputFile(options.input)
    defer { input.close() }
    if input.size != nil {
      try RouteRows.checkRowCount(input, name: options.input, maximum: options.maximumRows)
    }
    var reader = CSVReader(descriptor: input.descriptor)
    let rows = try RouteRows(reading: &reader, input: options.input, route: route)
    let pattern = try NamePattern(options.namePattern, columns: rows.columns)
    // Only now that the input and the options are known to be usable: the output.
    let manifest = try openOutput()
    defer { manifest.discard() }
    let processor = RowProcessor(table: table, options: options, directory: directory, rows: rows)
    var names = NameRegistry()
    var summary = BatchSummary()
    let chunkSize = options.workers * 64

    try writing { () throws(AtomicFileError) in
      try manifest.begin(route: route.name, link: options.link, formats: options.formats)
    }
    while !stop() {
      var jobs: [RowJob] = []
      jobs.reserveCapacity(chunkSize)
      while jobs.count < chunkSize,
        let record = try RouteRows.next(&reader, input: options.input)
      {
        guard summary.rows < options.maximumRows else {
          throw RouteRows.tooManyRows(
            options.input,
            maximum: options.maximumRows,
            line: record.line
          )
        }
        summary.rows += 1
        jobs.append(job(record, row: summary.rows, rows, pattern, &names))
      }
      if jobs.isEmpty { break }
      let results = render(jobs, processor, stop)
      try record(results, in: manifest, into: &summary, onFailure: onFailure)
      onProgress(
        BatchProgress(
          rows: summary.written + summary.existing + summary.failed,
          failed: summary.failed,
          bytesRead: reader.bytesRead,
          totalBytes: input.size
        )
      )
    }
    if stop() {
      summary.interrupted = true
      return summary
    }
    try writing { () throws(AtomicFileError) in try manifest.finish(summary) }
    summary.manifest = options.outputDirectory.appendingPathComponent(
      ManifestWriter.fileName(options.manifest)
    )
    return summary
  }

  /// The output directory, created with its parents and cleared of stale temporary files,
  /// and the manifest, opened in it.
  private func openOutput() throws(BatchError) -> ManifestWriter {
    try createDirectory(directory)
    AtomicFile.removeStaleTemporaryFiles(in: directory)
    do throws(AtomicFileError) {
      return try ManifestWriter(format: options.manifest, directory: directory)
    } catch {
      throw BatchError(error)
    }
  }

  /// Appends a chunk's rows to the manifest in input order, counts them, and reports the
  /// failed ones; a row not started because the batch was cancelled is not counted.
  private func record(
    _ results: [RowResult?],
    in manifest: ManifestWriter,
    into summary: inout BatchSummary,
    onFailure: (BatchFailure) -> Void
  ) throws(BatchError) {
    for result in results {
      guard let result else {
        summary.rows -= 1
        continue
      }
      try writing { () throws(AtomicFileError) in try manifest.append(result.entry) }
      switch result.outcome {
      case .written(let files):
        summary.written += 1
        summary.files += files
      case .existing: summary.existing += 1
      case .failed(let message):
        summary.failed += 1
        onFailure(BatchFailure(line: result.line, message: message))
      }
    }
  }

  private func writing(_ body: () throws(AtomicFileError) -> Void) throws(BatchError) {
    do {
      try body()
    } catch {
      throw BatchError(error)
    }
  }

  // MARK: Steps

  /// Renders a chunk on `workers` threads; a slot stays `nil` for a row not started because
  /// the batch was cancelled.
  private func render(
    _ jobs: [RowJob],
    _ processor: RowProcessor,
    _ stop: @Sendable () -> Bool
  ) -> [RowResult?] {
    let slots = ResultSlots(count: jobs.count)
    let next = Atomic<Int>(0)
    let workers = min(options.workers, jobs.count)
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      while !stop() {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < jobs.count else { return }
        slots.store(processor.process(jobs[index]), at: index)
      }
    }
    return slots.results()
  }

  private func job(
    _ record: CSVRecord,
    row: Int,
    _ rows: RouteRows,
    _ pattern: NamePattern,
    _ names: inout NameRegistry
  ) -> RowJob {
    var job = RowJob(line: record.line, row: row, fields: rows.fields(of: record), name: "")
    guard case .success(let fields) = job.fields else { return job }
    do throws(CSVRecordError) {
      job.name = try pattern.name(fields: fields, row: row, line: record.line)
      if !pattern.isUniquePerRow, let first = names.register(job.name, line: record.line) {
        job.fields = .failure(
          CSVRecordError(
            message: "the file name '\(job.name)' is already used by line \(first); "
              + "use a column that differs per row in --name"
          )
        )
      }
    } catch {
      job.fields = .failure(error)
    }
    return job
  }

  private func createDirectory(_ path: String) throws(BatchError) {
    do throws(AtomicFileError) {
      try AtomicFile.createDirectories(path)
    } catch {
      throw BatchError(error)
    }
  }
}

/// The chunk's results, written by index from the worker threads: each slot by exactly one
/// worker, read only after `concurrentPerform` returns.
private final class ResultSlots: @unchecked Sendable {
  private let slots: UnsafeMutableBufferPointer<RowResult?>

  init(count: Int) {
    slots = .allocate(capacity: count)
    slots.initialize(repeating: nil)
  }

  func store(_ result: RowResult, at index: Int) {
    slots[index] = result
  }

  func results() -> [RowResult?] {
    Array(slots)
  }

  deinit {
    slots.deinitialize()
    slots.deallocate()
  }
}

/// Remembers the file names used so far, to report a second row with the same name instead of
/// overwriting the first one's file. Keeps a 64-bit hash and the line per name, about 30 bytes a
/// row; not needed (and not used) when the pattern numbers the rows.
private struct NameRegistry {
  private var lines: [UInt64: UInt32] = [:]

  /// Registers `name`; returns the line that used it first, if any.
  mutating func register(_ name: String, line: Int) -> Int? {
    // FNV-1a: stable across runs (unlike Hasher), so the rare collision is at least
    // reproducible.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in name.utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    if let first = lines[hash] { return Int(first) }
    lines[hash] = UInt32(truncatingIfNeeded: line)
    return nil
  }
}
