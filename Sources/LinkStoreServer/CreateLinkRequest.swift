import Foundation
import LinkKit
import LinkStore

/// A JSON value as the API reads it: only what a request to create a link may hold.
enum JSONInput {
  case string(String)
  case integer(Int)
  case bool(Bool)
  case null
  case object([String: JSONInput])
  /// An array, or a number that is not a whole number within 64 bits.
  case other(String)

  init(_ node: JSONNode) {
    switch node.value {
    case .object(let members):
      self = .object(
        Dictionary(members.map { ($0.key, JSONInput($0.value)) }, uniquingKeysWith: { $1 })
      )
    case .array: self = .other("an array")
    case .string(let text): self = .string(text)
    case .number:
      self = node.integer.map { .integer($0) } ?? .other("a number that is not a whole number")
    case .bool(let bool): self = .bool(bool)
    case .null: self = .null
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

  /// The members of a request body that must be a JSON object (`shape` shows its fields),
  /// read by the route table's own strict reader: a key twice in one object, a comment, a
  /// trailing comma or invalid UTF-8 is refused, as in the table, rather than guessed at.
  static func object(_ body: [UInt8], shape: String) throws(RequestProblem) -> [String: JSONInput] {
    let read = JSONReader.read(body)
    if let issue = read.issues.first {
      throw problem(issue)
    }
    guard let root = read.root else {
      throw RequestProblem(field: nil, message: "the body is not valid JSON")
    }
    let input = JSONInput(root)
    guard case .object(let members) = input else {
      throw RequestProblem(
        field: nil,
        message: "the body must be a JSON object \(shape), not \(input.kind)"
      )
    }
    return members
  }

  private static func problem(_ issue: JSONIssue) -> RequestProblem {
    let place = "line \(issue.line), column \(issue.column)"
    guard issue.kind == .duplicateKey else {
      return RequestProblem(
        field: nil,
        message: "the body is not valid JSON: \(issue.detail) (\(place))"
      )
    }
    let field = String(issue.path.prefix(64))
    return RequestProblem(
      field: field,
      message: "the body names \(field) twice (\(place)); send each field once"
    )
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
  /// arguments (the table checks them). `null` means absent, for an optional field and for a
  /// parameter alike; a parameter the route does not have is refused whatever its value, `null`
  /// included (`table` knows the route's parameters).
  static func read(json body: [UInt8], table: RouteTable?) throws(RequestProblem) -> NewShortLink {
    let members = try JSONInput.object(body, shape: #"{"route", "params", …}"#)
    // Sorted only to name the first unknown field, when there is one.
    if members.keys.contains(where: { !fields.contains($0) }),
      let unknown = members.keys.sorted().first(where: { !fields.contains($0) })
    {
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
    var request = NewShortLink(
      route: route,
      arguments: try arguments(members["params"], of: route, in: table)
    )
    request.expiresAt = try expiry(members["expiresAt"])
    request.maxVisits = try visitLimit(members["maxVisits"])
    request.slug = try slug(members["slug"])
    return request
  }

  /// `params`: the route's values as `linkgen make` takes them (`null` or absent: none).
  private static func arguments(
    _ params: JSONInput?,
    of route: String,
    in table: RouteTable?
  ) throws(RequestProblem) -> [String: String] {
    var arguments: [String: String] = [:]
    switch params {
    case nil, .null?:
      break
    case .object(let params)?:
      for (name, value) in params {
        switch value {
        case .string(let text): arguments[name] = text
        case .integer(let number): arguments[name] = String(number)
        case .bool(let bool): arguments[name] = bool ? "true" : "false"
        case .null: try checkKnown(name, of: route, in: table)
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
    return arguments
  }

  /// `expiresAt`: an ISO 8601 time, or `null` or absent.
  private static func expiry(_ value: JSONInput?) throws(RequestProblem) -> Date? {
    switch value {
    case nil, .null?:
      return nil
    case .string(let text)?:
      guard let date = Self.date(text) else {
        throw RequestProblem(
          field: "expiresAt",
          message: "expiresAt must be an ISO 8601 time such as 2026-12-31T23:59:59Z"
        )
      }
      return date
    case let other?:
      throw RequestProblem(
        field: "expiresAt",
        message: "expiresAt must be an ISO 8601 time as a string, not \(other.kind)"
      )
    }
  }

  /// `maxVisits`: a whole number (the store checks it is at least 1), or `null` or absent.
  private static func visitLimit(_ value: JSONInput?) throws(RequestProblem) -> Int? {
    switch value {
    case nil, .null?:
      return nil
    case .integer(let number)?:
      return number
    case let other?:
      throw RequestProblem(
        field: "maxVisits",
        message: "maxVisits must be a whole number of at least 1, not \(other.kind)"
      )
    }
  }

  /// `slug`: a string (the store checks its form), or `null` or absent.
  private static func slug(_ value: JSONInput?) throws(RequestProblem) -> String? {
    switch value {
    case nil, .null?:
      return nil
    case .string(let slug)?:
      return slug
    case let other?:
      throw RequestProblem(field: "slug", message: "slug must be a string, not \(other.kind)")
    }
  }

  /// Refuses a `null` parameter the route does not have, as the table refuses one with a value.
  private static func checkKnown(
    _ name: String,
    of route: String,
    in table: RouteTable?
  ) throws(RequestProblem) {
    guard let route = table?.route(named: route), route.parameter(named: name) == nil else {
      return
    }
    let known = route.parameters.map(\.name)
    throw RequestProblem(
      field: "params.\(name.prefix(64))",
      message: "route \(route.name) has no parameter '\(name.prefix(64))'"
        + (known.isEmpty
          ? "; it takes none" : "; its parameters are " + known.joined(separator: ", "))
    )
  }

  static func date(_ text: String) -> Date? {
    if let date = try? Date(text, strategy: .iso8601) { return date }
    return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
  }
}
