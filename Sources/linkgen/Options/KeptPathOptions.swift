import ArgumentParser
import Foundation
import LinkAssociation
import LinkKit

/// `--kept-paths FILE`: association files that also claim imported short links at their old
/// paths (`/AbCd`), for files hosted somewhere else than `linkgen serve`.
struct KeptPathOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Also claim these imported links' old paths (/AbCd): a file with one path a line "
        + "(blank lines and lines starting with # are skipped), or - for standard input. "
        + "Each is claimed exactly; paths the table's association excludes match are left out.",
      valueName: "file"
    )
  )
  var keptPaths: String?

  /// The claims of the file's paths, or none without the option.
  func claims(table: RouteTable, shortLinkPrefix: String?) throws -> KeptPathClaims? {
    guard let keptPaths else { return nil }
    let text = String(decoding: try InputFile.read(keptPaths), as: UTF8.self)
    var paths: [String] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard KeptPathClaims.isKeepable(line[...], shortLinkPrefix: shortLinkPrefix) else {
        throw ValidationError(
          "--kept-paths \(keptPaths) line \(index + 1): '\(line.prefix(80))' is not a path that "
            + "can be kept ('/' and 1–16 segments of A–Z, a–z, 0–9, '-', '.', '_', '~', none of "
            + "the server's own: api, console, .well-known, healthz, metrics, the short-link prefix)"
        )
      }
      paths.append(line)
    }
    let claims = try KeptPathClaims(paths, table: table, shortLinkPrefix: shortLinkPrefix)
    for path in claims.excluded {
      Console.warning("not claiming \(path): the table's association excludes match it")
    }
    return claims
  }
}
