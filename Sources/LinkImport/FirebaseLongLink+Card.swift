public import LinkKit

/// The social card of a long link: FDL's `st`, `sd` and `si`, the Open Graph title,
/// description and image of its landing page.
///
/// The rule: the card is kept only if `si` is an `https` URL on an allowed host
/// (``defaultImageHosts(for:)``: the table's domains, the host of its `webBase` and of its
/// `pages.image`, plus any the caller adds), with no user name, no port and only printable
/// ASCII; the title at most ``maximumTitleLength`` and the description at most
/// ``maximumDescriptionLength`` characters, with no control or bidirectional-override
/// characters. Otherwise all three are dropped together and the page shows the route's own
/// card: a link's card never points a preview at a host the team does not own.
public struct FirebaseSocialCard: Sendable, Hashable {
  /// The longest title kept, in characters.
  public static let maximumTitleLength = 300
  /// The longest description kept, in characters.
  public static let maximumDescriptionLength = 1000
  /// The longest image URL kept, in bytes.
  public static let maximumImageURLLength = 2048

  /// The Open Graph title (`st`), when the link has one.
  public let title: String?
  /// The Open Graph description (`sd`), when the link has one.
  public let description: String?
  /// The Open Graph image (`si`): https, on an allowed host.
  public let imageURL: String

  /// Creates a card from values already checked by the rule.
  public init(title: String?, description: String?, imageURL: String) {
    self.title = title
    self.description = description
    self.imageURL = imageURL
  }

  /// The hosts a social image may be on by default: the table's domains, and the hosts of its
  /// `app.webBase` and `pages.image`, lower-cased.
  public static func defaultImageHosts(for table: RouteTable) -> Set<String> {
    var hosts = Set(table.app.domains.map { $0.lowercased() })
    for url in [table.app.webBase, table.pages?.image].compactMap({ $0 }) {
      if let host = httpsHost(of: url) { hosts.insert(host) }
    }
    return hosts
  }

  /// Applies the rule to `st`, `sd`, `si`: the card, or why it was dropped.
  static func read(
    _ known: [FirebaseParameter: String],
    imageHosts: Set<String>
  ) -> (card: FirebaseSocialCard?, rejection: String?) {
    let title = known[.st]
    let description = known[.sd]
    guard let image = known[.si] else {
      if title == nil && description == nil { return (nil, nil) }
      return (nil, "the social title and description need an image ('si') on an allowed host")
    }
    if let problem = imageProblem(image, hosts: imageHosts) { return (nil, problem) }
    if let problem = textProblem(title, name: "st", limit: maximumTitleLength) {
      return (nil, problem)
    }
    if let problem = textProblem(description, name: "sd", limit: maximumDescriptionLength) {
      return (nil, problem)
    }
    return (FirebaseSocialCard(title: title, description: description, imageURL: image), nil)
  }

  static func imageProblem(_ url: String, hosts: Set<String>) -> String? {
    guard url.utf8.count <= maximumImageURLLength else {
      return "the social image ('si') is longer than \(maximumImageURLLength) bytes"
    }
    guard url.utf8.allSatisfy(isPlainURLByte) else {
      return "the social image ('si') holds a character a URL may not carry unencoded"
    }
    guard let host = httpsHost(of: url) else {
      return "the social image ('si') is not an https URL with a plain host (no user, no port)"
    }
    guard hosts.contains(host) else {
      return "the social image ('si') is on \(host), which is not an allowed image host"
    }
    return nil
  }

  static func textProblem(_ text: String?, name: String, limit: Int) -> String? {
    guard let text else { return nil }
    if text.count > limit { return "the social text '\(name)' is longer than \(limit) characters" }
    let forbidden = text.unicodeScalars.contains { scalar in
      scalar.properties.generalCategory == .control
        || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
    return forbidden ? "the social text '\(name)' holds a control character" : nil
  }

  /// The lower-cased host of an `https://host/…` URL, or `nil` for anything else (another
  /// scheme, a user name, a port, an empty host).
  static func httpsHost(of url: String) -> String? {
    let bytes = Array(url.utf8)
    let prefix = Array("https://".utf8)
    guard bytes.count > prefix.count,
      bytes[..<prefix.count].map({ $0 | 0x20 }) == prefix.map({ $0 | 0x20 })
    else { return nil }
    let rest = bytes[prefix.count...]
    let end = rest.firstIndex {
      $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
    }
    let authority = rest[..<(end ?? rest.endIndex)]
    let hostByte: (UInt8) -> Bool = { byte in
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
    guard !authority.isEmpty, authority.allSatisfy(hostByte) else { return nil }
    return String(decoding: authority, as: UTF8.self).lowercased()
  }

  /// Printable ASCII without the characters a URL must escape (space, `"`, `<`, `>`, `\`,
  /// `^`, `` ` ``, `{`, `|`, `}`).
  static func isPlainURLByte(_ byte: UInt8) -> Bool {
    guard byte > 0x20, byte < 0x7F else { return false }
    return !Array(#""<>\^`{|}"#.utf8).contains(byte)
  }
}
