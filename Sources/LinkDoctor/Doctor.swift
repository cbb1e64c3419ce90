import Foundation
import LinkAssociation
package import LinkKit

/// Checks a live link domain the way Apple and Google see it, against the route table: TLS,
/// the association files, Apple's CDN copy, the links themselves and `http://`.
///
/// ```swift
/// let report = try Doctor.run(table: table, options: DoctorOptions(domain: "links.example.com"))
/// report.ok       // false when a check failed
/// report.checks   // [DoctorCheck("tls.certificate", .pass, …), …]
/// ```
package struct Doctor {
  let table: RouteTable
  let options: DoctorOptions
  let client: HTTPClient
  /// The sample universal link of each route, on the domain checked.
  let samples: [(route: String, url: String)]
  /// Links on excluded paths and fragments, on the domain checked.
  let excluded: [String]
  var checks: [DoctorCheck] = []
  /// The AASA the origin served, when it served one.
  var originAASA: [UInt8]?
  /// Why TLS failed, when it did: every HTTPS fetch fails the same way.
  var tlsFailure: String?

  /// Runs every check, in order. Throws only when the options are wrong; an unreachable
  /// domain gives a report with ``DoctorReport/unreachable`` set.
  package static func run(table: RouteTable, options: DoctorOptions) throws(DoctorError)
    -> DoctorReport
  {
    var doctor = Doctor(table: table, options: try options.validated())
    doctor.checkDomain()
    guard doctor.checkTLS() else {
      return DoctorReport(domain: doctor.domain, checks: doctor.checks, unreachable: true)
    }
    doctor.checkAASA()
    doctor.checkAppleCDN()
    doctor.checkAssetLinks()
    doctor.checkLinks()
    doctor.checkPlainHTTP()
    return DoctorReport(domain: doctor.domain, checks: doctor.checks, unreachable: false)
  }

  private init(table: RouteTable, options: DoctorOptions) {
    self.table = table
    self.options = options
    client = HTTPClient(
      connectTo: options.connectTo,
      caFile: options.caFile,
      timeout: options.timeout
    )
    let check = AssociationCheck(table: table)
    let domain = options.domain
    var samples: [(route: String, url: String)] = []
    for link in check.sampleLinks {
      guard let route = try? table.parse(link).route.name,
        !samples.contains(where: { $0.route == route })
      else { continue }
      samples.append((route, Self.moved(link, to: domain)))
    }
    self.samples = samples
    var excluded: [String] = []
    for link in check.excludedLinks.map({ Self.moved($0, to: domain) })
    where !excluded.contains(link) {
      excluded.append(link)
    }
    self.excluded = excluded
  }

  /// The domain checked.
  var domain: String { options.domain }

  /// `https://<domain><path>`.
  func https(_ path: String) -> String { "https://\(domain)\(path)" }

  /// The link with its host replaced by `domain`.
  static func moved(_ link: String, to domain: String) -> String {
    guard link.hasPrefix("https://") else { return link }
    let rest = link.dropFirst("https://".count)
    let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
    return "https://" + domain + rest[end...]
  }

  mutating func add(
    _ id: String,
    _ status: CheckStatus,
    _ message: String,
    fix: String = ""
  ) {
    checks.append(DoctorCheck(id, status, message, fix: fix))
  }

  /// Fetches over HTTPS; a failure is recorded as `id` failing, and gives `nil`.
  mutating func fetch(_ url: String, as agent: UserAgent, maxBytes: Int, id: String)
    -> HTTPResponse?
  {
    switch client.get(url, userAgent: agent.value, maxBytes: maxBytes) {
    case .success(let response):
      return response
    case .failure(let failure):
      add(
        id,
        .fail,
        "cannot fetch \(url): \(failure.message)",
        fix: tlsFailure == nil
          ? "make \(url) answer over HTTPS"
          : "fix tls.certificate first: nothing is fetched "
            + "over HTTPS with a certificate the platforms refuse"
      )
      return nil
    }
  }

  // MARK: The domain

  private mutating func checkDomain() {
    if table.app.domains.contains(where: { $0.lowercased() == domain }) {
      add("table.domain", .pass, "\(domain) is one of the table's domains")
    } else {
      add(
        "table.domain",
        .warn,
        "\(domain) is not in the table's app.domains (\(table.app.domains.joined(separator: ", ")))",
        fix: "add it to app.domains, so the app's associated domains and the generated files "
          + "name it"
      )
    }
  }
}

/// The user agents the checks send: the platforms' own where servers treat them differently.
struct UserAgent: Sendable {
  let value: String

  /// Apple's CDN fetcher, which fetches the AASA for devices.
  static let appleFetcher = UserAgent(value: "AASA-Bot/1.0.0")
  /// Google's Digital Asset Links fetcher (the token linkgen serve recognises).
  static let googleFetcher = UserAgent(value: "Google-Digital-Asset-Links/1.0")
  /// Safari on an iPhone.
  static let iPhone = UserAgent(
    value: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 "
      + "(KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1"
  )
  /// Chrome on an Android phone.
  static let android = UserAgent(
    value: "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) "
      + "Chrome/138.0.0.0 Mobile Safari/537.36"
  )
  /// The doctor itself.
  static let doctor = UserAgent(value: "linkgen-doctor")
}
