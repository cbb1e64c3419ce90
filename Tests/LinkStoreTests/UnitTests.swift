import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkStore

@Suite struct DatabaseURLTests {
  @Test func sqlite() throws {
    #expect(try DatabaseURL("sqlite:links.sqlite").backend == .sqlite(path: "links.sqlite"))
    #expect(try DatabaseURL("sqlite:/var/lib/x.db").backend == .sqlite(path: "/var/lib/x.db"))
    #expect(try DatabaseURL("sqlite:///var/lib/x.db").backend == .sqlite(path: "/var/lib/x.db"))
  }

  @Test func postgres() throws {
    let url = try DatabaseURL(
      "postgresql://link%40gen:p%3Ass@db.internal:6543/links?sslmode=verify-full&schema=edge&application_name=edge-1"
    )
    guard case .postgres(let settings) = url.backend else {
      Issue.record("expected PostgreSQL")
      return
    }
    #expect(settings.user == "link@gen" && settings.password == "p:ss")
    #expect(settings.host == "db.internal" && settings.port == 6543 && settings.database == "links")
    #expect(settings.tls == .verifyFull && settings.schema == "edge")
    #expect(settings.applicationName == "edge-1")
    #expect(!url.description.contains("p:ss") && !url.description.contains("p%3Ass"))
    #expect(url.description.contains("***"))

    let defaults = try DatabaseURL("postgres://u@localhost/")
    guard case .postgres(let plain) = defaults.backend else { return }
    #expect(
      plain.port == 5432 && plain.database == nil && plain.tls == .prefer && plain.password == nil
    )

    let socket = try DatabaseURL("postgres://u@/db?host=/var/run/postgresql")
    guard case .postgres(let local) = socket.backend else { return }
    #expect(local.socketDirectory == "/var/run/postgresql" && local.host == nil)
    #expect(local.preparedStatements && settings.preparedStatements)
  }

  /// `prepared_statements=off` (behind a transaction-mode pooler) is kept and printed; `on` is
  /// the default, which the description leaves out.
  @Test func preparedStatements() throws {
    let pooled = try DatabaseURL("postgres://u@pgbouncer:6432/db?prepared_statements=off")
    guard case .postgres(let off) = pooled.backend else { return }
    #expect(!off.preparedStatements)
    #expect(pooled.description == "postgres://u@pgbouncer:6432/db?prepared_statements=off")
    #expect(try DatabaseURL(pooled.description) == pooled)
    let direct = try DatabaseURL("postgres://u@db:5432/db?prepared_statements=on")
    guard case .postgres(let on) = direct.backend else { return }
    #expect(on.preparedStatements)
    #expect(direct.description == "postgres://u@db:5432/db")
  }

  @Test(arguments: [
    ("", "must start with"),
    ("links.sqlite", "did you mean sqlite:links.sqlite"),
    ("mysql://u@h/db", "must start with"),
    ("sqlite:", "names no file"),
    ("sqlite::memory:", "in-memory"),
    ("postgres://h/db", "names no user"),
    ("postgres://u@/db", "names no host"),
    ("postgres://u:secret@h/db?sslmode=maybe", "sslmode 'maybe'"),
    ("postgres://u:secret@h/db?schema=Bad-Name", "schema 'Bad-Name'"),
    ("postgres://u:secret@h/db?timeout=3", "unknown option 'timeout'"),
    ("postgres://u:secret@h/db?schema=a&schema=b", "given twice"),
    (
      "postgres://u:secret@h/db?prepared_statements=no", "prepared_statements 'no' is not on or off"
    ),
    ("postgres://u:secret@h:99999/db", "out of range"),
  ])
  func rejects(text: String, expected: String) {
    #expect {
      try DatabaseURL(text)
    } throws: { error in
      let error = error as? StoreError
      return error?.code == .invalidDatabaseURL && error?.message.contains(expected) == true
        && error?.message.contains("secret") == false
    }
  }

  @Test func resolveOrder() throws {
    let environment = ["LINKGEN_DATABASE_URL": "sqlite:from-env.sqlite"]
    #expect(
      try DatabaseURL.resolve(option: "sqlite:opt.sqlite", environment: environment).backend
        == .sqlite(path: "opt.sqlite")
    )
    #expect(
      try DatabaseURL.resolve(option: nil, environment: environment).backend
        == .sqlite(path: "from-env.sqlite")
    )
    #expect(
      try DatabaseURL.resolve(option: nil, environment: [:]).backend
        == .sqlite(path: "linkgen.sqlite")
    )
    #expect {
      try DatabaseURL.resolve(option: nil, environment: ["LINKGEN_DATABASE_URL": "nope"])
    } throws: { ($0 as? StoreError)?.message.hasPrefix("LINKGEN_DATABASE_URL: ") == true }
  }
}

@Suite struct CodeTests {
  @Test func alphabetHasNoLookAlikes() {
    #expect(ShortCode.alphabet.count == 32)
    #expect(Set(ShortCode.alphabet).count == 32)
    for character in "01lIoO" { #expect(!ShortCode.alphabet.contains(character)) }
  }

  @Test func generatedCodesUseTheAlphabetAndDoNotRepeat() {
    var seen: Set<String> = []
    var counts: [Character: Int] = [:]
    for _ in 0..<10_000 {
      let code = ShortCode.random(length: 12)
      #expect(code.count == 12)
      seen.insert(code)
      for character in code { counts[character, default: 0] += 1 }
    }
    #expect(seen.count == 10_000)
    #expect(Set(counts.keys) == Set(ShortCode.alphabet))
    // 120,000 characters over 32 symbols: each near 3,750; a biased generator would stray far.
    #expect(counts.values.allSatisfy { (3_300...4_200).contains($0) })
  }

  /// The codes of created links: every position uniform over the alphabet, past each 64-bit
  /// draw's twelve characters too (8 and 12: one draw; 25 and 32: three).
  @Test(arguments: [8, 12, 25, 32])
  func shortCodesAreUniformAtEveryPosition(length: Int) {
    var seen: Set<String> = []
    var counts = Array(repeating: [UInt8: Int](), count: length)
    for _ in 0..<4_000 {
      let code = ShortCode.random(length: length)
      #expect(code.utf8.count == length)
      seen.insert(code)
      for (position, byte) in code.utf8.enumerated() { counts[position][byte, default: 0] += 1 }
    }
    #expect(seen.count == 4_000)
    for position in counts {
      #expect(Set(position.keys) == Set(ShortCode.alphabetBytes))
      // 4,000 characters over 32 symbols: each near 125 (σ ≈ 11); a stuck or biased bit strays
      // far.
      #expect(position.values.allSatisfy { (60...200).contains($0) })
    }
  }

  @Test func keysAreReadBack() {
    let (id, key) = KeyHashing.generate()
    #expect(KeyHashing.id(in: key) == id)
    #expect(KeyHashing.id(in: key + "a") == nil)
    #expect(KeyHashing.id(in: key.uppercased()) == nil)
    #expect(KeyHashing.id(in: "lgk_" + id + "-" + String(key.suffix(40))) == nil)
    #expect(KeyHashing.constantTimeEqual([1, 2, 3], [1, 2, 3]))
    #expect(!KeyHashing.constantTimeEqual([1, 2, 3], [1, 2, 4]))
    #expect(!KeyHashing.constantTimeEqual([1, 2, 3], [1, 2]))
  }
}

@Suite struct ClickDayTests {
  @Test func roundTrips() {
    for text in ["1970-01-01", "2000-02-29", "2026-11-22", "2100-12-31"] {
      #expect(ClickDay(text)?.description == text)
    }
    #expect(ClickDay("1970-01-02")?.daysSince1970 == 1)
    #expect(ClickDay(Date(timeIntervalSince1970: 86_399)).daysSince1970 == 0)
    #expect(ClickDay(Date(timeIntervalSince1970: -1)).daysSince1970 == -1)
    for bad in ["2026-02-29", "2026-13-01", "2026-1-1", "20261122", "", "2026-11-22T00"] {
      #expect(ClickDay(bad) == nil)
    }
  }
}

@Suite struct ClickClassifierTests {
  static let iPhone =
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1"

  @Test(
    arguments: [
      ("GET", iPhone, nil, nil, "human"),
      ("HEAD", iPhone, nil, nil, "method:head"),
      ("OPTIONS", iPhone, nil, nil, "method:options"),
      ("GET", iPhone, "prefetch;prerender", nil, "prefetch"),
      ("GET", iPhone, "prefetch", nil, "prefetch"),
      ("GET", iPhone, "Prefetch", nil, "prefetch"),
      ("GET", iPhone, "preview", nil, "prefetch"),
      ("GET", iPhone, nil, "Twitterbot", "crawler:twitterbot"),
      ("GET", nil, nil, nil, "no-user-agent"),
      (
        "GET", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", nil,
        nil, "crawler:facebookexternalhit"
      ),
      ("GET", "AASA-Bot/1.0.0", nil, nil, "crawler:aasa-bot"),
      ("GET", "swcd (unknown version) CFNetwork/1474 Darwin/23.0.0", nil, nil, "crawler:swcd"),
      (
        "GET", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", nil, nil,
        "crawler:slackbot"
      ),
      ("GET", "curl/8.5.0", nil, nil, "automation:curl"),
      ("GET", "python-requests/2.31", nil, nil, "automation:python-requests"),
      (
        "GET",
        "Mozilla/5.0 (Linux; Android 14; Cubot P80) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36",
        nil, nil, "human"
      ),
      (
        "GET",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148 Instagram 330.0", nil,
        nil, "human"
      ),
      // In-app browsers of apps carry the app's name: people, not the app's preview fetcher.
      ("GET", "Mozilla/5.0 (iPhone) Mobile/15E148 Snapchat/13.10.0.41", nil, nil, "human"),
      ("GET", "Mozilla/5.0 (iPhone) Mobile/15E148 [Pinterest/iOS]", nil, nil, "human"),
      (
        "GET", "Mozilla/5.0 (Linux; Android 14) Chrome/126 Mobile DaumApps/5.2.1", nil, nil, "human"
      ),
      ("GET", "Snap URL Preview Service; bot; snapchat.com", nil, nil, "crawler:snapurlpreview"),
    ] as [(String, String?, String?, String?, String)]
  )
  func classifies(
    method: String,
    agent: String?,
    purpose: String?,
    crawler: String?,
    expected: String
  ) {
    let visitor = ClickClassifier.classify(
      method: method,
      userAgent: agent,
      purpose: purpose,
      knownCrawler: crawler
    )
    switch visitor {
    case .human: #expect(expected == "human")
    case .bot(let reason): #expect(reason.description == expected)
    }
  }

  @Test func postOnlyWhereAllowed() {
    #expect(
      ClickClassifier.classify(method: "POST", userAgent: Self.iPhone, allowPost: true) == .human
    )
    #expect(ClickClassifier.classify(method: "POST", userAgent: Self.iPhone) != .human)
  }

  @Test func bufferStaysBounded() {
    let buffer = ClickBuffer(limit: 10)
    for index in 0..<1_000 {
      buffer.add(CounterKey(day: 1, route: "r", event: "page", referrer: "site\(index).example"))
    }
    let (counts, dropped) = buffer.take()
    #expect(counts.count <= 11)
    #expect(counts.values.reduce(0, +) + dropped == 1_000)
    #expect(counts[CounterKey(day: 1, route: "r", event: "page", referrer: "other")] == 990)
  }
}

@Suite struct VisitorSketchTests {
  /// Reproducible, uniform 64-bit hashes.
  typealias Hashes = SplitMix64

  @Test func estimatesWithinAFewPercentAndCountsRepeatsOnce() {
    var hashes = Hashes(state: 7)
    for count in [1, 10, 1_000, 20_000, 200_000] {
      var sketch = VisitorSketch()
      let people = (0..<count).map { _ in hashes.next() }
      for _ in 0..<2 { for person in people { sketch.add(person) } }
      let error = abs(Double(sketch.estimate - count)) / Double(count)
      // The standard error is 1.04 / √1024 = 3.25 %; these hashes (a fixed seed) come within
      // 0 % for 10, 0.9 % for 1,000, 4.7 % for 20,000 and 8.1 % for 200,000.
      #expect(error < 0.1, "\(count) people estimated as \(sketch.estimate)")
    }
    #expect(VisitorSketch().estimate == 0)
  }

  @Test func mergeIsTheUnionAndMergingAgainChangesNothing() {
    var hashes = Hashes(state: 11)
    let people = (0..<6_000).map { _ in hashes.next() }
    var first = VisitorSketch()
    var second = VisitorSketch()
    var both = VisitorSketch()
    for person in people[..<4_000] { first.add(person) }
    for person in people[2_000...] { second.add(person) }
    for person in people { both.add(person) }
    var merged = first
    merged.merge(second)
    #expect(merged == both, "the union's registers, exactly")
    let again = merged
    merged.merge(second)
    #expect(merged == again)
    #expect(VisitorSketch(registers: merged.registers) == merged)
    #expect(VisitorSketch(registers: [1, 2, 3]) == nil)
  }

  /// A sketch with fewer than a third of its registers set is stored as three bytes a set
  /// register; a fuller one as its 1,024 registers; either reads back as the same sketch.
  @Test(arguments: [0, 1, 3, 300, 340, 400, 5_000])
  func storedSparseWhileFewRegistersAreSet(_ count: Int) throws {
    var hashes = Hashes(state: UInt64(count) + 3)
    var sketch = VisitorSketch()
    for _ in 0..<count { sketch.add(hashes.next()) }
    let set = sketch.registers.count { $0 != 0 }
    let stored = sketch.stored
    #expect(stored.count == (set * 3 < 1_024 ? set * 3 : 1_024), "\(set) registers set")
    #expect(VisitorSketch(stored: stored) == sketch)
    if stored.count < 1_024 {
      // In index order: each entry's index (little-endian) above the one before.
      let indexes = stride(from: 0, to: stored.count, by: 3).map {
        Int(stored[$0]) | Int(stored[$0 + 1]) << 8
      }
      #expect(indexes == indexes.sorted() && Set(indexes).count == indexes.count)
    }
  }

  /// Bytes that are not a stored sketch: no sketch (the flushed one then replaces them).
  @Test(
    arguments: [
      [1, 2], [0, 4, 1], [1, 0, 0], [1, 0, 56], [1, 0, 5, 1, 0, 6],
      Array(repeating: 1, count: 1_025),
    ] as [[UInt8]]
  )
  func bytesThatAreNotASketchAreRefused(_ bytes: [UInt8]) {
    #expect(VisitorSketch(stored: bytes) == nil)
  }

  /// The estimate of a stored sketch is the estimate of the sketch (the stored form changes
  /// nothing of it).
  @Test func aStoredSketchEstimatesTheSame() throws {
    var hashes = Hashes(state: 5)
    var sketch = VisitorSketch()
    for _ in 0..<120 { sketch.add(hashes.next()) }
    let read = try #require(VisitorSketch(stored: sketch.stored))
    #expect(read.estimate == sketch.estimate)
    #expect(abs(read.estimate - 120) <= 3, "\(read.estimate)")
  }
}
