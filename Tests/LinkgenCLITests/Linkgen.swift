import Foundation
import LinkgenTestSupport
import Testing

/// Runs the built `linkgen` executable, as a user would.
enum Linkgen {
  typealias Result = ProcessRunner.Result

  /// The package root.
  static let packageRoot = PackagePaths.root

  /// The executable, built beside the test bundle (the test target depends on it).
  static let executable = ServeProcess.linkgen

  static let openlist = ["--config", PackagePaths.example("openlist").path]
  static let photos = ["--config", PackagePaths.example("photos").path]

  /// Runs `linkgen` with text on standard input.
  static func run(_ arguments: [String], input: String, in directory: URL? = nil) throws -> Result {
    try run(arguments, input: Data(input.utf8), in: directory)
  }

  /// Runs `linkgen` with the arguments (and standard input), in `directory` (by default the
  /// package root, so relative paths such as `Examples/…` work).
  static func run(
    _ arguments: [String],
    input: Data? = nil,
    in directory: URL? = nil,
    environment: [String: String] = [:]
  ) throws -> Result {
    try ProcessRunner.run(
      executable,
      arguments,
      input: input,
      in: directory ?? packageRoot,
      environment: environment
    )
  }
}
