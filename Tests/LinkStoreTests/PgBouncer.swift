import Foundation
import LinkgenTestSupport
import Synchronization
import Testing

@testable import LinkStore

#if canImport(Glibc)
  import Glibc
#endif

/// A real PgBouncer in transaction mode in front of the test PostgreSQL server, on a Unix-domain
/// socket in a directory of its own. Its one database, `pooled`, hands each transaction to any
/// of `serverConnections` server connections, whose `search_path` is a fresh schema (set when
/// PgBouncer opens them: transaction mode never resets it).
final class PgBouncer: @unchecked Sendable {
  static let executable = ProcessRunner.find(["pgbouncer"], orAt: "/usr/sbin/pgbouncer")
  static var isInstalled: Bool { executable != nil }
  static let skipMessage =
    "pgbouncer is not installed (apt-get install pgbouncer); skipping the store's tests "
    + "behind a transaction-mode pooler"
  /// The port in the socket's name (no TCP port is opened).
  static let port = 6432

  let schema = TestPostgres.freshSchema()
  private let scratch: TemporaryDirectory
  private let process = Process()
  private let stopped = Mutex(false)

  /// - Parameter settings: more lines of the `[pgbouncer]` section.
  init(serverConnections: Int, settings lines: [String] = []) async throws {
    scratch = try TemporaryDirectory()
    // PgBouncer refuses to run as root: tests run as root (CI) start it as nobody, who writes
    // its socket here.
    chmod(scratch.url.path, 0o777)
    try await PostgresServer.execute("CREATE SCHEMA \(schema)")
    let settings = try PostgresServer.settings()
    let server = [
      "host=\(settings.host ?? "127.0.0.1")", "port=\(settings.port)",
      "dbname=\(settings.database ?? settings.user)", "user=\(settings.user)",
      "password=\(settings.password ?? "")", "pool_mode=transaction",
      "pool_size=\(serverConnections)", "connect_query='SET search_path = \(schema)'",
    ]
    let configuration = """
      [databases]
      pooled = \(server.joined(separator: " "))
      [pgbouncer]
      listen_addr =
      listen_port = \(Self.port)
      unix_socket_dir = \(scratch.url.path)
      auth_type = any
      max_client_conn = 1000
      \(lines.joined(separator: "\n"))
      """
    try configuration.write(to: scratch.file("pgbouncer.ini"), atomically: true, encoding: .utf8)
    try start()
  }

  deinit { stop() }

  /// Stops PgBouncer and drops the schema (once; again does nothing).
  func stop() {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    if process.isRunning {
      // SIGKILL: PgBouncer inherits the test process's blocked signals, SIGTERM among them.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    TestPostgres.dropSchema(schema)
  }

  /// The URL of the pooled database, with `options` (`prepared_statements=off`) after it.
  func url(_ options: String = "") throws -> DatabaseURL {
    let user = try PostgresServer.settings().user
    let query = ["host=\(scratch.url.path)", options].filter { !$0.isEmpty }.joined(separator: "&")
    return try DatabaseURL("postgres://\(user)@:\(Self.port)/pooled?\(query)")
  }

  /// What PgBouncer logged.
  var log: String {
    (try? String(contentsOf: scratch.file("pgbouncer.log"), encoding: .utf8)) ?? ""
  }

  private func start() throws {
    let output = scratch.file("pgbouncer.log")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    guard let executable = Self.executable else {
      throw PgBouncerError(description: Self.skipMessage)
    }
    process.executableURL = executable
    let user = getuid() == 0 ? ["-u", "nobody"] : []
    process.arguments = user + [scratch.file("pgbouncer.ini").path]
    process.standardOutput = try FileHandle(forWritingTo: output)
    process.standardError = try FileHandle(forWritingTo: output)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let socket = scratch.file(".s.PGSQL.\(Self.port)").path
    let deadline = Date().addingTimeInterval(30)
    while !FileManager.default.fileExists(atPath: socket) {
      guard process.isRunning, Date() < deadline else {
        throw PgBouncerError(description: "pgbouncer did not start: \(log)")
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
  }
}

struct PgBouncerError: Error, CustomStringConvertible {
  let description: String
}
