import Foundation
import Testing

extension Linkgen {
  /// The openlist example's path.
  static let openlistPath = packageRoot.appendingPathComponent("Examples/openlist/linkgen.json")
    .path

  /// Starts `linkgen` without waiting for it (to interrupt it), its output discarded.
  static func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return process
  }
}
