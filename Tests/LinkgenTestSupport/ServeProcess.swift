public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real `linkgen serve` process on a free loopback port (`--port 0`; the port is read from the
/// line it prints), its output kept in a temporary directory, stopped with `SIGTERM` at the end.
public final class ServeProcess {
  /// The running server.
  public let process = Process()
  /// The loopback port it listens on.
  public let port: Int
  private let scratch: TemporaryDirectory

  /// Starts `linkgen serve --port 0` followed by `arguments` (give the table and the database)
  /// in `directory` (the package root by default), and waits at most 30 s until it listens.
  public init(
    _ arguments: [String],
    executable: URL = ServeProcess.linkgen,
    in directory: URL? = nil
  )
    throws
  {
    scratch = try TemporaryDirectory()
    for name in ["out", "err"] {
      _ = FileManager.default.createFile(atPath: scratch.file(name).path, contents: nil)
    }
    process.executableURL = executable
    process.arguments = ["serve", "--port", "0"] + arguments
    process.currentDirectoryURL = directory ?? PackagePaths.root
    process.standardOutput = try FileHandle(forWritingTo: scratch.file("out"))
    process.standardError = try FileHandle(forWritingTo: scratch.file("err"))
    process.standardInput = FileHandle.nullDevice
    try process.run()
    var found: Int?
    let deadline = Date().addingTimeInterval(60)
    while found == nil, Date() < deadline, process.isRunning {
      let output = Self.read(scratch.file("out"))
      if let range = output.range(of: "listening on http://127.0.0.1:") {
        found = Int(output[range.upperBound...].prefix { $0.isNumber })
      } else {
        Thread.sleep(forTimeInterval: 0.02)
      }
    }
    guard let found else {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
      let log = Self.read(scratch.file("err"))
      throw StartError(description: "linkgen serve did not start: \(log.suffix(2000))")
    }
    port = found
  }

  deinit { stop() }

  /// What it wrote to standard output so far.
  public var output: String { Self.read(scratch.file("out")) }
  /// What it wrote to standard error so far (the log).
  public var log: String { Self.read(scratch.file("err")) }

  private static func read(_ file: URL) -> String {
    (try? String(contentsOf: file, encoding: .utf8)) ?? ""
  }

  /// `http://127.0.0.1:<port>`.
  public var base: String { "http://127.0.0.1:\(port)" }

  /// Sends `SIGTERM` (if it still runs) and waits for the exit.
  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
  }

  /// The built `linkgen`, beside the test bundle (or in `.build/debug`).
  public static let linkgen: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("linkgen")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return PackagePaths.root.appendingPathComponent(".build/debug/linkgen")
  }()

  /// The server did not say it listens.
  public struct StartError: Error, CustomStringConvertible {
    /// What went wrong, with the end of the server's log.
    public let description: String
  }
}
