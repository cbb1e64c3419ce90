#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds keys the route table format does not define. JSONDecoder ignores them, but in a
/// hand-written file an unknown key is almost always a typo (`teamId` for `teamID`) that would
/// otherwise be dropped without a word.
enum UnknownKeys {
  /// The keys each object of the format may have, by the path of the object (`[]` stands for
  /// any array element).
  static let schema: [String: [String]] = [
    "": ["$schema", "app", "routes", "association", "pages"],
    "app": ["name", "scheme", "domains", "ios", "android", "web"],
    "app.ios": ["teamID", "bundleID", "appStoreID"],
    "app.android": ["package", "sha256CertFingerprints"],
    "association": ["excludes", "excludeFragments", "webCredentials", "appClipBundleID"],
    "pages": ["templates", "image", "imageAlt", "twitterSite", "themeColor"],
    "routes[]": ["name", "summary", "parameters", "scheme", "universal"],
    "routes[].parameters[]": [
      "name", "type", "optional", "default", "min", "max", "minLength", "maxLength",
      "allowedCharacters", "values", "allowNil",
    ],
  ]

  /// One problem per unknown key, in no particular order but sorted by field for stable
  /// messages. Returns no problems for input that is not JSON: the decoder reports that.
  static func problems(in data: Data) -> [RouteTableError.Problem] {
    guard let root = try? JSONDecoder().decode(JSONTree.self, from: data) else { return [] }
    var problems: [RouteTableError.Problem] = []
    walk(root, schemaPath: "", field: "", route: nil, into: &problems)
    return problems.sorted { $0.field < $1.field }
  }

  private static func walk(
    _ node: JSONTree,
    schemaPath: String,
    field: String,
    route: String?,
    into problems: inout [RouteTableError.Problem]
  ) {
    switch node {
    case .object(let members):
      guard let allowed = schema[schemaPath] else { return }
      var route = route
      if schemaPath == "routes[]", case .string(let name)? = members["name"] { route = name }
      for (key, value) in members {
        let childField = field.isEmpty ? key : "\(field).\(key)"
        guard allowed.contains(key) else {
          problems.append(
            .init(route: route, field: childField, message: unknownKeyMessage(key, allowed))
          )
          continue
        }
        let childSchema = schemaPath.isEmpty ? key : "\(schemaPath).\(key)"
        walk(value, schemaPath: childSchema, field: childField, route: route, into: &problems)
      }
    case .array(let elements):
      for (index, element) in elements.enumerated() {
        walk(
          element,
          schemaPath: schemaPath + "[]",
          field: "\(field)[\(index)]",
          route: route,
          into: &problems
        )
      }
    case .scalar, .string:
      return
    }
  }

  private static func unknownKeyMessage(_ key: String, _ allowed: [String]) -> String {
    let known = allowed.filter { $0 != "$schema" }.joined(separator: ", ")
    if let near = allowed.first(where: { $0.lowercased() == key.lowercased() }) {
      return "unknown key '\(key)'; did you mean '\(near)'?"
    }
    return "unknown key '\(key)'; the keys here are \(known)"
  }
}

/// Any JSON value, enough to walk an object tree.
private enum JSONTree: Decodable {
  case object([String: JSONTree])
  case array([JSONTree])
  case string(String)
  case scalar

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: JSONTree] = [:]
      for key in object.allKeys {
        members[key.stringValue] = try object.decode(JSONTree.self, forKey: key)
      }
      self = .object(members)
    } else if var array = try? decoder.unkeyedContainer() {
      var elements: [JSONTree] = []
      while !array.isAtEnd { elements.append(try array.decode(JSONTree.self)) }
      self = .array(elements)
    } else if let string = try? decoder.singleValueContainer().decode(String.self) {
      self = .string(string)
    } else {
      self = .scalar
    }
  }

  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}
