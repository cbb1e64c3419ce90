// The validators the route table applies to each identifier, shared with LinkAssociation's
// readers of real-world files (`package`, not public API).

extension IOSApp {
  /// Why the text is not an App ID (`<Team ID>.<bundle ID>`, as in
  /// `ABCDE12345.com.example.app`), or `nil` when it is one.
  package static func appIDProblem(_ id: String) -> String? { Identifiers.appIDProblem(id) }

  /// Why the text is not a Team ID (10 upper-case letters and digits), or `nil`.
  package static func teamIDProblem(_ id: String) -> String? { Identifiers.teamIDProblem(id) }

  /// Why the text is not a bundle ID (reverse-DNS of letters, digits and `-`), or `nil`.
  package static func bundleIDProblem(_ id: String) -> String? { Identifiers.bundleIDProblem(id) }
}

extension AndroidApp {
  /// Why the text is not an Android application ID (`com.example.app`), or `nil`.
  package static func packageProblem(_ name: String) -> String? { Identifiers.packageProblem(name) }

  /// Why the text is not a SHA-256 certificate fingerprint (32 bytes as upper-case hex pairs
  /// joined by `:`), or `nil`. Names the common mistakes: lower case, a SHA-1 fingerprint, no
  /// colons, a placeholder.
  package static func fingerprintProblem(_ fingerprint: String) -> String? {
    Identifiers.fingerprintProblem(fingerprint)
  }
}
