public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program as a user would and collects what it prints: the built `linkgen`,
/// Chromium, the QR decoders. Output goes through temporary files, so a chatty program cannot
/// block on a full pipe; a program still running after `timeout` seconds is killed and the
/// test fails.
public enum ProcessRunner {
  /// What a program did.
  public struct Result: Sendable {
    /// The exit status.
    public let status: Int32
    /// Standard output, as UTF-8 text.
    public let output: String
    /// Standard error, as UTF-8 text.
    public let error: String
  }

  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Runs `executable` with `arguments` (and `input` on standard input) in `directory`, with
  /// `environment` added to this process's.
  public static func run(
    _ executable: URL,
    _ arguments: [String],
    input: Data? = nil,
    in directory: URL? = nil,
    environment: [String: String] = [:],
    timeout: TimeInterval = 120
  ) throws -> Result {
    // A program may exit before reading all its input (linkgen refuses over-long input
    // early); writing the rest must not kill the test process.
    _ = ignoreBrokenPipes
    let scratch = try TemporaryDirectory()
    let out = scratch.file("out")
    let err = scratch.file("err")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    _ = FileManager.default.createFile(atPath: err.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = try FileHandle(forWritingTo: err)
    let standardInput = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : standardInput
    try process.run()
    if let input {
      let writer = Thread {
        try? standardInput.fileHandleForWriting.write(contentsOf: input)
        try? standardInput.fileHandleForWriting.close()
      }
      writer.start()
    }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
      throw TimedOut(executable: executable.lastPathComponent, seconds: timeout)
    }
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: try Data(contentsOf: out), as: UTF8.self),
      error: String(decoding: try Data(contentsOf: err), as: UTF8.self)
    )
  }

  /// A program did not finish in time.
  public struct TimedOut: Error, CustomStringConvertible {
    let executable: String
    let seconds: TimeInterval
    /// `<program> did not finish within <n> s`.
    public var description: String { "\(executable) did not finish within \(Int(seconds)) s" }
  }

  /// The first executable of these names on `PATH`, or `nil`.
  public static func find(_ names: [String]) -> URL? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      for name in names where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
        return URL(fileURLWithPath: "\(directory)/\(name)")
      }
    }
    return nil
  }

  /// The first executable of these names on `PATH`, else `fallback` when it is one (a daemon in
  /// `/usr/sbin`, which a user's `PATH` may leave out).
  public static func find(_ names: [String], orAt fallback: String) -> URL? {
    find(names)
      ?? (FileManager.default.isExecutableFile(atPath: fallback)
        ? URL(fileURLWithPath: fallback) : nil)
  }
}
