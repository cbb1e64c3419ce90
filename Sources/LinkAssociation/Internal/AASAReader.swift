import LinkKit

/// Turns a JSON tree into the ``AASAFile`` model, recording a finding for every deviation
/// from Apple's schema (`applinks`, `applinks.Details`, `…Components`, `…Query`,
/// `SubstitutionVariables`, `webcredentials`, `appclips`, `activitycontinuation`).
struct AASAReader: FindingRecorder {
  var findings: [Finding] = []
  private(set) var isObject = false
  private(set) var appLinks: AASAAppLinks?
  private(set) var webCredentials: AASAService?
  private(set) var appClips: AASAService?
  private(set) var activityContinuation: AASAService?
  var variables = SubstitutionVariables()
  /// `applinks.defaults`, which every detail's rules inherit.
  var topDefaults = AASADefaults()
  /// Who ignores unknown keys, for messages ("Apple", or "Android" for assetlinks.json).
  var platform = "Apple"

  static let serviceKeys = ["applinks", "webcredentials", "appclips", "activitycontinuation"]

  mutating func read(_ root: JSONNode) {
    guard let members = root.members else {
      add(.error, .wrongType, "", root, "the file must be a JSON object, not \(root.kindName)")
      return
    }
    isObject = true
    unknownKeys(in: root, path: "", known: Self.serviceKeys, what: "top-level key")
    if let node = root["applinks"] { appLinks = readAppLinks(node) }
    webCredentials = root["webcredentials"].flatMap { readService($0, path: "webcredentials") }
    appClips = root["appclips"].flatMap { readService($0, path: "appclips") }
    activityContinuation = root["activitycontinuation"].flatMap {
      readService($0, path: "activitycontinuation")
    }
    if !members.contains(where: { Self.serviceKeys.contains($0.key) }) {
      add(
        .error,
        .noServices,
        "",
        root,
        "the file declares no service: add applinks (universal links), webcredentials, appclips "
          + "or activitycontinuation"
      )
    }
  }

  // MARK: applinks

  mutating func readAppLinks(_ node: JSONNode) -> AASAAppLinks? {
    let path = "applinks"
    guard members(of: node, path: path, what: "applinks") != nil else { return nil }
    unknownKeys(
      in: node,
      path: path,
      known: ["apps", "details", "defaults", "substitutionVariables"],
      what: "key of applinks"
    )
    var legacyApps: [String]?
    if let apps = node["apps"] {
      legacyApps = strings(apps, path: "applinks.apps")
      if let list = legacyApps, !list.isEmpty {
        add(
          .warning,
          .legacyAppsNotEmpty,
          "applinks.apps",
          apps,
          "the legacy 'apps' array must be empty; its \(list.count) app ID"
            + "\(list.count == 1 ? " is" : "s are") ignored (apps are named in details)"
        )
      }
    }
    let custom = readVariables(node["substitutionVariables"])
    variables = SubstitutionVariables(custom: custom)
    let defaults = readDefaults(node["defaults"], path: "applinks.defaults")
    topDefaults = defaults
    let details = readDetails(of: node, path: path)
    return AASAAppLinks(
      defaults: defaults,
      substitutionVariables: custom,
      details: details,
      legacyApps: legacyApps
    )
  }

  /// The `details` of `applinks`: an array of objects, or the oldest form, a dictionary keyed
  /// by app ID.
  mutating func readDetails(of node: JSONNode, path: String) -> [AASADetail] {
    var details: [AASADetail] = []
    if let detailsNode = node["details"] {
      if let elements = detailsNode.elements {
        for (index, element) in elements.enumerated() {
          if let detail = readDetail(element, path: JSONPath.element("applinks.details", index)) {
            details.append(detail)
          }
        }
      } else if let members = detailsNode.members {
        // The oldest form: "details": {"<app ID>": {"paths": [...]}}.
        for member in members {
          let memberPath = JSONPath.member("applinks.details", member.key)
          if let detail = readLegacyDictionaryDetail(member.key, member.value, path: memberPath) {
            details.append(detail)
          }
        }
      } else {
        add(
          .error,
          .wrongType,
          "applinks.details",
          detailsNode,
          "details must be an array of objects, not \(detailsNode.kindName)"
        )
      }
    } else {
      add(.warning, .noRules, path, node, "applinks has no 'details', so it claims no URL")
    }
    return details
  }

  mutating func readVariables(_ node: JSONNode?) -> [String: [String]] {
    guard let node else { return [:] }
    let path = "applinks.substitutionVariables"
    guard let members = members(of: node, path: path, what: "substitutionVariables") else {
      return [:]
    }
    var result: [String: [String]] = [:]
    for member in members {
      let memberPath = JSONPath.member(path, member.key)
      let name = member.key
      if name.isEmpty || name.contains(where: { "$()".contains($0) }) {
        add(
          .error,
          .invalidVariable,
          memberPath,
          member.value,
          "the variable name \(JSONQuote.short(name)) is empty or holds '$', '(' or ')', which "
            + "names cannot"
        )
        continue
      }
      if SubstitutionVariables.predefinedNames.contains(name) {
        add(
          .warning,
          .invalidVariable,
          memberPath,
          member.value,
          "the variable $(\(name)) replaces Apple's predefined $(\(name)) in this file"
        )
      }
      guard let values = strings(member.value, path: memberPath) else { continue }
      if values.isEmpty {
        add(
          .warning,
          .invalidVariable,
          memberPath,
          member.value,
          "the variable $(\(name)) has no values, so a pattern that uses it never matches"
        )
      }
      for (index, value) in values.enumerated() where value.contains("$(") {
        add(
          .error,
          .invalidVariable,
          JSONPath.element(memberPath, index),
          member.value,
          "the value \(JSONQuote.short(value)) refers to another variable, which values cannot "
            + "do; it is read as literal text"
        )
      }
      result[name] = values
    }
    return result
  }

  /// A `defaults` object: `caseSensitive` and `percentEncoded` as Apple documents them, and
  /// the pattern keys and `exclude` of a rule, which Apple's `swcutil` applies too (reported,
  /// because Apple's documentation does not list them there).
  mutating func readDefaults(_ node: JSONNode?, path: String) -> AASADefaults {
    guard let node else { return AASADefaults() }
    guard node.members != nil else {
      add(.error, .wrongType, path, node, "defaults must be an object, not \(node.kindName)")
      return AASADefaults()
    }
    let rule = readComponent(
      node,
      path: path,
      known: ["caseSensitive", "percentEncoded", "/", "?", "#", "exclude"],
      what: "key of defaults"
    )
    for key in ["/", "?", "#", "exclude"] {
      guard let value = node[key] else { continue }
      add(
        .warning,
        .patternInDefaults,
        JSONPath.member(path, key),
        value,
        "'\(key)' in defaults applies to every rule below that does not set its own: Apple's "
          + "swcutil reads it, but Apple documents only caseSensitive and percentEncoded here; "
          + "write it in the rules"
      )
    }
    return AASADefaults(
      caseSensitive: rule.caseSensitive,
      percentEncoded: rule.percentEncoded,
      path: rule.path,
      query: rule.query,
      fragment: rule.fragment,
      exclude: rule.exclude
    )
  }

  // MARK: Details

  mutating func readDetail(_ node: JSONNode, path: String) -> AASADetail? {
    guard members(of: node, path: path, what: "a detail") != nil else { return nil }
    unknownKeys(
      in: node,
      path: path,
      known: ["appID", "appIDs", "components", "paths", "defaults"],
      what: "key of a detail"
    )
    let (appID, appIDs) = readApps(of: node, path: path)
    // The defaults first: the shadowed-rule check compares the rules as they inherit them.
    let defaults = readDefaults(node["defaults"], path: JSONPath.member(path, "defaults"))
    let components = readComponents(node["components"], path: JSONPath.member(path, "components"))
    let paths = node["paths"].flatMap { strings($0, path: JSONPath.member(path, "paths")) }
    checkRules(of: node, path: path, components: components, paths: paths)
    if let components {
      checkShadowing(
        components.map { $0.resolved(defaults, topDefaults) },
        path: JSONPath.member(path, "components"),
        node: node
      )
    }
    if let paths { checkShadowing(paths: paths, path: JSONPath.member(path, "paths"), node: node) }
    return AASADetail(
      appIDs: appIDs,
      appID: appID,
      components: components,
      paths: paths,
      defaults: defaults
    )
  }

  /// The detail's `appID` (legacy) and `appIDs`: each well-formed, one of them present, not
  /// both.
  private mutating func readApps(of node: JSONNode, path: String) -> (String?, [String]?) {
    var appID: String?
    if let appIDNode = node["appID"] {
      let idPath = JSONPath.member(path, "appID")
      if let string = appIDNode.string {
        appID = string
        checkAppID(string, path: idPath, node: appIDNode)
      } else {
        add(
          .error,
          .wrongType,
          idPath,
          appIDNode,
          "appID must be a string, not \(appIDNode.kindName)"
        )
      }
    }
    let appIDs = node["appIDs"].flatMap { readAppIDs($0, path: JSONPath.member(path, "appIDs")) }
    if node["appID"] == nil && node["appIDs"] == nil {
      add(
        .error,
        .missingKey,
        path,
        node,
        "the detail names no app: add appIDs (or the legacy appID)"
      )
    }
    if node["appID"] != nil && node["appIDs"] != nil {
      add(
        .error,
        .appIDAndAppIDs,
        path,
        node,
        "'appID' and 'appIDs' are both present; use appIDs (iOS 13+) or appID (all versions), "
          + "not both"
      )
    }
    return (appID, appIDs)
  }

  private mutating func readAppIDs(_ node: JSONNode, path: String) -> [String]? {
    guard node.elements != nil else {
      let hint = node.string.map { ": write [\(JSONQuote.short($0))]" } ?? ""
      add(
        .error,
        .wrongType,
        path,
        node,
        "appIDs must be an array of app IDs, not \(node.kindName)\(hint)"
      )
      return nil
    }
    guard let ids = strings(node, path: path) else { return nil }
    for (index, id) in ids.enumerated() {
      checkAppID(id, path: JSONPath.element(path, index), node: node)
    }
    if ids.isEmpty {
      add(.warning, .noApps, path, node, "appIDs is empty, so the detail applies to no app")
    }
    return ids
  }

  private mutating func readComponents(_ node: JSONNode?, path: String) -> [AASAComponent]? {
    guard let node else { return nil }
    guard let elements = node.elements else {
      add(
        .error,
        .wrongType,
        path,
        node,
        "components must be an array of objects, not \(node.kindName)"
      )
      return nil
    }
    return elements.enumerated().map { index, element in
      readComponent(element, path: JSONPath.element(path, index))
    }
  }

  /// Which rule lists the detail has: both (each iOS reads one), `appIDs` with legacy paths,
  /// or none, which claims no URL for the apps it names: an error, since the file then says
  /// less than it seems to.
  private mutating func checkRules(
    of node: JSONNode,
    path: String,
    components: [AASAComponent]?,
    paths: [String]?
  ) {
    if node["paths"] != nil && node["components"] != nil {
      add(
        .warning,
        .pathsBesideComponents,
        path,
        node,
        "'paths' sits beside 'components': iOS 13+ reads only components and iOS 12 and earlier "
          + "only paths, so the two lists must say the same thing"
      )
    } else if node["paths"] != nil && node["appIDs"] != nil && node["appID"] == nil {
      add(
        .warning,
        .appIDsWithPaths,
        path,
        node,
        "'appIDs' with legacy 'paths': iOS 12 and earlier only read 'appID', and iOS 13+ "
          + "prefers 'components'; use appIDs with components, or appID with paths"
      )
    }
    if node["paths"] == nil && node["components"] == nil {
      add(
        .error,
        .noRules,
        path,
        node,
        "the detail has neither components nor paths, so it claims no URL for its apps: add "
          + "components (iOS 13+) or paths"
      )
    } else if (components?.isEmpty ?? true) && (paths?.isEmpty ?? true)
      && (components != nil || paths != nil)
    {
      add(
        .error,
        .noRules,
        path,
        node,
        "the detail's rule list is empty, so it claims no URL for its apps"
      )
    }
  }

  mutating func readLegacyDictionaryDetail(_ appID: String, _ node: JSONNode, path: String)
    -> AASADetail?
  {
    checkAppID(appID, path: path, node: node)
    guard members(of: node, path: path, what: "a detail") != nil else { return nil }
    unknownKeys(in: node, path: path, known: ["paths"], what: "key of a legacy detail")
    let paths = node["paths"].flatMap { strings($0, path: JSONPath.member(path, "paths")) }
    if let paths { checkShadowing(paths: paths, path: JSONPath.member(path, "paths"), node: node) }
    return AASADetail(
      appIDs: nil,
      appID: appID,
      components: nil,
      paths: paths,
      defaults: AASADefaults()
    )
  }
}
