import LinkAssociation
import LinkKit

/// The output of `check-aasa` and `check-assetlinks`.
enum CheckOutput {
  static func text(file: String, byteCount: Int, findings: [Finding], matches: [AASAMatch])
    -> String
  {
    var lines = [header(file: file, byteCount: byteCount, findings)]
    lines += findings.map(\.description)
    for match in matches {
      lines.append(match.url)
      lines.append(
        (match.matched ? "  opens the app: " : "  does not open an app: ") + match.reason
      )
    }
    return lines.joined(separator: "\n")
  }

  static func header(file: String, byteCount: Int, _ findings: [Finding]) -> String {
    let name = file == "-" ? "standard input" : file
    let size = "\(byteCount) byte\(byteCount == 1 ? "" : "s")"
    guard !findings.isEmpty else { return "\(name): OK (\(size), no problems)" }
    return "\(name): \(counts(findings)) (\(size))"
  }

  static func summary(file: String, _ findings: [Finding]) -> String {
    "\(file == "-" ? "standard input" : file) has \(counts(findings))"
  }

  private static func counts(_ findings: [Finding]) -> String {
    let errors = findings.errors.count
    let warnings = findings.warnings.count
    return
      "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
  }

  static func describe(_ statement: AssetStatement) -> String {
    if let include = statement.include { return "include \(include)" }
    let relations = statement.relations.map {
      $0.replacing("delegate_permission/common.", with: "")
    }
    var text = relations.joined(separator: ", ")
    switch statement.target {
    case .androidApp(let package, let fingerprints)?:
      text +=
        " → android_app \(package) (\(fingerprints.count) fingerprint\(fingerprints.count == 1 ? "" : "s"))"
    case .web(let site)?: text += " → web \(site)"
    case .unknown(let namespace)?: text += " → unknown namespace \(namespace)"
    case nil: text += " → no target"
    }
    if let components = statement.dynamicComponents {
      text += ", \(components.count) dynamic component\(components.count == 1 ? "" : "s")"
    }
    return text
  }

  /// `{"file", "bytes", "rejected", "errors", "warnings", "findings": [...], "urls": [...]}`.
  static func json(
    file: String,
    byteCount: Int,
    rejected: Bool,
    findings: [Finding],
    matches: [AASAMatch]?
  ) -> String {
    var members: [(String, JSONValue)] = [
      ("file", .string(file)),
      ("bytes", .number(byteCount)),
      ("rejected", .bool(rejected)),
      ("errors", .number(findings.errors.count)),
      ("warnings", .number(findings.warnings.count)),
      ("findings", .array(findings.map(\.json))),
    ]
    if let matches {
      members.append(("urls", .array(matches.map(\.json))))
    }
    return JSONValue.object(members).rendered()
  }
}
