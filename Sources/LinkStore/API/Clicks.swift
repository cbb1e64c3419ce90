public import Foundation

/// A UTC calendar day, the unit click counters are kept in.
public struct ClickDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Days since 1970-01-01.
  public let daysSince1970: Int

  /// The day of a count of days since 1970-01-01.
  public init(daysSince1970: Int) {
    self.daysSince1970 = daysSince1970
  }

  /// The UTC day a moment falls on.
  public init(_ date: Date) {
    daysSince1970 = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
  }

  /// Reads `YYYY-MM-DD`; `nil` when the text is not a valid date.
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    daysSince1970 = Self.days(year: year, month: month, day: day)
  }

  /// The first moment of the day.
  public var start: Date { Date(timeIntervalSince1970: Double(daysSince1970) * 86_400) }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (year, month, day) = Self.civil(daysSince1970)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day))"
  }

  /// Orders days in time.
  public static func < (lhs: ClickDay, rhs: ClickDay) -> Bool {
    lhs.daysSince1970 < rhs.daysSince1970
  }

  // Howard Hinnant's days-from-civil and civil-from-days algorithms (proleptic Gregorian).
  private static func days(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
  }

  private static func civil(_ days: Int) -> (Int, Int, Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}

/// The platform a hit came from, as the server reads it from the request.
public enum ClickPlatform: String, Sendable, Hashable, CaseIterable {
  /// iPhone, iPad, iPod.
  case ios
  /// Android phones and tablets.
  case android
  /// Desktop browsers.
  case desktop
  /// Anything else, and bots.
  case other
}

/// Why a hit was not counted as a person.
public struct BotReason: Sendable, Hashable, CustomStringConvertible {
  /// The kind of reason.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A `HEAD`, `OPTIONS` or other non-`GET` request (X sends `HEAD`s with browser user
    /// agents; no person's tap makes one).
    case method
    /// A known crawler or link-preview fetcher (`facebookexternalhit`, `Slackbot`, `AASA-Bot`…).
    case crawler
    /// A browser prefetch, prerender or preview (`Sec-Purpose: prefetch`, `X-Moz: prefetch`,
    /// `X-Purpose: preview`…), not a tap.
    case prefetch
    /// An HTTP library or headless browser (`curl`, `python-requests`, `HeadlessChrome`…).
    case automation
    /// No `User-Agent` header at all.
    case noUserAgent = "no-user-agent"
  }

  /// The kind of reason.
  public let kind: Kind
  /// What matched: the method, or the crawler's token (`HEAD`, `facebookexternalhit`).
  public let detail: String?

  /// Creates a reason; the detail is cut to 64 characters of `a`–`z`, `0`–`9`, `.`, `-`, `_`.
  public init(_ kind: Kind, _ detail: String? = nil) {
    self.kind = kind
    self.detail = detail.map { ClickText.token($0, limit: 64) }.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `kind` or `kind:detail`, as stored and as the stats print it.
  public var description: String {
    detail.map { "\(kind.rawValue):\($0)" } ?? kind.rawValue
  }
}

/// Whether a hit was a person, or a bot and why.
public enum Visitor: Sendable, Hashable {
  /// A person (as far as the request tells).
  case human
  /// Not a person; kept and counted apart, never dropped.
  case bot(BotReason)
}

/// One hit the server saw, before it is counted. Holds no address and no full user agent: only
/// the buckets it is counted in, and, for the unique-visitor estimate, a hash that tells the
/// same visitor apart from others on one day only (``visitorHash``).
public struct ClickEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A landing page or short link was served.
    case page
    /// The page's "Get the app" button sent the visitor to a store (the Play Store link carries
    /// the deep link in its install referrer; on iOS the button copied the link first).
    case storeTap = "store"
    /// The app reported, on its first launch, a deep link it restored after install (from the
    /// Play Install Referrer or the clipboard): a deferred deep link that worked.
    case deferredOpen = "deferred"
    /// A printed code was scanned: a short link or landing page requested with the scan
    /// marker (``ScanMarker``, `src=qr`) that `--count-scans` puts in the code. Counted apart
    /// from ``page`` (a scan is not also a click).
    case scan
  }

  /// What happened.
  public var kind: Kind
  /// When (only the UTC day is kept).
  public var date: Date
  /// The route of the page.
  public var route: String
  /// The short-link code, when the hit came through one.
  public var code: String?
  /// A person, or a bot and why.
  public var visitor: Visitor
  /// The platform.
  public var platform: ClickPlatform
  /// The in-app browser the page was opened in (`instagram`, `facebook`, `kakaotalk`…), if any.
  public var browser: String?
  /// The referring site's host name only (`news.example.com`), if any.
  public var referrerHost: String?
  /// For the unique-visitor estimate of people's page visits: a 64-bit hash of who the visitor
  /// is (the server hashes the client's address and user agent with a random salt made for
  /// each UTC day, shared by the server's copies through the database and deleted once its day
  /// has passed, so the hash cannot be matched across days), or `nil` to leave the visit out
  /// of the estimate. It only ever updates a sketch
  /// (``StatsRow/visitors``); it is not stored.
  public var visitorHash: UInt64?

  /// Creates an event.
  public init(
    kind: Kind = .page,
    date: Date = Date(),
    route: String,
    code: String? = nil,
    visitor: Visitor,
    platform: ClickPlatform,
    browser: String? = nil,
    referrerHost: String? = nil,
    visitorHash: UInt64? = nil
  ) {
    self.visitorHash = visitorHash
    self.kind = kind
    self.date = date
    self.route = route
    self.code = code
    self.visitor = visitor
    self.platform = platform
    self.browser = browser
    self.referrerHost = referrerHost
  }
}

/// Tells people from bots by what a request shows, without storing any of it.
///
/// The rules, in order: a method other than `GET` (or `POST` for events) is a bot (``BotReason/Kind/method``);
/// a prefetch, prerender or preview (a purpose header — `Sec-Purpose`, `Purpose`, `X-Moz` or
/// `X-Purpose` — naming `prefetch`, `prerender` or `preview`) is not a tap; a crawler the server's own user-agent table recognised is one; no user agent is
/// one; a user agent holding one of ``automationTokens`` or ``crawlerTokens`` is one.
/// Everything else is a person.
public enum ClickClassifier {
  /// Substrings (lower case) of link-preview fetchers, crawlers and association-file fetchers.
  /// Only the fetchers' own tokens: apps whose in-app browsers carry their name (Snapchat,
  /// Pinterest, Daum, Viber…) are people and must not match.
  public static let crawlerTokens = [
    "aasa-bot", "swcd", "facebookexternalhit", "facebookcatalog", "meta-externalagent",
    "twitterbot", "slackbot", "slack-imgproxy", "discordbot", "linkedinbot", "telegrambot",
    "whatsapp/", "applebot", "googlebot", "google-inspectiontool", "googleother", "adsbot-google",
    "mediapartners-google", "apis-google", "feedfetcher-google", "google-read-aloud",
    "bingbot", "bingpreview", "yandexbot", "baiduspider", "duckduckbot", "petalbot",
    "kakaotalk-scrap", "daumoa", "naverbot", "yeti/", "skypeuripreview", "embedly", "iframely",
    "pinterestbot", "redditbot", "vkshare", "mastodon/", "pleroma", "misskey", "akkoma",
    "cardyb", "snap url preview", "line-poker", "zoominfobot", "chrome-lighthouse", "gptbot",
    "chatgpt-user", "claudebot", "perplexitybot",
  ]

  /// Substrings (lower case) of HTTP libraries, headless browsers and generic robots.
  public static let automationTokens = [
    "bot/", "bot-", "bot (", "bot;", "crawler", "spider", "scraper", "curl/", "wget/",
    "python-requests", "python-urllib", "aiohttp", "httpx", "go-http-client", "java/",
    "okhttp/", "apache-httpclient", "libwww-perl", "node-fetch", "axios/", "undici",
    "headlesschrome", "phantomjs", "puppeteer", "playwright", "wrk", "hey/", "k6/",
  ]

  /// Classifies a request.
  ///
  /// - Parameters:
  ///   - method: The HTTP method.
  ///   - userAgent: The `User-Agent` header, if any (read, never stored).
  ///   - purpose: The request's purpose header (`Sec-Purpose`, `Purpose`, `X-Moz` or
  ///     `X-Purpose`), if any.
  ///   - knownCrawler: The name of the crawler the server's user-agent table matched, if any.
  ///   - allowPost: Whether `POST` is a person's method here (event beacons).
  public static func classify(
    method: String,
    userAgent: String?,
    purpose: String? = nil,
    knownCrawler: String? = nil,
    allowPost: Bool = false
  ) -> Visitor {
    let method = method.uppercased()
    guard method == "GET" || (allowPost && method == "POST") else {
      return .bot(BotReason(.method, method))
    }
    if let purpose = purpose?.lowercased(),
      purpose.contains("prefetch") || purpose.contains("prerender")
        || purpose.contains("preview")
    {
      return .bot(BotReason(.prefetch))
    }
    if let knownCrawler { return .bot(BotReason(.crawler, knownCrawler)) }
    guard let userAgent, !userAgent.allSatisfy({ $0 == " " }) else {
      return .bot(BotReason(.noUserAgent))
    }
    let lowered = userAgent.lowercased()
    if let token = crawlerTokens.first(where: { lowered.contains($0) }) {
      return .bot(BotReason(.crawler, token))
    }
    if let token = automationTokens.first(where: { lowered.contains($0) }) {
      return .bot(BotReason(.automation, token))
    }
    return .human
  }
}

/// Bounded, lower-case tokens for the values counters are keyed by.
enum ClickText {
  /// `text` lower-cased, with anything but `a`–`z`, `0`–`9`, `.`, `-`, `_` dropped, cut to
  /// `limit` characters.
  static func token(_ text: String, limit: Int) -> String {
    var bytes: [UInt8] = []
    for byte in text.lowercased().utf8 {
      guard bytes.count < limit else { break }
      if (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2E
        || byte == 0x2D || byte == 0x5F
      {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
