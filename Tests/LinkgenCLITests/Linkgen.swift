import Foundation
import Testing

/// Runs the built `linkgen` executable, as a user would.
struct Linkgen {
  struct Result {
    var status: Int32
    var output: String
    var error: String
  }

  /// The package root, found from this file's path.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The executable, built beside the test bundle (the test target depends on it).
  static let executable: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("linkgen")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/linkgen")
  }()

  static let openlist = [
    "--config", packageRoot.appendingPathComponent("Examples/openlist/linkgen.json").path,
  ]
  static let photos = [
    "--config", packageRoot.appendingPathComponent("Examples/photos/linkgen.json").path,
  ]

  private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

  /// Runs `linkgen` with text on standard input.
  static func run(_ arguments: [String], input: String, in directory: URL? = nil) throws -> Result {
    try run(arguments, input: Data(input.utf8), in: directory)
  }

  /// A fresh empty directory under the system temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkgen-tests-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Runs `linkgen` with the arguments (and standard input), in `directory` (by default the
  /// package root, so relative paths such as `Examples/…` work).
  static func run(
    _ arguments: [String],
    input: Data? = nil,
    in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    // linkgen may exit before reading all its input (it refuses over-long input early);
    // writing the rest must not kill the test process.
    _ = ignoreBrokenPipes
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory ?? packageRoot
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let output = Pipe()
    let error = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = standardInput
    try process.run()
    let writer = Thread {
      if let input { try? standardInput.fileHandleForWriting.write(contentsOf: input) }
      try? standardInput.fileHandleForWriting.close()
    }
    writer.start()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self)
    )
  }
}
