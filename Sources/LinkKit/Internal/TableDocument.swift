#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The route table file as written, before validation. Decoding is strict: an unknown key is
/// an error (it is almost always a typo), and so is a value of the wrong JSON type.
struct TableDocument: Decodable {
  var app: App
  var routes: [Route]
  var pages: Pages?
  var association: Association?

  struct App: Decodable {
    var name: String?
    var scheme: String
    var domains: [String]
    var ios: IOS?
    var android: Android?
    var web: String?
  }

  struct IOS: Decodable {
    var teamID: String
    var bundleID: String
    var appStoreID: String?
  }

  struct Android: Decodable {
    var package: String
    var sha256CertFingerprints: [String]
  }

  struct Pages: Decodable {
    var templates: String?
    var image: String?
    var imageAlt: String?
    var twitterSite: String?
    var themeColor: String?
  }

  /// The optional `association` object (see ``AssociationSettings``).
  struct Association: Decodable {
    var excludes: [String]?
    var excludeFragments: [String]?
    var webCredentials: Bool?
    var appClipBundleID: String?
  }

  struct Route: Decodable {
    var name: String
    var summary: String?
    var parameters: [Parameter]?
    var scheme: String
    var universal: String
  }

  struct Parameter: Decodable {
    var name: String
    var type: String
    var optional: Bool?
    var `default`: Scalar?
    var min: Int?
    var max: Int?
    var minLength: Int?
    var maxLength: Int?
    var allowedCharacters: String?
    var values: [String]?
    var allowNil: Bool?
  }

  /// A JSON scalar, for defaults.
  enum Scalar: Decodable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case bool(Bool)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let bool = try? container.decode(Bool.self) {
        self = .bool(bool)
      } else if let int = try? container.decode(Int.self) {
        self = .int(int)
      } else if let string = try? container.decode(String.self) {
        self = .string(string)
      } else {
        throw DecodingError.typeMismatch(
          Scalar.self,
          .init(
            codingPath: decoder.codingPath,
            debugDescription: "expected a string, an integer or a boolean"
          )
        )
      }
    }

    var description: String {
      switch self {
      case .string(let string): "\"\(string)\""
      case .int(let int): String(int)
      case .bool(let bool): String(bool)
      }
    }
  }

  /// The limits checked before any decoding: size and nesting depth, in one pass over the
  /// bytes.
  static func checkLimits(_ data: Data, source: String?) throws(RouteTableError) {
    guard data.count <= RouteTable.maximumTableSize else {
      throw tooLarge(data.count, source: source)
    }
    var depth = 0
    var inString = false
    var escaped = false
    var line = 1
    for byte in data {
      if byte == UInt8(ascii: "\n") { line += 1 }
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        guard depth <= RouteTable.maximumNestingDepth else {
          throw RouteTableError(
            .tooDeep,
            file: source,
            problems: [
              .init(
                field: "",
                message: "the JSON nests deeper than \(RouteTable.maximumNestingDepth) levels "
                  + "(line \(line)); a route table needs 5"
              )
            ]
          )
        }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
  }

  static func tooLarge(_ size: Int, source: String?) -> RouteTableError {
    RouteTableError(
      .tooLarge,
      file: source,
      problems: [
        .init(
          field: "",
          message: "the file is \(size) bytes; linkgen reads route tables of at most "
            + "\(RouteTable.maximumTableSize) bytes (1 MiB)"
        )
      ]
    )
  }

  /// Decodes the document, turning decoding errors into table problems with a field path.
  /// Unknown keys are not decoding errors; `UnknownKeys` finds them for the compiler to
  /// report with the rest.
  static func decode(_ data: Data, source: String?) throws(RouteTableError) -> TableDocument {
    do {
      return try JSONDecoder().decode(TableDocument.self, from: data)
    } catch let error as DecodingError {
      let unknown = UnknownKeys.problems(in: data)
      var code = RouteTableError.Code.invalidTable
      if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
        code = .malformedJSON
      }
      throw RouteTableError(
        code,
        file: source,
        problems: unknown + [problem(for: error, data: data)]
      )
    } catch {
      throw RouteTableError(
        .malformedJSON,
        file: source,
        problems: [.init(field: "", message: "the file is not valid JSON (\(error))")]
      )
    }
  }

  private static func problem(for error: DecodingError, data: Data) -> RouteTableError.Problem {
    let context: DecodingError.Context
    let message: String
    switch error {
    case .keyNotFound(let key, let keyContext):
      context = keyContext
      let field = FieldPath.string(keyContext.codingPath + [key])
      return .init(
        route: routeName(at: keyContext.codingPath, in: data),
        field: field,
        message: "the required key '\(key.stringValue)' is missing"
      )
    case .typeMismatch(let type, let mismatchContext):
      context = mismatchContext
      message = "expected \(FieldPath.jsonType(type))"
    case .valueNotFound(let type, let valueContext):
      context = valueContext
      message = "expected \(FieldPath.jsonType(type)), found null"
    case .dataCorrupted(let corruptedContext):
      context = corruptedContext
      let underlying = corruptedContext.underlyingError.map { " (\($0))" } ?? ""
      message =
        corruptedContext.codingPath.isEmpty
        ? "the file is not valid JSON: \(corruptedContext.debugDescription)\(underlying)"
        : corruptedContext.debugDescription
    @unknown default:
      return .init(field: "", message: "\(error)")
    }
    return .init(
      route: routeName(at: context.codingPath, in: data),
      field: FieldPath.string(context.codingPath),
      message: message
    )
  }

  /// The name of the route a coding path points into, found with a lenient second decode.
  static func routeName(at path: [any CodingKey], in data: Data) -> String? {
    guard path.count >= 2, path[0].stringValue == "routes", let index = path[1].intValue else {
      return nil
    }
    struct Names: Decodable {
      struct Named: Decodable { var name: String? }
      var routes: [Named]?
    }
    guard let names = (try? JSONDecoder().decode(Names.self, from: data))?.routes,
      index < names.count
    else { return nil }
    return names[index].name
  }
}

/// Field paths in messages: `routes[0].parameters[1].max`.
enum FieldPath {
  static func string(_ path: [any CodingKey]) -> String {
    var result = ""
    for key in path {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result
  }

  static func jsonType(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type: "an integer"
    case is Bool.Type: "true or false"
    case is [String].Type: "an array of strings"
    default:
      "\(type)".hasPrefix("Array") ? "an array" : "an object"
    }
  }
}
