import Foundation
import LinkStore

/// A JSON value as the API reads it: only what a request to create a link may hold.
enum JSONInput: Decodable {
  case string(String)
  case integer(Int)
  case bool(Bool)
  case null
  case object([String: JSONInput])
  /// An array, or a number that is not a whole number within 64 bits.
  case other(String)

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: JSONInput] = [:]
      for key in container.allKeys {
        members[key.stringValue] = try container.decode(JSONInput.self, forKey: key)
      }
      self = .object(members)
      return
    }
    if (try? decoder.unkeyedContainer()) != nil {
      self = .other("an array")
      return
    }
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let bool = try? value.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? value.decode(Int.self) {
      self = .integer(integer)
    } else if let string = try? value.decode(String.self) {
      self = .string(string)
    } else {
      self = .other("a number that is not a whole number")
    }
  }

  var kind: String {
    switch self {
    case .string: "a string"
    case .integer: "a number"
    case .bool: "a boolean"
    case .null: "null"
    case .object: "an object"
    case .other(let kind): kind
    }
  }

  /// The members of a request body that must be a JSON object (`shape` shows its fields).
  static func object(_ body: [UInt8], shape: String) throws(RequestProblem) -> [String: JSONInput] {
    let input: JSONInput
    do {
      input = try JSONDecoder().decode(JSONInput.self, from: Data(body))
    } catch {
      throw RequestProblem(field: nil, message: "the body is not valid JSON")
    }
    guard case .object(let members) = input else {
      throw RequestProblem(
        field: nil,
        message: "the body must be a JSON object \(shape), not \(input.kind)"
      )
    }
    return members
  }

  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

/// Why a request body cannot be read: the field at fault and a sentence.
struct RequestProblem: Error {
  let field: String?
  let message: String
}

extension NewShortLink {
  /// The fields `POST /api/v1/links` takes.
  static let fields = ["route", "params", "expiresAt", "maxVisits", "slug"]

  /// Reads `{"route", "params", "expiresAt"?, "maxVisits"?, "slug"?}`. Values in `params` are
  /// strings, whole numbers or booleans, passed to the route table as `linkgen make` passes its
  /// arguments (the table checks them).
  static func read(json body: [UInt8]) throws(RequestProblem) -> NewShortLink {
    let members = try JSONInput.object(body, shape: #"{"route", "params", …}"#)
    if let unknown = members.keys.sorted().first(where: { !fields.contains($0) }) {
      throw RequestProblem(
        field: String(unknown.prefix(64)),
        message: "unknown field '\(unknown.prefix(64))'; the fields are "
          + fields.joined(separator: ", ")
      )
    }
    guard case .string(let route)? = members["route"] else {
      throw RequestProblem(
        field: "route",
        message: "route is required: the name of a route of the table, as a string"
      )
    }
    var arguments: [String: String] = [:]
    switch members["params"] {
    case nil, .null?:
      break
    case .object(let params)?:
      for (name, value) in params {
        switch value {
        case .string(let text): arguments[name] = text
        case .integer(let number): arguments[name] = String(number)
        case .bool(let bool): arguments[name] = bool ? "true" : "false"
        case .null: break
        default:
          throw RequestProblem(
            field: "params.\(name.prefix(64))",
            message: "params.\(name.prefix(64)) must be a string, a whole number or a boolean, "
              + "not \(value.kind)"
          )
        }
      }
    case let other?:
      throw RequestProblem(
        field: "params",
        message: "params must be an object of the route's values, not \(other.kind)"
      )
    }
    var request = NewShortLink(route: route, arguments: arguments)
    switch members["expiresAt"] {
    case nil, .null?:
      break
    case .string(let text)?:
      guard let date = Self.date(text) else {
        throw RequestProblem(
          field: "expiresAt",
          message: "expiresAt must be an ISO 8601 time such as 2026-12-31T23:59:59Z"
        )
      }
      request.expiresAt = date
    case let other?:
      throw RequestProblem(
        field: "expiresAt",
        message: "expiresAt must be an ISO 8601 time as a string, not \(other.kind)"
      )
    }
    switch members["maxVisits"] {
    case nil, .null?:
      break
    case .integer(let number)?:
      request.maxVisits = number
    case let other?:
      throw RequestProblem(
        field: "maxVisits",
        message: "maxVisits must be a whole number of at least 1, not \(other.kind)"
      )
    }
    switch members["slug"] {
    case nil, .null?:
      break
    case .string(let slug)?:
      request.slug = slug
    case let other?:
      throw RequestProblem(field: "slug", message: "slug must be a string, not \(other.kind)")
    }
    return request
  }

  private static func date(_ text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }
}
