import Foundation
import LinkKit
import LinkgenTestSupport
import Testing

/// Paths and tables shared by the tests.
enum Fixtures {
  static let packageRoot = PackagePaths.root

  static let exampleNames = ["openlist", "photos"]

  static func example(_ name: String) throws -> RouteTable {
    try RouteTable(contentsOf: PackagePaths.example(name))
  }

  static let openlist: RouteTable = {
    do { return try example("openlist") } catch { fatalError("\(error)") }
  }()

  static let photos: RouteTable = {
    do { return try example("photos") } catch { fatalError("\(error)") }
  }()

  static let id = UUID(
    uuid: (
      0x3F, 0x25, 0x04, 0xE0, 0x4F, 0x89, 0x11, 0xD3, 0x9A, 0x0C, 0x03, 0x05, 0xE8, 0x2C, 0x33, 0x01
    )
  )
  static let idText = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  /// A table from JSON text, for validation tests.
  static func table(_ json: String) throws(RouteTableError) -> RouteTable {
    try RouteTable(json: Data(json.utf8), source: "test.json")
  }

  /// A minimal valid app section, to splice into test tables.
  static let app = """
    "app": {
      "scheme": "openlist",
      "domains": ["openlist.example.com"],
      "ios": { "teamID": "ABCDE12345", "bundleID": "com.example.openlist", "appStoreID": "1234567890" },
      "android": {
        "package": "com.example.openlist",
        "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]
      }
    }
    """

  /// A table with the minimal app and the given routes (a JSON array's contents).
  static func table(routes: String) throws(RouteTableError) -> RouteTable {
    try table("{ \(app), \"routes\": [\(routes)] }")
  }
}

/// The typed route of the openlist example's `shared-checklist`.
struct SharedChecklist: LinkRoute, Codable, Equatable {
  static let routeName = "shared-checklist"
  var id: UUID
}

/// The typed route of the openlist example's `checklist`, with an enum, a bool and defaults.
struct Checklist: LinkRoute, Codable, Equatable {
  static let routeName = "checklist"
  enum Layout: String, Codable, LinkValueConvertible { case list, board }
  var list: UUID
  var layout: Layout
  var showDone: Bool
  var page: Int
}

/// The openlist `search` route, written by hand without Codable.
struct Search: LinkRoute, Equatable {
  static let routeName = "search"
  var query: String
  var from: String?

  init(query: String, from: String? = nil) {
    self.query = query
    self.from = from
  }

  init(routeValues: RouteValues) throws(LinkError) {
    query = try routeValues.require("query")
    from = try routeValues.optional("from")
  }

  func encode(to routeValues: inout RouteValues) throws(LinkError) {
    try routeValues.set(query, for: "query")
    try routeValues.set(from, for: "from")
  }
}
