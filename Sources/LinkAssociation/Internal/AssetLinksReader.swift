import LinkKit

/// Turns a JSON tree into ``AssetStatement``s, recording a finding for every deviation from
/// the Digital Asset Links statement format that `assetlinks.json` uses.
struct AssetLinksReader: FindingRecorder {
  let platform = "Android"

  /// `target.path_prefix` is a common invention (AppFlowy's file has one).
  static func pathPrefixHint(_ key: String) -> String? {
    key == "path_prefix"
      ? "it is not part of Digital Asset Links and Android ignores it: scope paths with the "
        + "app's intent filters or with dynamic_app_link_components"
      : nil
  }
  var findings: [Finding] = []
  private(set) var isStatementList = false
  private(set) var statements: [AssetStatement] = []

  static let knownRelations = [AssetLinksFile.handleAllURLs, AssetLinksFile.getLoginCreds]

  mutating func read(_ root: JSONNode) {
    guard let elements = root.elements else {
      if root["statements"] != nil {
        add(
          .error,
          .notAssetLinks,
          "",
          root,
          "this is the shape of the Digital Asset Links API's statements:list response, not an "
            + "assetlinks.json file; the file is a JSON array of statements, each with relation "
            + "and target"
        )
      } else {
        add(
          .error,
          .notAssetLinks,
          "",
          root,
          "assetlinks.json must be a JSON array of statements, not \(root.kindName)"
        )
      }
      return
    }
    isStatementList = true
    if elements.isEmpty { add(.warning, .noApps, "", root, "the file has no statements") }
    for (index, element) in elements.enumerated() {
      if let statement = readStatement(element, path: "[\(index)]") { statements.append(statement) }
    }
  }

  mutating func readStatement(_ node: JSONNode, path: String) -> AssetStatement? {
    guard let members = members(of: node, path: path, what: "a statement") else { return nil }
    if let include = node["include"] {
      return readInclude(include, keys: members.map(\.key), statement: node, path: path)
    }
    unknownKeys(
      in: node,
      path: path,
      known: ["relation", "target", "relation_extensions", "include"],
      what: "key of a statement"
    )
    let relations = readRelations(node["relation"], statement: node, path: "\(path).relation")
    let target = readTarget(node["target"], statement: node, path: "\(path).target")
    let dynamic = readExtensions(
      node["relation_extensions"],
      relations: relations,
      path: "\(path).relation_extensions"
    )
    return AssetStatement(
      relations: relations,
      target: target,
      include: nil,
      dynamicComponents: dynamic
    )
  }

  /// A statement that only points at another file: `{"include": "https://…"}`.
  mutating func readInclude(
    _ include: JSONNode,
    keys: [String],
    statement node: JSONNode,
    path: String
  )
    -> AssetStatement
  {
    let includePath = "\(path).include"
    if let url = include.string {
      if !url.hasPrefix("https://") || url.count <= "https://".count {
        add(
          .error,
          .malformedInclude,
          includePath,
          include,
          "include must be an https URL, not \(JSONQuote.short(url))"
        )
      }
    } else {
      add(
        .error,
        .malformedInclude,
        includePath,
        include,
        "include must be a URL string, not \(include.kindName)"
      )
    }
    let others = keys.filter { $0 != "include" }
    if !others.isEmpty {
      add(
        .error,
        .malformedInclude,
        path,
        node,
        "an include statement has only the key 'include'; this one also has "
          + others.map { "'\($0)'" }.joined(separator: ", ")
      )
    }
    return AssetStatement(
      relations: [],
      target: nil,
      include: include.string,
      dynamicComponents: nil
    )
  }

  mutating func readRelations(_ node: JSONNode?, statement: JSONNode, path: String)
    -> [String]
  {
    guard let node else {
      add(.error, .missingKey, path, statement, "the statement has no 'relation' array")
      return []
    }
    guard let elements = node.elements else {
      let hint = node.string.map { ": write [\(JSONQuote.short($0))]" } ?? ""
      add(
        .error,
        .wrongType,
        path,
        node,
        "relation must be an array of strings, not \(node.kindName)\(hint)"
      )
      return node.string.map { [$0] } ?? []
    }
    if elements.isEmpty {
      add(.error, .missingKey, path, node, "relation is empty, so the statement grants nothing")
    }
    var relations: [String] = []
    for (index, element) in elements.enumerated() {
      guard let relation = element.string else {
        add(
          .error,
          .wrongType,
          "\(path)[\(index)]",
          element,
          "a relation must be a string, not \(element.kindName)"
        )
        continue
      }
      if !Self.knownRelations.contains(relation) {
        add(
          .warning,
          .unknownRelation,
          "\(path)[\(index)]",
          element,
          "\(JSONQuote.short(relation)) is not a relation Android uses; App Links need "
            + "\(AssetLinksFile.handleAllURLs) (and credential sharing \(AssetLinksFile.getLoginCreds))"
        )
      }
      relations.append(relation)
    }
    return relations
  }

  mutating func readTarget(_ node: JSONNode?, statement: JSONNode, path: String)
    -> AssetTarget?
  {
    guard let node else {
      add(.error, .missingKey, path, statement, "the statement has no 'target'")
      return nil
    }
    guard members(of: node, path: path, what: "target") != nil else { return nil }
    guard let namespace = node["namespace"]?.string else {
      add(
        .error,
        .missingKey,
        "\(path).namespace",
        node,
        "the target needs a 'namespace' string: android_app or web"
      )
      return nil
    }
    switch namespace {
    case "android_app":
      unknownKeys(
        in: node,
        path: path,
        known: ["namespace", "package_name", "sha256_cert_fingerprints"],
        what: "key of an android_app target",
        hint: Self.pathPrefixHint
      )
      return readAndroidApp(node, path: path)
    case "web":
      unknownKeys(in: node, path: path, known: ["namespace", "site"], what: "key of a web target")
      guard let site = node["site"]?.string else {
        add(
          .error,
          .missingKey,
          "\(path).site",
          node,
          "a web target needs a 'site' string, https://host"
        )
        return nil
      }
      if let message = Self.siteProblem(site) {
        add(.error, .malformedSite, "\(path).site", node, message)
      }
      return .web(site: site)
    default:
      add(
        .error,
        .unknownNamespace,
        "\(path).namespace",
        node,
        "the namespace \(JSONQuote.short(namespace)) is not one Android knows: use android_app "
          + "(an app) or web (a site)"
      )
      return .unknown(namespace: namespace)
    }
  }

  mutating func readAndroidApp(_ node: JSONNode, path: String) -> AssetTarget? {
    var package = ""
    if let packageNode = node["package_name"] {
      if let name = packageNode.string {
        package = name
        if let message = AndroidApp.packageProblem(name) {
          add(.error, .malformedPackage, "\(path).package_name", packageNode, message)
        }
      } else {
        add(
          .error,
          .wrongType,
          "\(path).package_name",
          packageNode,
          "package_name must be a string, not \(packageNode.kindName)"
        )
      }
    } else {
      add(
        .error,
        .missingKey,
        "\(path).package_name",
        node,
        "an android_app target needs 'package_name'"
      )
    }
    let fingerprints = readFingerprints(node, path: "\(path).sha256_cert_fingerprints")
    return .androidApp(package: package, sha256CertFingerprints: fingerprints)
  }

  /// The `sha256_cert_fingerprints` array of an `android_app` target.
  mutating func readFingerprints(_ node: JSONNode, path fingerprintsPath: String) -> [String] {
    var fingerprints: [String] = []
    if let list = node["sha256_cert_fingerprints"] {
      if let elements = list.elements {
        if elements.isEmpty {
          add(
            .error,
            .malformedFingerprint,
            fingerprintsPath,
            list,
            "sha256_cert_fingerprints is empty, so no build of the app is trusted"
          )
        }
        for (index, element) in elements.enumerated() {
          guard let fingerprint = element.string else {
            add(
              .error,
              .wrongType,
              "\(fingerprintsPath)[\(index)]",
              element,
              "a fingerprint must be a string, not \(element.kindName)"
            )
            continue
          }
          fingerprints.append(fingerprint)
          if let message = AndroidApp.fingerprintProblem(fingerprint) {
            add(.error, .malformedFingerprint, "\(fingerprintsPath)[\(index)]", element, message)
          }
        }
      } else {
        add(
          .error,
          .wrongType,
          fingerprintsPath,
          list,
          "sha256_cert_fingerprints must be an array of strings, not \(list.kindName)"
        )
      }
    } else {
      add(
        .error,
        .missingKey,
        fingerprintsPath,
        node,
        "an android_app target needs 'sha256_cert_fingerprints'"
      )
    }
    return fingerprints
  }
}
