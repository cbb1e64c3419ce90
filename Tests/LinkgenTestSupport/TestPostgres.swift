import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The PostgreSQL server the store's tests use: `LINKGEN_TEST_POSTGRES_URL`, else a local
/// server on 127.0.0.1:5432 with the role and database that `.ci/start-postgres` creates. Tests
/// that need it skip with ``skipMessage`` when nothing listens there.
public enum TestPostgres {
  /// The URL `.ci/start-postgres` prints with its defaults.
  public static let defaultURL = "postgres://linkgen:linkgen@127.0.0.1:5432/linkgen_test"

  /// `LINKGEN_TEST_POSTGRES_URL`, or ``defaultURL``.
  public static var baseURL: String {
    ProcessInfo.processInfo.environment["LINKGEN_TEST_POSTGRES_URL"].flatMap {
      $0.isEmpty ? nil : $0
    } ?? defaultURL
  }

  /// Why the PostgreSQL tests are skipped.
  public static let skipMessage =
    "no PostgreSQL server reachable at LINKGEN_TEST_POSTGRES_URL (default \(defaultURL)); "
    + "run `export LINKGEN_TEST_POSTGRES_URL=\"$(bash .ci/start-postgres)\"`; skipping"

  /// Whether a server accepts TCP connections at the URL's host and port (checked once).
  public static let isReachable: Bool = {
    guard let components = URLComponents(string: baseURL), let host = components.host else {
      return false
    }
    return canConnect(host: host, port: components.port ?? 5432)
  }()

  /// The base URL with `schema` (and TLS off), so each test has tables of its own.
  public static func url(schema: String) -> String {
    let separator = baseURL.contains("?") ? "&" : "?"
    return "\(baseURL)\(separator)schema=\(schema)&sslmode=disable"
  }

  /// A new schema name, unique to one test.
  public static func freshSchema() -> String {
    "lgtest_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
  }

  /// Drops a test's schema with `psql`, when it is installed (it is wherever
  /// `.ci/start-postgres` ran), so that the test database does not keep one per test run.
  /// Failures are ignored: a schema left behind costs space, not a test.
  public static func dropSchema(_ schema: String) {
    guard let psql = ProcessRunner.find(["psql"]) else { return }
    _ = try? ProcessRunner.run(
      psql,
      [
        baseURL, "-q", "-c",
        // A lock held by a server the test left running must not hold the test up.
        "SET lock_timeout = '5s'; DROP SCHEMA IF EXISTS \(schema) CASCADE",
      ],
      input: nil,
      in: nil,
      environment: [:]
    )
  }

  private static func canConnect(host: String, port: Int) -> Bool {
    var hints = addrinfo()
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    var result: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else {
      return false
    }
    defer { freeaddrinfo(result) }
    let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    return connect(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0
  }
}
