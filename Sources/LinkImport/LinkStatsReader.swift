import Foundation
import LinkKit

/// One count of FDL's `getLinkStats` answer: a platform, an event and its total.
public struct LinkStatsCount: Sendable, Hashable {
  /// The platforms Google documented.
  public static let platforms: Set<String> = ["ANDROID", "IOS", "DESKTOP", "OTHER"]
  /// The events Google documented.
  public static let events: Set<String> = [
    "CLICK", "REDIRECT", "APP_INSTALL", "APP_FIRST_OPEN", "APP_RE_OPEN",
  ]

  /// `ANDROID`, `IOS`, `DESKTOP` or `OTHER`.
  public var platform: String
  /// `CLICK`, `REDIRECT`, `APP_INSTALL`, `APP_FIRST_OPEN` or `APP_RE_OPEN`.
  public var event: String
  /// The total.
  public var count: Int

  /// Creates a count.
  public init(platform: String, event: String, count: Int) {
    self.platform = platform
    self.event = event
    self.count = count
  }
}

/// Reads the `getLinkStats` answers a team saved: a JSON object from each short link to the
/// answer saved for it, `{"https://links.example.com/AbCd": {"linkEventStats": [{"platform":
/// "IOS", "event": "CLICK", "count": "12"}]}}`. `count` is a string holding a 64-bit integer,
/// as Google's APIs write them (a JSON integer is read too). Unknown platforms or events, a
/// negative or malformed count, or a shape other than the documented one are misses with the
/// line of the short link's key.
public enum LinkStatsReader {
  /// The counts by short link (scheme and host lower-cased, no trailing `/`), with the line of
  /// each key, and the misses.
  public struct Result: Sendable, Hashable {
    /// The counts of each short link.
    public var counts: [String: [LinkStatsCount]] = [:]
    /// The line of each short link's key.
    public var lines: [String: Int] = [:]
    /// The entries refused.
    public var misses: [ImportMiss] = []
  }

  /// Reads one file.
  ///
  /// - Throws: ``ImportError`` when the file cannot be read or is not a JSON object.
  public static func read(file: String) throws(ImportError) -> Result {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      throw ImportError(
        .unreadableInput,
        "\(file): cannot read the file: \(error.localizedDescription)"
      )
    }
    let json = JSONReader.read(Array(data))
    // Strict JSON, as Google wrote it: only a byte-order mark is skipped, and a short link
    // given twice keeps its last answer.
    if let issue = json.issues.first(where: { ![.byteOrderMark, .duplicateKey].contains($0.kind) })
    {
      throw ImportError(
        .invalidInput,
        "\(file):\(issue.line):\(issue.column): not JSON: \(issue.detail)"
      )
    }
    guard let members = json.root?.members else {
      throw ImportError(.invalidInput, "\(file): not a JSON object of short links")
    }
    var result = Result()
    for member in members {
      let line = member.value.line
      switch counts(member.value) {
      case .success(let counts):
        let key = ShortLinkURL.normalized(member.key)
        result.counts[key] = counts
        result.lines[key] = line
      case .failure(let problem):
        result.misses.append(
          ImportMiss(
            location: ImportLocation(file: file, line: line),
            subject: member.key,
            message: problem.message
          )
        )
      }
    }
    result.misses.sort { $0.location.line < $1.location.line }
    return result
  }

  private static func counts(_ answer: JSONNode) -> Swift.Result<[LinkStatsCount], FieldProblem> {
    guard answer.members != nil else {
      return .failure(FieldProblem(message: "the answer is not an object with 'linkEventStats'"))
    }
    // Google leaves out an empty list.
    var stats: [JSONNode] = []
    if let list = answer["linkEventStats"] {
      guard let elements = list.elements else {
        return .failure(FieldProblem(message: "'linkEventStats' is not an array"))
      }
      stats = elements
    }
    var counts: [LinkStatsCount] = []
    for item in stats {
      guard let platform = item["platform"]?.string, let event = item["event"]?.string else {
        return .failure(
          FieldProblem(message: "each linkEventStats item needs 'platform' and 'event' strings")
        )
      }
      guard LinkStatsCount.platforms.contains(platform) else {
        return .failure(
          FieldProblem(message: "unknown platform '\(platform)' (ANDROID, IOS, DESKTOP, OTHER)")
        )
      }
      guard LinkStatsCount.events.contains(event) else {
        return .failure(
          FieldProblem(
            message:
              "unknown event '\(event)' (CLICK, REDIRECT, APP_INSTALL, APP_FIRST_OPEN, APP_RE_OPEN)"
          )
        )
      }
      guard let count = Self.count(item["count"]) else {
        return .failure(
          FieldProblem(
            message: "the count of \(platform) \(event) is not a non-negative 64-bit integer"
          )
        )
      }
      counts.append(LinkStatsCount(platform: platform, event: event, count: count))
    }
    return .success(counts)
  }

  /// `"12"` (Google's form) or `12`; absent is 0, as Google leaves out zero values.
  private static func count(_ node: JSONNode?) -> Int? {
    guard let node else { return 0 }
    if let text = node.string {
      guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return Int(text)
    }
    // A JSON number: a whole one, as written (`12`) or not (`12.0`, `1.2e1`).
    guard let value = node.integer ?? node.number.flatMap(Self.whole) else { return nil }
    return value >= 0 ? value : nil
  }

  private static func whole(_ number: Double) -> Int? {
    number == number.rounded() && abs(number) < 0x1p63 ? Int(number) : nil
  }
}

/// Puts saved `getLinkStats` counts on the records of the same short links.
public enum LinkStatsMatch {
  /// Attaches each entry's counts to the record with its short link; an entry no record has is
  /// a miss (at the line of its key).
  public static func attach(
    _ stats: LinkStatsReader.Result,
    to batch: inout ImportBatch,
    file: String
  ) {
    batch.misses += stats.misses
    var used: Set<String> = []
    for index in batch.records.indices {
      guard let link = batch.records[index].shortLink else { continue }
      let key = ShortLinkURL.normalized(link)
      if let counts = stats.counts[key] {
        batch.records[index].history = counts
        used.insert(key)
      }
    }
    for key in stats.counts.keys.sorted() where !used.contains(key) {
      batch.misses.append(
        ImportMiss(
          location: ImportLocation(file: file, line: stats.lines[key] ?? 0),
          subject: key,
          message: "no imported row has this short link"
        )
      )
    }
  }
}
