public import Foundation

/// Where things are, for the tests of every target: the package root (found from this
/// file's path), its examples, and the shared conformance data beside the checkout.
public enum PackagePaths {
  /// The package root.
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// `Examples/<name>/linkgen.json`.
  public static func example(_ name: String) -> URL {
    root.appendingPathComponent("Examples/\(name)/linkgen.json")
  }

  /// `../shared/testdata`: real-world AASA and assetlinks files no one here wrote. Tests that
  /// read it skip with a message when it is absent (``hasSharedTestdata``).
  public static let sharedTestdata = root.deletingLastPathComponent()
    .appendingPathComponent("shared/testdata")

  /// Whether ``sharedTestdata`` is there.
  public static var hasSharedTestdata: Bool {
    FileManager.default.fileExists(
      atPath: sharedTestdata.appendingPathComponent("aasa/SOURCES.md").path
    )
  }
}
