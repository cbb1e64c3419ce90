import Foundation
import QRTestSupport
import Testing

/// Runs the built `linkgen` executable, which SwiftPM builds next to the test bundle.
enum CLI {
  static let executable: URL? = {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    candidates.append(Bundle.main.bundleURL)
    candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
    return candidates.map { $0.appendingPathComponent("linkgen") }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()

  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  static let openlist = packageRoot.appendingPathComponent("Examples/openlist/linkgen.json").path

  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  static func run(_ arguments: [String], input: String? = nil) throws -> Result {
    let linkgen = try #require(executable, "the linkgen executable is not built")
    let result = try Scanner.run(linkgen.path, arguments, input: input.map { Data($0.utf8) })
    return Result(
      status: result.status,
      output: String(decoding: result.output, as: UTF8.self),
      errors: String(decoding: result.errors, as: UTF8.self)
    )
  }

  /// Starts `linkgen` without waiting for it.
  static func start(_ arguments: [String]) throws -> Process {
    let linkgen = try #require(executable, "the linkgen executable is not built")
    let process = Process()
    process.executableURL = linkgen
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }
}
