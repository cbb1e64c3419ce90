import Foundation
import LinkgenTestSupport
import Testing

/// Headless Chromium, when installed (`.ci/run` installs Debian's `chromium`).
enum Chromium {
  static let path = ProcessRunner.find([
    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
  ])

  static let missing =
    "Chromium is not installed (apt-get install chromium); skipping the browser tests"

  /// Loads `file` and returns the DOM after load, with the console log (CSP reports).
  static func dumpDOM(_ file: URL) throws -> (dom: String, log: String) {
    let result = try run(["--dump-dom", file.absoluteString])
    #expect(result.status == 0, "chromium failed: \(result.error.suffix(2000))")
    return (result.output, result.error)
  }

  /// Loads a URL (a served page) as a browser with the given user agent; returns the DOM after
  /// load, with the console log.
  static func dumpDOM(url: String, userAgent: String? = nil) throws -> (dom: String, log: String) {
    let agent = userAgent.map { ["--user-agent=\($0)"] } ?? []
    let result = try run(agent + ["--dump-dom", url])
    #expect(result.status == 0, "chromium failed: \(result.error.suffix(2000))")
    return (result.output, result.error)
  }

  /// Takes a screenshot of a URL (a served page) in a window of the given size.
  static func screenshot(url: String, to png: URL, width: Int, height: Int) throws {
    let result = try run([
      "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)", url,
    ])
    #expect(result.status == 0, "chromium failed: \(result.error.suffix(2000))")
  }

  /// Takes a screenshot of `file` in a phone-sized window.
  static func screenshot(_ file: URL, to png: URL, width: Int = 390, height: Int = 844) throws {
    let result = try run([
      "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)",
      file.absoluteString,
    ])
    #expect(result.status == 0, "chromium failed: \(result.error.suffix(2000))")
  }

  private static func run(_ arguments: [String]) throws -> ProcessRunner.Result {
    let chromium = try #require(path, "\(missing)")
    let profile = try TemporaryDirectory()
    return try ProcessRunner.run(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=\(profile.url.path)", "--enable-logging=stderr", "--v=0",
      ] + arguments,
      timeout: 90
    )
  }
}
