public import Foundation

/// A short link read from another service's export, before it reaches the store: where it was
/// read, its old path and the route its deep link parsed to.
public struct ImportRecord: Sendable, Hashable {
  /// The file and line it was read from.
  public var location: ImportLocation
  /// The short link as the export wrote it (`https://links.example.com/AbCd`), if it did.
  public var shortLink: String?
  /// The old path to keep (`/AbCd`).
  public var keptPath: String
  /// The route.
  public var route: String
  /// The route's values as text.
  public var arguments: [String: String]
  /// A label (FDL's "Link name", Branch's campaign).
  public var label: String?
  /// When the old service created it.
  public var createdAt: Date?
  /// Archived in the old service.
  public var isArchived: Bool = false
  /// The social card, when it passed ``FirebaseSocialCard``'s rule.
  public var card: FirebaseSocialCard?
  /// Its history before the move (FDL's `getLinkStats`), once matched.
  public var history: [LinkStatsCount] = []
}

/// Where a record or a miss was read: a file and a line (from 1; 0 for the file as a whole).
public struct ImportLocation: Sendable, Hashable, CustomStringConvertible {
  /// The file's path as given.
  public var file: String
  /// The line, from 1; 0 when the problem is the whole file.
  public var line: Int

  /// Creates a location.
  public init(file: String, line: Int) {
    self.file = file
    self.line = line
  }

  /// `file:line`, or the file alone.
  public var description: String { line > 0 ? "\(file):\(line)" : file }
}

/// A row an importer could not take, with the parser's error.
public struct ImportMiss: Error, Sendable, Hashable, CustomStringConvertible {
  /// Where it was read.
  public var location: ImportLocation
  /// The short link or path concerned, when the row had one.
  public var subject: String?
  /// What was wrong.
  public var message: String

  /// Creates a miss.
  public init(location: ImportLocation, subject: String?, message: String) {
    self.location = location
    self.subject = subject
    self.message = message
  }

  /// `file:line: subject: message`.
  public var description: String {
    "\(location): " + (subject.map { "\($0): " } ?? "") + message
  }
}

/// What a reader took from its inputs: the records and the misses, in input order.
public struct ImportBatch: Sendable, Hashable {
  /// The rows read.
  public var records: [ImportRecord] = []
  /// The rows refused.
  public var misses: [ImportMiss] = []
  /// Long links checked that need no import (they keep working as long links).
  public var longLinks: Int = 0
  /// Header columns the reader does not use.
  public var ignoredColumns: [String] = []

  /// An empty batch.
  public init() {}

  /// Adds another batch's rows after this one's.
  public mutating func append(_ other: ImportBatch) {
    records += other.records
    misses += other.misses
    longLinks += other.longLinks
    for column in other.ignoredColumns where !ignoredColumns.contains(column) {
      ignoredColumns.append(column)
    }
  }
}

/// Why an import's input cannot be read at all.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// A file cannot be opened or read.
    case unreadableInput
    /// A file is not the export it should be: its header lacks a required column, or it is
    /// not JSON of the documented shape.
    case invalidInput
    /// Rows were refused (each was reported); nothing was written.
    case misses
    /// The misses file cannot be written.
    case cannotCreateOutput
  }

  /// The kind of failure.
  public let code: Code
  /// A sentence naming the file and the problem.
  public let message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
