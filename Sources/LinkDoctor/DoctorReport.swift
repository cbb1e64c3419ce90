import Foundation
package import LinkKit

/// The outcome of one check.
package enum CheckStatus: String, Sendable, Hashable, CaseIterable {
  /// As the platforms need it.
  case pass
  /// Works, but something is off: worth fixing before it breaks.
  case warn
  /// Breaks universal links or App Links (or what a check needs could not be fetched).
  case fail
}

/// One line of the checklist: what was checked, what was seen, and what to do.
package struct DoctorCheck: Sendable, Hashable {
  /// A stable id, such as `aasa.content-type` (docs/doctor.md lists them all).
  package let id: String
  /// Pass, warn or fail.
  package let status: CheckStatus
  /// What was seen.
  package let message: String
  /// What to do about it; empty when the check passed.
  package let fix: String

  package init(_ id: String, _ status: CheckStatus, _ message: String, fix: String = "") {
    self.id = id
    self.status = status
    self.message = message
    self.fix = status == .pass ? "" : fix
  }
}

/// The checklist for one domain.
package struct DoctorReport: Sendable {
  /// The domain checked.
  package let domain: String
  /// The checks, in the order they ran.
  package let checks: [DoctorCheck]
  /// Whether the domain could not be reached at all (no connection to it over HTTPS).
  package let unreachable: Bool

  /// Whether no check failed.
  package var ok: Bool { !checks.contains { $0.status == .fail } }

  /// `{"domain", "ok", "checks": [{"id", "status", "message", "fix"}]}`.
  package var json: JSONValue {
    .object([
      ("domain", .string(domain)),
      ("ok", .bool(ok)),
      (
        "checks",
        .array(
          checks.map {
            .object([
              ("id", .string($0.id)),
              ("status", .string($0.status.rawValue)),
              ("message", .string($0.message)),
              ("fix", .string($0.fix)),
            ])
          }
        )
      ),
    ])
  }

  /// One line per check (`PASS  aasa.fetch  …`), its fix indented below, and a summary.
  package var text: String {
    var lines: [String] = []
    for check in checks {
      let mark = check.status.rawValue.uppercased().padding(
        toLength: 4,
        withPad: " ",
        startingAt: 0
      )
      lines.append("\(mark)  \(check.id): \(check.message)")
      if !check.fix.isEmpty { lines.append("      fix: \(check.fix)") }
    }
    let failed = checks.filter { $0.status == .fail }.count
    let warned = checks.filter { $0.status == .warn }.count
    lines.append(
      "\(domain): \(checks.count) checks, \(failed) failed, \(warned) warning"
        + (warned == 1 ? "" : "s")
    )
    return lines.joined(separator: "\n")
  }
}
