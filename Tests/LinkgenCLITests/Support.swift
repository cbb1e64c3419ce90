import Foundation
import Testing

/// Runs programs (the built `linkgen`, Chromium) and collects what they print.
enum Run {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// Runs `executable` with `arguments`, killing it after `timeout` seconds. Output goes
  /// through temporary files, so a chatty program cannot block on a full pipe.
  static func program(
    _ executable: String,
    _ arguments: [String],
    directory: URL? = nil,
    timeout: TimeInterval = 60
  ) throws -> Result {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkgen-run-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let out = scratch.appendingPathComponent("out")
    let err = scratch.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      Issue.record("\(executable) did not finish within \(Int(timeout)) s")
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self)
    )
  }

}

/// Headless Chromium, when installed (`.ci/run` installs Debian's `chromium`).
enum Chromium {
  static let path: String? = {
    let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(
      separator: ":"
    ) {
      for name in names where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
        return "\(directory)/\(name)"
      }
    }
    return nil
  }()

  static let missing =
    "Chromium is not installed (apt-get install chromium); skipping the browser tests"

  /// Loads `file` and returns the DOM after load, with the console log (CSP reports).
  static func dumpDOM(_ file: URL) throws -> (dom: String, log: String) {
    let result = try run(["--dump-dom", file.absoluteString])
    #expect(result.status == 0, "chromium failed: \(result.stderr.suffix(2000))")
    return (result.stdout, result.stderr)
  }

  /// Loads a URL (a served page) as a browser with the given user agent; returns the DOM after
  /// load, with the console log.
  static func dumpDOM(url: String, userAgent: String? = nil) throws -> (dom: String, log: String) {
    let agent = userAgent.map { ["--user-agent=\($0)"] } ?? []
    let result = try run(agent + ["--dump-dom", url])
    #expect(result.status == 0, "chromium failed: \(result.stderr.suffix(2000))")
    return (result.stdout, result.stderr)
  }

  /// Takes a screenshot of a URL (a served page) in a window of the given size.
  static func screenshot(url: String, to png: URL, width: Int, height: Int) throws {
    let result = try run([
      "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)", url,
    ])
    #expect(result.status == 0, "chromium failed: \(result.stderr.suffix(2000))")
  }

  /// Takes a screenshot of `file` in a phone-sized window.
  static func screenshot(_ file: URL, to png: URL, width: Int = 390, height: Int = 844) throws {
    let result = try run([
      "--hide-scrollbars", "--window-size=\(width),\(height)", "--screenshot=\(png.path)",
      file.absoluteString,
    ])
    #expect(result.status == 0, "chromium failed: \(result.stderr.suffix(2000))")
  }

  private static func run(_ arguments: [String]) throws -> Run.Result {
    let chromium = try #require(path, "\(missing)")
    let profile = try Linkgen.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: profile) }
    return try Run.program(
      chromium,
      [
        "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
        "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0",
      ] + arguments,
      timeout: 90
    )
  }
}
