import Foundation
import LinkgenTestSupport
import Testing

/// The command's own failures: nothing to reach, bad options; and the systemd unit.
@Suite("linkgen doctor: exit statuses and the systemd unit")
struct DoctorCommandTests {
  private func doctor(_ arguments: [String]) throws -> ProcessRunner.Result {
    try ProcessRunner.run(
      DoctorLab.linkgen,
      ["doctor", DoctorLab.domain, "--config", PackagePaths.example("openlist").path]
        + arguments,
      timeout: 60
    )
  }

  @Test func nothingListeningExits69() throws {
    let port = try #require(FreePorts.take(1).first)
    let result = try doctor([
      "--connect-to", "\(DoctorLab.domain):443:127.0.0.1:\(port)", "--format", "json",
    ])
    #expect(result.status == 69, "\(result.output)\(result.error)")
    #expect(result.error.contains("nothing answers over HTTPS at \(DoctorLab.domain)"))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    #expect(object["ok"] as? Bool == false)
    let checks = try #require(object["checks"] as? [[String: String]])
    let tls = try #require(checks.first { $0["id"] == "tls.certificate" })
    #expect(tls["status"] == "fail")
    #expect(tls["fix"]?.contains("DNS") == true)
  }

  @Test(arguments: [
    (["--connect-to", "openlist.example.com:443"], "is not HOST1:PORT1:HOST2:PORT2"),
    (["--apple-cdn-url", "ftp://cdn.example/"], "is not an http(s) URL"),
    (["--timeout", "0"], "--timeout must be from 1 to 300 seconds"),
  ])
  func badOptionsExit64(_ arguments: [String], _ message: String) throws {
    let result = try doctor(arguments)
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.contains(message), "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test func aURLForTheDomainExits64() throws {
    let result = try ProcessRunner.run(
      DoctorLab.linkgen,
      [
        "doctor", "https://openlist.example.com/", "--config",
        PackagePaths.example("openlist").path,
      ]
    )
    #expect(result.status == 64)
    #expect(result.error.contains("give the bare host"), "\(result.error)")
  }

  @Test func aMissingCAFileExits66() throws {
    let result = try doctor(["--ca-file", "/nonexistent/ca.pem"])
    #expect(result.status == 66)
    #expect(result.error.contains("cannot read the --ca-file /nonexistent/ca.pem"))
  }

  /// `systemd-analyze verify` accepts deploy/linkgen.service, run against the built binary
  /// (verify checks that ExecStart's program exists), and prints nothing: it warns about an
  /// unknown key or an unparsable value without failing, so the script fails on any output.
  @Test(
    .enabled(
      if: ProcessRunner.find(["systemd-analyze"]) != nil,
      "systemd-analyze is not installed (apt-get install systemd); skipping the unit check"
    )
  )
  func theSystemdUnitVerifies() throws {
    let result = try ProcessRunner.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        PackagePaths.root.appendingPathComponent("scripts/doctor-verify-unit.sh").path,
        DoctorLab.linkgen.path,
      ]
    )
    #expect(result.status == 0, "\(result.output)\(result.error)")
    #expect(result.output.contains("systemd-analyze verify OK"))
  }
}
