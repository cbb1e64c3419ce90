#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The route table format, written once: each object's keys, their JSON types, which are
/// required, and (for parameters) which type a constraint applies to. The reader, the
/// unknown-key check, the compiler's "does not apply" check and the parameter-type names all
/// come from here; docs/route-table.md describes the same format for people.
struct TableDocument: SchemaObject {
  var app = App()
  var routes: [Route] = []
  var pages: Pages?
  var association: Association?

  static var fields: [SchemaField<Self>] {
    [
      .ignored("$schema"),
      .required("app", \.app, SchemaValue.object),
      .required("routes", \.routes, SchemaValue.objects(naming: "name")),
      .optional("association", \.association, SchemaValue.object),
      .optional("pages", \.pages, SchemaValue.object),
    ]
  }

  struct App: SchemaObject {
    var name: String?
    var scheme = ""
    var domains: [String] = []
    var ios: IOS?
    var android: Android?
    var web: String?

    static var fields: [SchemaField<Self>] {
      [
        .optional("name", \.name, SchemaValue.string),
        .required("scheme", \.scheme, SchemaValue.string),
        .required("domains", \.domains, SchemaValue.strings),
        .optional("ios", \.ios, SchemaValue.object),
        .optional("android", \.android, SchemaValue.object),
        .optional("web", \.web, SchemaValue.string),
      ]
    }
  }

  struct IOS: SchemaObject {
    var teamID = ""
    var bundleID = ""
    var appStoreID: String?

    static var fields: [SchemaField<Self>] {
      [
        .required("teamID", \.teamID, SchemaValue.string),
        .required("bundleID", \.bundleID, SchemaValue.string),
        .optional("appStoreID", \.appStoreID, SchemaValue.string),
      ]
    }
  }

  struct Android: SchemaObject {
    var package = ""
    var sha256CertFingerprints: [String] = []

    static var fields: [SchemaField<Self>] {
      [
        .required("package", \.package, SchemaValue.string),
        .required("sha256CertFingerprints", \.sha256CertFingerprints, SchemaValue.strings),
      ]
    }
  }

  /// The optional `pages` object (see ``PageSettings``).
  struct Pages: SchemaObject {
    var templates: String?
    var image: String?
    var imageAlt: String?
    var twitterSite: String?
    var themeColor: String?

    static var fields: [SchemaField<Self>] {
      [
        .optional("templates", \.templates, SchemaValue.string),
        .optional("image", \.image, SchemaValue.string),
        .optional("imageAlt", \.imageAlt, SchemaValue.string),
        .optional("twitterSite", \.twitterSite, SchemaValue.string),
        .optional("themeColor", \.themeColor, SchemaValue.string),
      ]
    }
  }

  /// The optional `association` object (see ``AssociationSettings``).
  struct Association: SchemaObject {
    var excludes: [String]?
    var excludeFragments: [String]?
    var webCredentials: Bool?
    var appClipBundleID: String?

    static var fields: [SchemaField<Self>] {
      [
        .optional("excludes", \.excludes, SchemaValue.strings),
        .optional("excludeFragments", \.excludeFragments, SchemaValue.strings),
        .optional("webCredentials", \.webCredentials, SchemaValue.bool),
        .optional("appClipBundleID", \.appClipBundleID, SchemaValue.string),
      ]
    }
  }

  struct Route: SchemaObject {
    var name = ""
    var summary: String?
    var parameters: [Parameter]?
    var scheme = ""
    var universal = ""

    static var fields: [SchemaField<Self>] {
      [
        .required("name", \.name, SchemaValue.string),
        .optional("summary", \.summary, SchemaValue.string),
        .optional("parameters", \.parameters, SchemaValue.objects()),
        .required("scheme", \.scheme, SchemaValue.string),
        .required("universal", \.universal, SchemaValue.string),
      ]
    }
  }

  struct Parameter: SchemaObject {
    var name = ""
    var type = ""
    var optional: Bool?
    var `default`: Scalar?
    var min: Int?
    var max: Int?
    var minLength: Int?
    var maxLength: Int?
    var allowedCharacters: String?
    var values: [String]?
    var allowNil: Bool?

    static var fields: [SchemaField<Self>] {
      [
        .required("name", \.name, SchemaValue.string),
        .required("type", \.type, SchemaValue.string),
        .optional("optional", \.optional, SchemaValue.bool),
        .optional("default", \.default, Scalar.read),
        .optional("min", \.min, for: .int, SchemaValue.integer),
        .optional("max", \.max, for: .int, SchemaValue.integer),
        .optional("minLength", \.minLength, for: .string, SchemaValue.integer),
        .optional("maxLength", \.maxLength, for: .string, SchemaValue.integer),
        .optional("allowedCharacters", \.allowedCharacters, for: .string, SchemaValue.string),
        .optional("values", \.values, for: .enumeration, SchemaValue.strings),
        .optional("allowNil", \.allowNil, for: .uuid, SchemaValue.bool),
      ]
    }

    /// The keys given that constrain another type than `kind` (`min` on a string).
    func constraints(notApplyingTo kind: ParameterKind) -> [String] {
      Self.fields.filter { field in
        field.parameterKind.map { $0 != kind } == true && field.isPresent(self)
      }.map(\.key)
    }
  }

  /// A JSON scalar, for defaults.
  enum Scalar: CustomStringConvertible {
    case string(String)
    case int(Int)
    case bool(Bool)

    static func read(_ node: JSONNode, _ field: String, _ reader: inout SchemaReader) -> Scalar? {
      if let bool = node.bool { return .bool(bool) }
      if let string = node.string { return .string(string) }
      if node.number != nil { return SchemaValue.integer(node, field, &reader).map(Scalar.int) }
      return reader.wrongType(node, field, "a string, an integer or a boolean")
    }

    var description: String {
      switch self {
      case .string(let string): "\"\(string)\""
      case .int(let int): String(int)
      case .bool(let bool): String(bool)
      }
    }
  }

  /// Reads the document from JSON text: every problem at once, each with its field, route,
  /// line and column. Text that is not strict JSON (a syntax error, a comment, a trailing
  /// comma, a key given twice) is ``RouteTableError/Code/malformedJSON``; JSON that does not
  /// fit the format is ``RouteTableError/Code/invalidTable``.
  static func decode(_ data: Data, source: String?) throws(RouteTableError) -> (
    document: TableDocument, positions: [String: (line: Int, column: Int)]
  ) {
    let json = JSONReader.read(Array(data))
    let issues = json.issues.filter { $0.kind != .byteOrderMark }
    guard let root = json.root, issues.isEmpty else {
      throw RouteTableError(
        .malformedJSON,
        file: source,
        problems: issues.map {
          .init(field: $0.path, message: $0.message, line: $0.line, column: $0.column)
        }
      )
    }
    var reader = SchemaReader()
    let document: TableDocument? = reader.object(root, "")
    guard let document, reader.problems.isEmpty else {
      throw RouteTableError(.invalidTable, file: source, problems: reader.problems)
    }
    return (document, reader.positions)
  }
}

/// The parameter types of the format, by the name tables use for them.
enum ParameterKind: String, CaseIterable {
  case uuid
  case int
  case string
  case enumeration = "enum"
  case bool

  /// `uuid, int, string, enum and bool`, for messages.
  static var list: String {
    let names = allCases.map(\.rawValue)
    return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
  }
}
