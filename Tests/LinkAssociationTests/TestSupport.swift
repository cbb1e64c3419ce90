import Foundation
import LinkKit
import LinkgenTestSupport

@testable import LinkAssociation

/// Paths of the package and the shared conformance data beside it.
enum Paths {
  static let root = PackagePaths.root
  /// `../shared/testdata`, next to the package.
  static let testdata = PackagePaths.sharedTestdata
  static var hasSharedData: Bool { PackagePaths.hasSharedTestdata }

  static func example(_ name: String) throws -> RouteTable {
    try RouteTable(contentsOf: PackagePaths.example(name))
  }
}

/// An AASA file from a JSON literal.
func aasa(_ json: String) -> AASAFile {
  AASAFile(Array(json.utf8))
}

/// A one-detail AASA with the given components (JSON array text) and optional extras.
func components(
  _ components: String,
  defaults: String? = nil,
  detailDefaults: String? = nil,
  variables: String? = nil
)
  -> AASAFile
{
  var applinks: [String] = []
  if let defaults { applinks.append("\"defaults\": \(defaults)") }
  if let variables { applinks.append("\"substitutionVariables\": \(variables)") }
  var detail = ["\"appIDs\": [\"ABCDE12345.com.example.app\"]", "\"components\": \(components)"]
  if let detailDefaults { detail.append("\"defaults\": \(detailDefaults)") }
  applinks.append("\"details\": [{\(detail.joined(separator: ", "))}]")
  return aasa("{\"applinks\": {\(applinks.joined(separator: ", "))}}")
}

/// A table from JSON text.
func table(_ json: String) throws -> RouteTable {
  try RouteTable(json: Data(json.utf8), source: "test.json")
}
