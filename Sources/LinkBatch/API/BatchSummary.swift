#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What a batch did.
public struct BatchSummary: Sendable, Hashable, CustomStringConvertible {
  /// The data rows read (blank lines aside).
  public var rows = 0
  /// Rows whose images were written (all, or the missing ones with ``BatchOptions/resume``).
  public var written = 0
  /// Rows skipped because all their images already existed (with ``BatchOptions/resume``).
  public var existing = 0
  /// Rows that failed; each was reported.
  public var failed = 0
  /// Image files written.
  public var files = 0
  /// The manifest, once written.
  public var manifest: URL?
  /// Whether the run stopped early because ``BatchRunner/cancel()`` was called; no manifest
  /// is written then.
  public var interrupted = false

  /// An empty summary.
  public init() {}

  /// `1000 rows: 998 written, 0 already there, 2 failed; 1996 files`.
  public var description: String {
    "\(rows) row\(rows == 1 ? "" : "s"): \(written) written, \(existing) already there, "
      + "\(failed) failed; \(files) file\(files == 1 ? "" : "s")"
  }
}

/// A row that could not be turned into images.
public struct BatchFailure: Sendable, Hashable, CustomStringConvertible {
  /// The CSV line the row starts on.
  public let line: Int
  /// Why, for people.
  public let message: String

  /// `line <n>: <message>`.
  public var description: String { "line \(line): \(message)" }
}

/// How far a batch has got, for a progress bar.
public struct BatchProgress: Sendable, Hashable {
  /// Rows done (including failed ones).
  public var rows: Int
  /// Rows failed so far.
  public var failed: Int
  /// Input bytes read.
  public var bytesRead: Int64
  /// The input's size, when it is a regular file.
  public var totalBytes: Int64?

  /// Progress with these counts.
  public init(rows: Int, failed: Int, bytesRead: Int64, totalBytes: Int64?) {
    self.rows = rows
    self.failed = failed
    self.bytesRead = bytesRead
    self.totalBytes = totalBytes
  }
}
