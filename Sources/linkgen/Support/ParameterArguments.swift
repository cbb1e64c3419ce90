import LinkKit

/// Reads a route's parameters from the words the command did not recognise: `--name value`,
/// `--name=value` and a bare `--flag` for a bool parameter, plus the `--param name=value`
/// pairs.
enum ParameterArguments {
  static func parse(_ words: [String], named: [NameValue], route: Route) throws
    -> [String: String]
  {
    var result: [String: String] = [:]
    func add(_ name: String, _ value: String) throws {
      guard route.parameter(named: name) != nil else { throw unknown(name, route) }
      guard result[name] == nil else {
        throw CommandError(.usage, "the parameter '\(name)' is given more than once")
      }
      result[name] = value
    }
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word.hasPrefix("--"), word.count > 2 else {
        throw CommandError(
          .usage,
          "unexpected argument '\(word)'; give parameters as --<name> <value>"
        )
      }
      var name = String(word.dropFirst(2))
      var value: String?
      if let equals = name.firstIndex(of: "=") {
        value = String(name[name.index(after: equals)...])
        name = String(name[..<equals])
      }
      guard let parameter = route.parameter(named: name) else { throw unknown(name, route) }
      if value == nil {
        let next = index + 1 < words.count ? words[index + 1] : nil
        if case .bool = parameter.type, next == nil || next?.hasPrefix("--") == true {
          value = "true"
        } else if let next {
          value = next
          index += 1
        } else {
          throw CommandError(.usage, "--\(name) needs a value (\(parameter.type))")
        }
      }
      try add(name, value ?? "")
      index += 1
    }
    for pair in named { try add(pair.name, pair.value) }
    return result
  }

  private static func unknown(_ name: String, _ route: Route) -> LinkError {
    let list = route.parameters.map { "--\($0.name)" }.joined(separator: ", ")
    return LinkError(
      .unknownParameter,
      "route '\(route.name)' has no parameter '\(name)'; it takes \(list.isEmpty ? "none" : list)",
      route: route.name,
      parameter: name
    )
  }
}
