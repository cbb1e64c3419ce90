import Foundation
import LinkgenTestSupport
import Testing

/// A `linkgen serve` process on a free loopback port (`--port 0`; the port is read from the
/// line it prints), stopped with a signal.
final class ServerProcess {
  let process: Process
  let port: Int
  private let scratch: TemporaryDirectory
  private let outURL: URL
  private let errURL: URL

  /// Starts `linkgen serve --port 0` with the arguments (the OpenList table by default) and
  /// waits until it listens; with `--no-database` unless the arguments name a `--database` or
  /// `defaultDatabase` asks for the default one (in `directory`).
  init(
    _ arguments: [String] = Linkgen.openlist,
    in directory: URL? = nil,
    defaultDatabase: Bool = false
  ) throws {
    scratch = try TemporaryDirectory()
    outURL = scratch.file("out")
    errURL = scratch.file("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    process = Process()
    process.executableURL = Linkgen.executable
    process.arguments =
      ["serve", "--port", "0"] + arguments
      + (arguments.contains("--database") || defaultDatabase ? [] : ["--no-database"])
    process.currentDirectoryURL = directory ?? Linkgen.packageRoot
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(60)
    var found: Int?
    while found == nil && Date() < deadline && process.isRunning {
      let output = (try? String(contentsOf: outURL, encoding: .utf8)) ?? ""
      if let range = output.range(of: "listening on http://127.0.0.1:") {
        found = Int(output[range.upperBound...].prefix { $0.isNumber })
      } else {
        Thread.sleep(forTimeInterval: 0.01)
      }
    }
    guard let found else {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      let log = (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
      throw HTTPClientError(description: "linkgen serve did not start: \(log)")
    }
    port = found
  }

  deinit {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// What it wrote to standard error so far (the log).
  var log: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
  /// What it wrote to standard output so far.
  var output: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }

  /// Sends `signal` and waits (at most `timeout` seconds) for the exit status.
  @discardableResult
  func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 30) -> Int32? {
    kill(process.processIdentifier, signal)
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    guard !process.isRunning else { return nil }
    return process.terminationStatus
  }

  /// One request on a fresh connection.
  func get(
    _ target: String,
    method: String = "GET",
    headers: [(String, String)] = []
  ) throws -> WireResponse {
    try HTTPConnection.get(port: port, target, method: method, headers: headers)
  }

  /// `http://127.0.0.1:<port><target>`.
  func url(_ target: String) -> String { "http://127.0.0.1:\(port)\(target)" }
}
