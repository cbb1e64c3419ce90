import LinkKit

/// Rules, query dictionaries, the app-list services, and the checks shared by every part of
/// the reader.
extension AASAReader {
  // MARK: Components

  /// Reads one rule; also used for Android's `dynamic_app_link_components`, which share the
  /// vocabulary (`known` narrows the keys).
  mutating func readComponent(
    _ node: JSONNode,
    path: String,
    known: [String] = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"],
    what: String = "key of a component"
  ) -> AASAComponent {
    guard node.members != nil else {
      add(.error, .wrongType, path, node, "a component must be an object, not \(node.kindName)")
      return AASAComponent(
        path: nil,
        query: nil,
        fragment: nil,
        exclude: nil,
        comment: nil,
        caseSensitive: nil,
        percentEncoded: nil,
        isUsable: false
      )
    }
    unknownKeys(in: node, path: path, known: known, what: what)
    var usable = true
    let pathPattern = readPattern("/", of: node, path: path, usable: &usable)
    let fragment = readPattern("#", of: node, path: path, usable: &usable)
    var query: AASAQuery?
    if let queryNode = node["?"] {
      query = readQuery(
        queryNode,
        path: JSONPath.member(path, "?"),
        usable: &usable,
        exclude: node["exclude"]?.bool == true
      )
    }
    let exclude = bool(node["exclude"], path: JSONPath.member(path, "exclude"))
    let caseSensitive = bool(node["caseSensitive"], path: JSONPath.member(path, "caseSensitive"))
    let percentEncoded = bool(node["percentEncoded"], path: JSONPath.member(path, "percentEncoded"))
    if !exclude.valid || !caseSensitive.valid || !percentEncoded.valid { usable = false }
    checkComment(of: node, path: path)
    return AASAComponent(
      path: pathPattern,
      query: query,
      fragment: fragment,
      exclude: exclude.value,
      comment: node["comment"]?.string,
      caseSensitive: caseSensitive.value,
      percentEncoded: percentEncoded.value,
      isUsable: usable
    )
  }

  /// The pattern string under `key` (`/` or `#`) of a rule, its substitution variables checked;
  /// a value of another type is reported and makes the rule unusable.
  mutating func readPattern(_ key: String, of node: JSONNode, path: String, usable: inout Bool)
    -> String?
  {
    guard let value = node[key] else { return nil }
    guard let string = value.string else {
      add(
        .error,
        .wrongType,
        JSONPath.member(path, key),
        value,
        "'\(key)' must be a pattern string, not \(value.kindName); linkgen skips this rule"
      )
      usable = false
      return nil
    }
    checkVariables(string, path: JSONPath.member(path, key), node: value)
    return string
  }

  /// A rule's `comment` should be a string (a warning: Apple ignores it).
  mutating func checkComment(of node: JSONNode, path: String) {
    guard let comment = node["comment"], comment.string == nil else { return }
    add(
      .warning,
      .wrongType,
      JSONPath.member(path, "comment"),
      comment,
      "comment should be a string, not \(comment.kindName)"
    )
  }

  mutating func readQuery(_ node: JSONNode, path: String, usable: inout Bool, exclude: Bool)
    -> AASAQuery?
  {
    if let string = node.string {
      checkVariables(string, path: path, node: node)
      return .pattern(string)
    }
    guard let members = node.members else {
      add(
        .error,
        .wrongType,
        path,
        node,
        "'?' must be a pattern string or a dictionary of query items, not \(node.kindName); "
          + "linkgen skips this rule"
      )
      usable = false
      return nil
    }
    var items: [AASAQueryItem] = []
    for member in members {
      let memberPath = JSONPath.member(path, member.key)
      guard let pattern = member.value.string else {
        let effect =
          exclude
          ? "this exclude rule then ignores the query and keeps more URLs out of the app than written"
          : "this rule then matches any query, which can open the app for URLs it should not"
        add(
          .error,
          .nonStringQueryValue,
          memberPath,
          member.value,
          "the query item \(JSONQuote.short(member.key)) has \(member.value.kindName), not a "
            + "pattern string; Apple ignores the whole '?' dictionary when any value is not a "
            + "string, so \(effect)"
        )
        return .ignored
      }
      checkVariables(pattern, path: memberPath, node: member.value)
      items.append(AASAQueryItem(name: member.key, pattern: pattern))
    }
    return .items(items)
  }

  // MARK: Services

  mutating func readService(_ node: JSONNode, path: String) -> AASAService? {
    guard node.members != nil else {
      add(
        .error,
        .wrongType,
        path,
        node,
        "\(path) must be an object with 'apps', not \(node.kindName)"
      )
      return nil
    }
    unknownKeys(in: node, path: path, known: ["apps"], what: "key of \(path)")
    guard let appsNode = node["apps"] else {
      add(.error, .missingKey, path, node, "\(path) needs an 'apps' array of app IDs")
      return nil
    }
    let appsPath = JSONPath.member(path, "apps")
    guard let apps = strings(appsNode, path: appsPath) else { return nil }
    if apps.isEmpty { add(.warning, .noApps, appsPath, appsNode, "\(path).apps is empty") }
    for (index, app) in apps.enumerated() {
      checkAppID(app, path: JSONPath.element(appsPath, index), node: appsNode)
    }
    return AASAService(apps: apps)
  }

  // MARK: Checks

  mutating func checkAppID(_ id: String, path: String, node: JSONNode) {
    if let message = IOSApp.appIDProblem(id) { add(.error, .malformedAppID, path, node, message) }
  }

  mutating func checkVariables(_ pattern: String, path: String, node: JSONNode) {
    for name in variables.tokens(pattern).undefined {
      add(
        .error,
        .undefinedVariable,
        path,
        node,
        "the pattern \(JSONQuote.short(pattern)) uses $(\(name)), which is neither defined in "
          + "substitutionVariables nor predefined; linkgen reads it as literal text"
      )
    }
  }

  mutating func checkShadowing(_ components: [AASAComponent], path: String, node: JSONNode) {
    for (index, earlier) in ShadowCheck.shadowed(components) {
      add(
        .warning,
        .shadowedRule,
        JSONPath.element(path, index),
        node,
        "this rule can never match: \(JSONPath.element(path, earlier)) comes first and matches "
          + "every URL it would (the first matching rule wins)"
      )
    }
  }

  mutating func checkShadowing(paths: [String], path: String, node: JSONNode) {
    for (index, earlier) in ShadowCheck.shadowed(paths: paths) {
      add(
        .warning,
        .shadowedRule,
        JSONPath.element(path, index),
        node,
        "\(JSONQuote.short(paths[index])) can never match: \(JSONQuote.short(paths[earlier])) "
          + "comes first and matches every path it would (the first matching path wins)"
      )
    }
  }

  // MARK: Helpers

  mutating func strings(_ node: JSONNode, path: String) -> [String]? {
    guard let elements = node.elements else {
      add(.error, .wrongType, path, node, "expected an array of strings, not \(node.kindName)")
      return nil
    }
    var result: [String] = []
    for (index, element) in elements.enumerated() {
      guard let string = element.string else {
        add(
          .error,
          .wrongType,
          JSONPath.element(path, index),
          element,
          "expected a string, not \(element.kindName)"
        )
        continue
      }
      result.append(string)
    }
    return result
  }

  mutating func bool(_ node: JSONNode?, path: String) -> (value: Bool?, valid: Bool) {
    guard let node else { return (nil, true) }
    guard let value = node.bool else {
      add(.error, .wrongType, path, node, "expected true or false, not \(node.kindName)")
      return (nil, false)
    }
    return (value, true)
  }

}
