import LinkKit

/// `relation_extensions` (Android 15 dynamic components), `web` sites, and shared helpers.
extension AssetLinksReader {
  mutating func readExtensions(_ node: JSONNode?, relations: [String], path: String)
    -> [AASAComponent]?
  {
    guard let node else { return nil }
    guard let members = members(of: node, path: path, what: "relation_extensions") else {
      return nil
    }
    var dynamic: [AASAComponent]?
    for member in members {
      let memberPath = JSONPath.member(path, member.key)
      if !relations.contains(member.key) {
        add(
          .warning,
          .unknownKey,
          memberPath,
          member.value,
          "the extension is for \(JSONQuote.short(member.key)), which the statement's relation does not list"
        )
      }
      guard member.value.members != nil else {
        add(
          .error,
          .wrongType,
          memberPath,
          member.value,
          "a relation extension must be an object, not \(member.value.kindName)"
        )
        continue
      }
      guard member.key == AssetLinksFile.handleAllURLs else { continue }
      if let components = readDynamicComponents(member.value, path: memberPath) {
        dynamic = components
      }
    }
    return dynamic
  }

  /// The `dynamic_app_link_components` of the `handle_all_urls` extension, with shadowed rules
  /// reported; nil when there are none to read.
  mutating func readDynamicComponents(_ node: JSONNode, path memberPath: String)
    -> [AASAComponent]?
  {
    unknownKeys(
      in: node,
      path: memberPath,
      known: ["dynamic_app_link_components"],
      what: "key of the extension"
    )
    guard let list = node["dynamic_app_link_components"] else { return nil }
    let listPath = JSONPath.member(memberPath, "dynamic_app_link_components")
    guard let elements = list.elements else {
      add(
        .error,
        .wrongType,
        listPath,
        list,
        "dynamic_app_link_components must be an array of objects, not \(list.kindName)"
      )
      return nil
    }
    var components = AASAReader()
    components.platform = "Android"
    let dynamic = elements.enumerated().map { index, element in
      components.readComponent(
        element,
        path: "\(listPath)[\(index)]",
        known: ["/", "?", "#", "exclude", "comment"]
      )
    }
    findings += components.findings
    for (index, earlier) in ShadowCheck.shadowed(dynamic) {
      add(
        .warning,
        .shadowedRule,
        "\(listPath)[\(index)]",
        list,
        "this rule can never match: \(listPath)[\(earlier)] comes first and matches every URL it would"
      )
    }
    return dynamic
  }

  /// `https://host` or `https://host:port` (also `http`), with no path, query or fragment.
  static func siteProblem(_ site: String) -> String? {
    let scheme =
      site.hasPrefix("https://") ? "https://" : site.hasPrefix("http://") ? "http://" : nil
    guard let scheme else { return "the site \(JSONQuote.short(site)) must start with https://" }
    let rest = site.dropFirst(scheme.count)
    guard !rest.isEmpty, !rest.contains(where: { "/?#@ ".contains($0) }) else {
      return
        "the site \(JSONQuote.short(site)) must be scheme://host[:port], without path, query or user info"
    }
    if let colon = rest.firstIndex(of: ":") {
      let port = rest[rest.index(after: colon)...]
      guard !port.isEmpty, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else {
        return "the site \(JSONQuote.short(site)) has a malformed port"
      }
    }
    return nil
  }

}
