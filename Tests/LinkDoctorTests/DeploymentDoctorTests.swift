import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen doctor` against a real nginx with real TLS: the repository's own deploy/ site in
/// front of a real `linkgen serve` passes every check, and each classic fault, one at a time,
/// fails its check with its fix and exit status 65. One serve and one nginx for all cases.
@Suite(
  "linkgen doctor against nginx",
  .enabled(if: DoctorLab.toolsPresent, "\(DoctorLab.missing)")
)
struct DeploymentDoctorTests {
  @Test func theDeploySitePassesAndEachFaultFailsItsCheck() throws {
    let lab = try DoctorLab()
    defer { lab.stop() }
    let run = try lab.doctor(.deploy)
    #expect(run.status == 0, "\(run.raw)\n\(lab.nginxLog)")
    #expect(run.ok)
    let notPassed = run.checks.filter { $0.status != "pass" }
    #expect(notPassed.isEmpty, "checks that did not pass: \(notPassed)")
    let ids = Set(run.checks.map(\.id))
    for id in DoctorCase.allCases.map(\.expected.id) where !id.isEmpty {
      #expect(ids.contains(id), "the deployment's run has no check \(id)")
    }
    for fault in DoctorCase.faults {
      try expectFault(fault, lab: lab)
    }
    // A certificate with 10 days left is a warning: the exit status stays 0.
    let soon = try lab.doctor(.expiringSoon)
    #expect(soon.status == 0, "\(soon.raw)")
    let tls = try #require(soon.check("tls.certificate"))
    #expect(tls.status == "warn" && tls.message.contains("it expires in 9 days"), "\(tls)")
    #expect(tls.fix.contains("renew"))
  }

  private func expectFault(_ fault: DoctorCase, lab: DoctorLab) throws {
    let run = try lab.doctor(fault)
    let (id, fixMentions) = fault.expected
    #expect(run.status == 65, "\(fault): exit status \(run.status): \(run.raw)")
    #expect(!run.ok, "\(fault)")
    let check = try #require(run.check(id), "\(fault): no check \(id) in \(run.raw)")
    #expect(check.status == "fail", "\(fault): \(id) is \(check.status): \(check.message)")
    #expect(check.fix.contains(fixMentions), "\(fault): the fix of \(id) is '\(check.fix)'")
    if fault == .expiredCertificate {
      // What TLS saw: the expired certificate's end, read without verifying.
      #expect(check.message.contains("valid until 2020-02-01T00:00:00Z"), "\(check.message)")
    }
    let unexpected = run.failed.subtracting([id]).subtracting(fault.alsoFailing)
    #expect(unexpected.isEmpty, "\(fault): also failed: \(unexpected): \(run.raw)")
  }

  /// deploy/Caddyfile in front of the same linkgen serve passes every check too.
  @Test(
    .enabled(
      if: DoctorLab.caddy != nil,
      "caddy is not installed (apt-get install caddy); skipping the Caddyfile's run"
    )
  )
  func theDeployCaddyfilePasses() throws {
    let lab = try DoctorLab(front: .caddy)
    defer { lab.stop() }
    let run = try lab.doctor(.deploy)
    #expect(run.status == 0, "\(run.raw)")
    // Caddy's own redirect is a 308 (the nginx site's is a 301).
    let redirect = try #require(run.check("http.redirect"))
    #expect(redirect.message.contains("redirects (308) to https://\(DoctorLab.domain)/"))
    let notPassed = run.checks.filter { $0.status != "pass" }
    #expect(notPassed.isEmpty, "checks that did not pass: \(notPassed)")
  }
}
