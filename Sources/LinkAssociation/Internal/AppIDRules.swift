/// The shapes of the identifiers association files name.
enum AppIDRules {
  /// `<Team ID>.<bundle ID>`: ten upper-case letters or digits, a dot, then a bundle ID of
  /// letters, digits, `-` and `.` without empty parts.
  static func problem(_ id: String) -> String? {
    let example = "as in ABCDE12345.com.example.app"
    guard let dot = id.firstIndex(of: ".") else {
      return "\(JSONQuote.short(id)) is not an app ID: <Team ID>.<bundle ID>, \(example)"
    }
    let team = id[..<dot]
    let bundle = id[id.index(after: dot)...]
    guard team.utf8.count == 10,
      team.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
    else {
      return "\(JSONQuote.short(id)) does not start with a Team ID (10 upper-case letters and "
        + "digits); an app ID is <Team ID>.<bundle ID>, \(example)"
    }
    guard bundleIDIsValid(bundle) else {
      return "\(JSONQuote.short(id)) has a malformed bundle ID after the Team ID: use letters, "
        + "digits, '-' and '.', \(example)"
    }
    return nil
  }

  static func bundleIDIsValid(_ bundle: Substring) -> Bool {
    let parts = bundle.split(separator: ".", omittingEmptySubsequences: false)
    return !bundle.isEmpty
      && parts.allSatisfy { part in
        !part.isEmpty
          && part.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
              || $0 == "-"
          }
      }
  }

  /// An Android application ID: two or more dot-separated parts, each a letter followed by
  /// letters, digits or `_`.
  static func packageProblem(_ name: String) -> String? {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    let valid =
      parts.count >= 2
      && parts.allSatisfy { part in
        guard let first = part.unicodeScalars.first,
          ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return part.unicodeScalars.allSatisfy {
          ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
            || $0 == "_"
        }
      }
    return valid
      ? nil
      : "\(JSONQuote.short(name)) is not an Android package name: two or more parts separated "
        + "by '.', each a letter followed by letters, digits or '_', as in com.example.app"
  }

  /// A SHA-256 certificate fingerprint: 32 bytes as upper-case hex pairs separated by `:`.
  static func fingerprintProblem(_ fingerprint: String) -> String? {
    let parts = fingerprint.split(separator: ":", omittingEmptySubsequences: false)
    let isHex: (Unicode.Scalar) -> Bool = {
      ("0"..."9").contains($0) || ("A"..."F").contains($0) || ("a"..."f").contains($0)
    }
    let pairs = parts.allSatisfy {
      $0.unicodeScalars.count == 2 && $0.unicodeScalars.allSatisfy(isHex)
    }
    if pairs && parts.count == 32 {
      return fingerprint == fingerprint.uppercased()
        ? nil
        : "the fingerprint must be upper-case hex: \(fingerprint.uppercased())"
    }
    let digits = fingerprint.unicodeScalars.filter(isHex).count
    if pairs && parts.count == 20 {
      return "\(JSONQuote.short(fingerprint)) is 20 bytes long, a SHA-1 fingerprint; "
        + "assetlinks.json needs the SHA-256 fingerprint (32 bytes)"
    }
    if parts.count == 1 && digits == 64 && fingerprint.unicodeScalars.count == 64 {
      return "\(JSONQuote.short(fingerprint)) has no colons; write the 32 bytes as hex pairs "
        + "separated by ':' (14:6D:E9:…)"
    }
    if fingerprint.unicodeScalars.contains(where: {
      ("G"..."Z").contains($0) || ("g"..."z").contains($0)
    }) {
      return "\(JSONQuote.short(fingerprint)) is a placeholder, not a SHA-256 fingerprint: copy "
        + "the app signing key's fingerprint from Play Console › App integrity"
    }
    return "\(JSONQuote.short(fingerprint)) is not a SHA-256 fingerprint: 32 bytes as upper-case "
      + "hex pairs separated by ':' (found \(parts.count) part\(parts.count == 1 ? "" : "s"), "
      + "\(digits) hex digits)"
  }
}
