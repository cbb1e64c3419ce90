/// `POST /api/v1/opens {"link": "<the link>"}`: what an app sends on its first launch when it
/// restored a deep link after install.
enum DeferredOpenReport {
  /// The longest link read (the parser's own limit on a link).
  static let maximumLinkLength = 8192

  /// Reads `{"link": "<string>"}`.
  static func link(json body: [UInt8]) throws(RequestProblem) -> String {
    let members = try JSONInput.object(body, shape: #"{"link"}"#)
    if let unknown = members.keys.sorted().first(where: { $0 != "link" }) {
      throw RequestProblem(
        field: String(unknown.prefix(64)),
        message: "unknown field '\(unknown.prefix(64))'; the only field is link"
      )
    }
    guard case .string(let link)? = members["link"], !link.isEmpty,
      link.utf8.count <= maximumLinkLength
    else {
      throw RequestProblem(
        field: "link",
        message: "link is required: the link the app restored, as a string of at most "
          + "\(maximumLinkLength) bytes"
      )
    }
    return link
  }

  /// The code of `https://<one of the domains>/<prefix><code>`, or `nil` for another link.
  static func shortCode(in link: String, domains: [String], prefix: String) -> String? {
    for domain in domains {
      let start = "https://" + domain + prefix
      guard link.count > start.count, link.lowercased().hasPrefix(start.lowercased()) else {
        continue
      }
      let code = link.dropFirst(start.count).prefix { $0 != "?" && $0 != "#" }
      return code.isEmpty || code.contains("/") ? nil : String(code)
    }
    return nil
  }
}
