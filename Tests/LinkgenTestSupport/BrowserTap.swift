public import Foundation

/// A person's tap on a page's button in headless Chromium, driven over the DevTools protocol
/// by `Tests/Fixtures/tap.py` (Python's standard library only): the page loads with clipboard
/// permission for its origin, a trusted mouse click lands on the button's centre, the store
/// navigation that follows is paused and answered locally, the browser's pings are collected,
/// and the clipboard is read back from a second page of the same origin.
public enum BrowserTap {
  /// What the tap did.
  public struct Report: Decodable, Sendable {
    /// The URL the tap navigated to (the first request matching an intercepted prefix).
    public let navigated: String?
    /// The clipboard's text after the tap.
    public let clipboard: String?
    /// The pings the browser sent.
    public let pings: [Ping]
    /// `securitypolicyviolation` events before the tap (`script-src-elem inline`…).
    public let violations: [String]?
    /// The page's console log (Chromium writes policy violations there).
    public let log: [String]
    /// With `inject`: which foreign scripts ran (`foreign-script`, `inline-handler`,
    /// `changed-copy-N`: the page's own script N with a statement added) and how many scripts
    /// the page has (`own-scripts`).
    public let injected: [String: Int]?
    /// The button's text.
    public let text: String
    /// The button's `data-copy` attribute.
    public let copy: String?
    /// The button's `href` attribute.
    public let href: String?
    /// The button's `ping` attribute.
    public let ping: String?
  }

  /// A ping as the browser sent it.
  public struct Ping: Decodable, Sendable {
    /// The URL pinged.
    public let url: String
    /// `POST`.
    public let method: String
    /// `PING`.
    public let body: String?
    /// The request's headers (`Ping-From`, `Ping-To`…).
    public let headers: [String: String]
  }

  /// Chromium, or `nil`.
  public static let chromium = ProcessRunner.find([
    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
  ])
  /// python3, or `nil`.
  public static let python = ProcessRunner.find(["python3"])
  /// Whether both are there.
  public static let isAvailable = chromium != nil && python != nil
  /// Why a test skips.
  public static let missing =
    "Chromium or python3 is not installed (apt-get install chromium python3); skipping"

  /// Runs blocking work (a browser, a server process) on a thread of its own and waits for
  /// it without holding one of Swift concurrency's shared threads.
  public static func onOwnThread<T: Sendable>(
    _ work: @escaping @Sendable () throws -> T
  ) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread { continuation.resume(with: Result { try work() }) }.start()
    }
  }

  /// One browser at a time from these tests: Chromium takes all of a small machine's cores.
  private static let oneAtATime = NSLock()

  /// Loads `url` with the user agent and language, taps the element `#button`, pausing the
  /// first request that starts with one of `intercept`. Blocks while the browser runs: call
  /// it inside ``onOwnThread(_:)`` from async tests, so that the tests running beside it keep
  /// Swift concurrency's few shared threads (two on a 2-core machine).
  ///
  /// - Parameters:
  ///   - script: `false` runs the page with JavaScript disabled.
  ///   - inject: Tries foreign inline scripts first (see ``Report/injected``).
  public static func tap(
    _ url: String,
    button: String,
    userAgent: String,
    acceptLanguage: String = "en",
    intercept: [String],
    script: Bool = true,
    inject: Bool = false
  ) throws -> Report {
    guard let chromium, let python else { throw Missing() }
    oneAtATime.lock()
    defer { oneAtATime.unlock() }
    var arguments = [
      PackagePaths.root.appendingPathComponent("Tests/Fixtures/tap.py").path,
      "--chromium", chromium.path, "--url", url, "--button", button,
      "--user-agent", userAgent, "--accept-language", acceptLanguage,
    ]
    for prefix in intercept { arguments += ["--intercept", prefix] }
    if !script { arguments.append("--no-script") }
    if inject { arguments.append("--inject") }
    let result = try ProcessRunner.run(python, arguments, timeout: 120)
    guard result.status == 0 else { throw Failed(message: result.error.suffix(3000).description) }
    do {
      return try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
    } catch {
      throw Failed(message: "unreadable report: \(error)\n\(result.output.prefix(2000))")
    }
  }

  /// Chromium or python3 is absent.
  public struct Missing: Error, CustomStringConvertible {
    /// Why.
    public var description: String { BrowserTap.missing }
  }

  /// The driver failed.
  public struct Failed: Error, CustomStringConvertible {
    let message: String
    /// What failed.
    public var description: String { "tap.py failed: \(message)" }
  }
}
