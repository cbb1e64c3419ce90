import ArgumentParser
import LinkKit

/// `<route> --<param> <value> …`: a route and its parameters, as `make` and `page` take them.
struct RouteArguments: ParsableArguments {
  @Argument(help: "The route, as named in the route table.")
  var route: String

  @Argument(
    parsing: .allUnrecognized,
    help: ArgumentHelp(
      "The route's parameters, as --<name> <value>.",
      valueName: "--<name> <value>"
    )
  )
  var parameters: [String] = []

  /// The route's values, checked against the table.
  func values(in table: RouteTable) throws(Failure) -> RouteValues {
    let arguments = try ParameterArguments.parse(parameters, route: route, table: table)
    do throws(LinkError) {
      return try table.values(for: route, arguments: arguments)
    } catch {
      throw Failure(error)
    }
  }
}

/// Reads `--name value`, `--name=value` and bare `--flag` (for bool parameters) pairs.
enum ParameterArguments {
  static func parse(_ words: [String], route: String, table: RouteTable) throws(Failure)
    -> [String: String]
  {
    guard let declared = table.route(named: route) else {
      let known = table.routes.map(\.name).joined(separator: ", ")
      throw Failure("the route table has no route '\(route)'; it has \(known)")
    }
    var result: [String: String] = [:]
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word.hasPrefix("--"), word.count > 2 else {
        throw Failure(
          "unexpected argument '\(word)'; give parameters as --<name> <value>",
          status: Failure.usage
        )
      }
      var name = String(word.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let parameter = declared.parameter(named: name) else {
        let list = declared.parameters.map { "--\($0.name)" }.joined(separator: ", ")
        throw Failure(
          "route '\(route)' has no parameter '\(name)'; it takes \(list.isEmpty ? "none" : list)",
          status: Failure.usage
        )
      }
      if value == nil {
        let next = index + 1 < words.count ? words[index + 1] : nil
        if case .bool = parameter.type, next == nil || next?.hasPrefix("--") == true {
          value = "true"
        } else if let next {
          value = next
          index += 1
        } else {
          throw Failure("--\(name) needs a value (\(parameter.type))", status: Failure.usage)
        }
      }
      guard result[name] == nil else {
        throw Failure("--\(name) is given more than once", status: Failure.usage)
      }
      result[name] = value
      index += 1
    }
    return result
  }
}
