public import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
public final class TemporaryDirectory {
  /// The directory.
  public let url: URL

  /// Creates the directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("linkgen-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// A path inside the directory.
  public func file(_ name: String) -> URL {
    url.appendingPathComponent(name)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
