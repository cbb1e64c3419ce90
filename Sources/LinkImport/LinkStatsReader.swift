import Foundation

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
    let object: [String: Any]
    do {
      guard let top = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw ImportError(.invalidInput, "\(file): not a JSON object of short links")
      }
      object = top
    } catch let error as ImportError {
      throw error
    } catch {
      throw ImportError(
        .invalidInput,
        "\(file): not JSON: \((error as NSError).localizedDescription)"
      )
    }
    let text = String(decoding: data, as: UTF8.self)
    var result = Result()
    for (link, value) in object.sorted(by: { $0.key < $1.key }) {
      let line = Self.line(of: link, in: text)
      let location = ImportLocation(file: file, line: line)
      switch counts(value) {
      case .success(let counts):
        let key = ShortLinkURL.normalized(link)
        result.counts[key] = counts
        result.lines[key] = line
      case .failure(let problem):
        result.misses.append(
          ImportMiss(location: location, subject: link, message: problem.message)
        )
      }
    }
    result.misses.sort { $0.location.line < $1.location.line }
    return result
  }

  private static func counts(_ value: Any) -> Swift.Result<[LinkStatsCount], FieldProblem> {
    guard let answer = value as? [String: Any] else {
      return .failure(FieldProblem(message: "the answer is not an object with 'linkEventStats'"))
    }
    guard let stats = (answer["linkEventStats"] ?? [Any]()) as? [Any] else {
      return .failure(FieldProblem(message: "'linkEventStats' is not an array"))
    }
    var counts: [LinkStatsCount] = []
    for item in stats {
      guard let item = item as? [String: Any], let platform = item["platform"] as? String,
        let event = item["event"] as? String
      else {
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
  private static func count(_ value: Any?) -> Int? {
    switch value {
    case nil: return 0
    case let text as String:
      guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return Int(text)
    case let number as NSNumber:
      // JSONSerialization reads true and false as NSNumbers too: they are not counts.
      guard String(cString: number.objCType) != "c", number.doubleValue >= 0,
        number.doubleValue == number.doubleValue.rounded()
      else { return nil }
      return number.intValue
    default: return nil
    }
  }

  /// The line a key first appears on (its JSON string), 0 when not found.
  private static func line(of key: String, in text: String) -> Int {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: [key],
        options: [.withoutEscapingSlashes]
      ),
      var quoted = String(data: data, encoding: .utf8)
    else { return 0 }
    quoted = String(quoted.dropFirst().dropLast())
    guard let range = text.range(of: quoted) else { return 0 }
    return text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
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
