import Foundation
import Testing

/// Runs the built `linkgen` executable, found next to the test bundle.
enum LinkgenProcess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// `linkgen` beside the test bundle (`.build/<triple>/debug/`), wherever `swift test` put it.
  static var executable: URL? {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      var directory = URL(fileURLWithPath: first).deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent("linkgen"))
        directory = directory.deletingLastPathComponent()
      }
    }
    candidates.append(Bundle.main.bundleURL.appendingPathComponent("linkgen"))
    candidates.append(
      Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("linkgen")
    )
    candidates.append(root.appendingPathComponent(".build/debug/linkgen"))
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }

  /// Runs `linkgen arguments…` in the package root, feeding `input` on standard input.
  static func run(_ arguments: [String], input: String? = nil) throws -> Result {
    let binary = try #require(executable, "the linkgen executable was not built next to the tests")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = root
    let output = Pipe()
    let errors = Pipe()
    let standardInput = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = standardInput
    try process.run()
    if let input { standardInput.fileHandleForWriting.write(Data(input.utf8)) }
    try standardInput.fileHandleForWriting.close()
    // Read both pipes before waiting, so a large output cannot block the child.
    let outData = output.fileHandleForReading.readDataToEndOfFile()
    let errData = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus,
      stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self)
    )
  }

  /// A fresh empty directory under the system temporary directory.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkgen-tests-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
