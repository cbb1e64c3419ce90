import Foundation
import LinkgenTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A link domain on loopback with real TLS: a CA and certificates made with openssl, one real
/// `linkgen serve` for the OpenList table, and one unprivileged nginx (its own prefix, pid and
/// temporary paths) with a pair of ports (HTTPS, HTTP) per ``DoctorCase``, plus a stand-in for
/// Apple's CDN. ``doctor(_:)`` runs `linkgen doctor openlist.example.com` against a case.
final class DoctorLab {
  static let domain = "openlist.example.com"
  static let nginx = ProcessRunner.find(["nginx"], orAt: "/usr/sbin/nginx")
  static let openssl = ProcessRunner.find(["openssl"])
  static let caddy = ProcessRunner.find(["caddy"])
  static var toolsPresent: Bool { nginx != nil && openssl != nil }
  static let missing =
    "nginx or openssl is not installed (apt-get install nginx openssl); skipping the doctor's "
    + "tests against a real nginx"

  let scratch: TemporaryDirectory
  private var serve: Process?
  private var nginx: Process?
  private var caddy: Process?
  /// The HTTPS and HTTP ports of each case.
  private(set) var ports: [DoctorCase: (https: Int, http: Int)] = [:]
  private(set) var cdnPort = 0
  private(set) var servePort = 0

  /// The TLS proxy in front of linkgen serve.
  enum Front {
    /// nginx: deploy/nginx/linkgen.conf for `.deploy`, and every fault.
    case nginx
    /// Caddy: deploy/Caddyfile, for `.deploy` only.
    case caddy
  }

  init(front: Front = .nginx) throws {
    scratch = try TemporaryDirectory()
    // nginx's workers run as nobody when the tests run as root: they read the fault files.
    chmod(scratch.url.path, 0o755)
    try Certificates.make(in: scratch, openssl: try #require(Self.openssl))
    try FaultFiles.write(in: scratch)
    try startServe()
    switch front {
    case .nginx: try startNginx()
    case .caddy: try startCaddy()
    }
  }

  deinit { stop() }

  func stop() {
    for process in [nginx, caddy, serve].compactMap({ $0 }) where process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      process.waitUntilExit()
    }
  }

  /// Runs `linkgen doctor --format json` against a case.
  func doctor(_ testCase: DoctorCase) throws -> DoctorRun {
    let (https, http) = try #require(ports[testCase])
    let cdn = "http://127.0.0.1:\(cdnPort)/\(testCase == .cdnDiffers ? "stale" : "same")/a/v1/"
    let result = try ProcessRunner.run(
      Self.linkgen,
      [
        "doctor", Self.domain, "--config", PackagePaths.example("openlist").path,
        "--connect-to", "\(Self.domain):443:127.0.0.1:\(https)",
        "--connect-to", "\(Self.domain):80:127.0.0.1:\(http)",
        "--ca-file", scratch.file("ca.pem").path, "--apple-cdn-url", cdn, "--format", "json",
      ],
      timeout: 60
    )
    return try DoctorRun(result)
  }

  /// What nginx logged.
  var nginxLog: String {
    (try? String(contentsOf: scratch.file("nginx/error.log"), encoding: .utf8)) ?? ""
  }

  // MARK: Processes

  /// The built `linkgen`, beside the test bundle (the test target depends on it).
  static let linkgen = ServeProcess.linkgen

  private func startServe() throws {
    let output = scratch.file("serve.out")
    let process = try launch(
      Self.linkgen,
      [
        "serve", "--port", "0", "--no-database", "--trust-forwarded-for",
        "--config", PackagePaths.example("openlist").path,
      ],
      output: output
    )
    serve = process
    try waitFor(process, "linkgen serve") {
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      guard let range = text.range(of: "listening on http://127.0.0.1:") else { return false }
      self.servePort = Int(text[range.upperBound...].prefix { $0.isNumber }) ?? 0
      return self.servePort != 0
    }
  }

  private func startNginx() throws {
    let free = try FreePorts.take(DoctorCase.allCases.count * 2 + 1)
    for (index, testCase) in DoctorCase.allCases.enumerated() {
      ports[testCase] = (free[index * 2], free[index * 2 + 1])
    }
    cdnPort = free[free.count - 1]
    let prefix = scratch.file("nginx")
    try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    let deploy = try #require(ports[.deploy])
    let site = try DeploySite.templated(
      https: deploy.https,
      http: deploy.http,
      serve: servePort,
      directory: scratch.url
    )
    try Data(site.utf8).write(to: scratch.file("deploy-site.conf"))
    try Data(NginxConfig.main(lab: self).utf8).write(to: scratch.file("nginx.conf"))
    let process = try launch(
      try #require(Self.nginx),
      [
        "-p", prefix.path, "-e", scratch.file("nginx/error.log").path,
        "-c", scratch.file("nginx.conf").path, "-g", "daemon off;",
      ],
      output: scratch.file("nginx.out")
    )
    nginx = process
    try waitFor(process, "nginx") {
      FileManager.default.fileExists(atPath: prefix.appendingPathComponent("nginx.pid").path)
    }
  }

  private func startCaddy() throws {
    let free = try FreePorts.take(3)
    ports[.deploy] = (free[0], free[1])
    cdnPort = free[2]
    let file = try DeploySite.caddyfile(lab: self)
    try Data(file.utf8).write(to: scratch.file("Caddyfile"))
    let output = scratch.file("caddy.out")
    let process = try launch(
      try #require(Self.caddy),
      ["run", "--config", scratch.file("Caddyfile").path, "--adapter", "caddyfile"],
      output: output,
      environment: ["HOME": scratch.url.path, "XDG_DATA_HOME": scratch.file("caddy").path]
    )
    caddy = process
    try waitFor(process, "caddy") {
      let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      return log.contains("serving initial configuration")
    }
  }

  private func launch(
    _ executable: URL,
    _ arguments: [String],
    output: URL,
    environment: [String: String] = [:]
  ) throws -> Process {
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = scratch.url
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: output)
    process.standardInput = FileHandle.nullDevice
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    try process.run()
    return process
  }

  /// Waits (at most 30 s) until `ready` says so; fails with the process's output if it exits.
  private func waitFor(_ process: Process, _ name: String, ready: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(30)
    while !ready() {
      guard process.isRunning, Date() < deadline else {
        stop()
        let output = (try? String(contentsOf: scratch.file("\(name).out"), encoding: .utf8))
        throw LabError(description: "\(name) did not start: \(output ?? "")\(nginxLog)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }
}

struct LabError: Error, CustomStringConvertible {
  let description: String
}

/// What one `linkgen doctor --format json` printed, read back.
struct DoctorRun {
  let status: Int32
  let ok: Bool
  let checks: [(id: String, status: String, message: String, fix: String)]
  let raw: String

  init(_ result: ProcessRunner.Result) throws {
    status = result.status
    raw = result.output + result.error
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any],
      "not a JSON object: \(raw)"
    )
    #expect(object.keys.sorted() == ["checks", "domain", "ok"])
    #expect(object["domain"] as? String == DoctorLab.domain)
    ok = try #require(object["ok"] as? Bool)
    let list = try #require(object["checks"] as? [[String: String]])
    checks = list.map { ($0["id"] ?? "", $0["status"] ?? "", $0["message"] ?? "", $0["fix"] ?? "") }
    #expect(list.allSatisfy { $0.keys.sorted() == ["fix", "id", "message", "status"] })
  }

  /// The ids of the checks that failed.
  var failed: Set<String> { Set(checks.filter { $0.status == "fail" }.map(\.id)) }

  func check(_ id: String) -> (id: String, status: String, message: String, fix: String)? {
    checks.first { $0.id == id }
  }
}

/// Free loopback ports: bound together (so they differ), then released for nginx.
enum FreePorts {
  static func take(_ count: Int) throws -> [Int] {
    var sockets: [Int32] = []
    defer { sockets.forEach { close($0) } }
    var ports: [Int] = []
    for _ in 0..<count {
      #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
      #endif
      guard fd >= 0 else { throw LabError(description: "socket() failed") }
      sockets.append(fd)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
      }
      guard bound else { throw LabError(description: "bind() failed") }
      ports.append(Int(UInt16(bigEndian: address.sin_port)))
    }
    return ports
  }
}
