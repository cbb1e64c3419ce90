/// Validates the route table's `association` object: each check returns a sentence for the
/// table's error message, or `nil` when the value is well-formed.
enum AssociationRules {
  /// Characters a path pattern may hold as written in a URL (RFC 3986 `pchar` and `/`), plus
  /// the wildcards `*` (already a sub-delimiter) and `?` (never literal in a path).
  private static let pathCharacters = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/%?".utf8
  )

  static func compile(
    _ file: TableDocument.Association?,
    ios: IOSApp?,
    problem: (String, String) -> Void
  ) -> AssociationSettings {
    guard let file else { return .none }
    let excludes = file.excludes ?? []
    for (index, pattern) in excludes.enumerated() {
      let field = "association.excludes[\(index)]"
      if let message = excludeProblem(pattern) {
        problem(field, message)
      } else if excludes[..<index].contains(pattern) {
        problem(field, "'\(pattern)' is listed twice")
      }
    }
    let fragments = file.excludeFragments ?? []
    for (index, pattern) in fragments.enumerated() {
      let field = "association.excludeFragments[\(index)]"
      if let message = fragmentProblem(pattern) {
        problem(field, message)
      } else if fragments[..<index].contains(pattern) {
        problem(field, "'\(pattern)' is listed twice")
      }
    }
    if let clip = file.appClipBundleID {
      if let message = appClipProblem(clip, ios: ios) {
        problem("association.appClipBundleID", message)
      }
    }
    return AssociationSettings(
      excludes: excludes,
      excludeFragments: fragments,
      webCredentials: file.webCredentials ?? false,
      appClipBundleID: file.appClipBundleID
    )
  }

  static func excludeProblem(_ pattern: String) -> String? {
    guard pattern.hasPrefix("/") else {
      return "'\(pattern)' is not a path pattern: it starts with '/', as in /account/*"
    }
    if let problem = characterProblem(pattern, allowed: pathCharacters, place: "a path pattern") {
      return problem
    }
    if pattern.contains("$(") {
      return "'\(pattern)' uses a substitution variable ('$('), which excludes do not support"
    }
    if let problem = escapeProblem(pattern) { return problem }
    let body = pattern.utf8.filter { $0 != UInt8(ascii: "/") }
    if body.contains(UInt8(ascii: "*"))
      && body.allSatisfy({ $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") })
    {
      return "'\(pattern)' excludes every path, so no route could open the app"
    }
    return nil
  }

  static func fragmentProblem(_ pattern: String) -> String? {
    guard !pattern.isEmpty else { return "a fragment pattern is empty" }
    if pattern.hasPrefix("#") {
      return "write the fragment without its '#': '\(pattern.dropFirst())'"
    }
    if let problem = characterProblem(pattern, allowed: pathCharacters, place: "a fragment pattern")
    {
      return problem
    }
    if pattern.contains("$(") {
      return "'\(pattern)' uses a substitution variable ('$('), which excludes do not support"
    }
    if pattern.utf8.allSatisfy({ $0 == UInt8(ascii: "*") }) {
      return "'\(pattern)' matches every link, so no route could open the app"
    }
    return escapeProblem(pattern)
  }

  static func appClipProblem(_ clip: String, ios: IOSApp?) -> String? {
    guard let ios else {
      return "an App Clip belongs to the iOS app; add app.ios with its teamID and bundleID"
    }
    if let message = Identifiers.bundleIDProblem(clip) { return message }
    guard clip.hasPrefix(ios.bundleID + "."), clip.count > ios.bundleID.count + 1 else {
      return "'\(clip)' is not a child of the app's bundle ID: an App Clip's bundle ID is the "
        + "app's plus a suffix, as in \(ios.bundleID).Clip"
    }
    return nil
  }

  private static func characterProblem(_ text: String, allowed: Set<UInt8>, place: String)
    -> String?
  {
    guard
      let bad = text.unicodeScalars.first(where: {
        !$0.isASCII || !allowed.contains(UInt8($0.value))
      })
    else { return nil }
    let shown =
      bad.value < 0x21 || bad.value == 0x7F || !bad.isASCII
      ? ForbiddenScalars.name(bad) : "'\(bad)'"
    return "'\(text)' has \(shown), which \(place) cannot hold as written in a URL "
      + "(percent-encode it, as %XX)"
  }

  private static func escapeProblem(_ text: String) -> String? {
    let bytes = Array(text.utf8)
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
      guard index + 2 < bytes.count, UUIDText.hexValue(bytes[index + 1]) != nil,
        UUIDText.hexValue(bytes[index + 2]) != nil
      else { return "'\(text)' has a '%' that is not followed by two hex digits" }
    }
    return nil
  }
}
