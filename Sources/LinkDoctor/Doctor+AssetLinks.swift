import LinkAssociation
import LinkKit

extension Doctor {
  static let assetLinksPath = "/.well-known/assetlinks.json"

  /// `assetlinks.*`: the file, its statement for the table's package and its fingerprints.
  mutating func checkAssetLinks() {
    guard let android = table.app.android else { return }
    guard
      let response = associationFile(
        Self.assetLinksPath,
        as: .googleFetcher,
        limit: AssetLinksFile.maximumSize,
        id: "assetlinks",
        name: "assetlinks.json"
      )
    else { return }
    let file = AssetLinksFile(response.body)
    lint(file.findings, id: "assetlinks.lint", file: "assetlinks.json")
    let served = servedFingerprints(file, package: android.package)
    checkStatement(served, package: android.package)
    if let served {
      checkFingerprints(served, expected: android.sha256CertFingerprints)
    }
    checkCacheControl(response, id: "assetlinks.cache-control", file: "assetlinks.json")
  }

  /// The fingerprints of the `handle_all_urls` statements for `package`, or `nil` when there
  /// is none.
  private func servedFingerprints(_ file: AssetLinksFile, package: String) -> [String]? {
    var found: [String]?
    for statement in file.statements
    where statement.relations.contains(AssetLinksFile.handleAllURLs) {
      if case .androidApp(let name, let fingerprints)? = statement.target, name == package {
        found = (found ?? []) + fingerprints
      }
    }
    return found
  }

  private mutating func checkStatement(_ served: [String]?, package: String) {
    if served != nil {
      add(
        "assetlinks.statement",
        .pass,
        "has a delegate_permission/common.handle_all_urls statement for \(package)"
      )
    } else {
      add(
        "assetlinks.statement",
        .fail,
        "no delegate_permission/common.handle_all_urls statement names \(package)",
        fix: "serve the file generated from the table (linkgen assetlinks, or linkgen serve); "
          + "check the package name"
      )
    }
  }

  private mutating func checkFingerprints(_ served: [String], expected: [String]) {
    let present = Set(served.map { $0.uppercased() })
    let missing = expected.filter { !present.contains($0.uppercased()) }
    if missing.isEmpty {
      add(
        "assetlinks.fingerprints",
        .pass,
        "has all \(expected.count) SHA-256 fingerprint\(expected.count == 1 ? "" : "s") of the table"
      )
    } else {
      add(
        "assetlinks.fingerprints",
        .fail,
        "lacks the table's fingerprint\(missing.count == 1 ? "" : "s") "
          + missing.joined(separator: ", ") + "; it has " + served.joined(separator: ", "),
        fix: "put the signing certificate of the installed app in it: with Play App Signing "
          + "that is Google's app signing key (Play Console › Test and release › App "
          + "integrity), not your upload key; keep both table and file listing every key"
      )
    }
  }
}
