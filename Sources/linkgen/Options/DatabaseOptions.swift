import ArgumentParser
import Foundation
import LinkKit
import LinkStore
import Logging

/// `--database URL`: where short links, keys and click counts live; shared by `serve`, `keys`
/// and `stats`.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The database: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE, with "
        + "?sslmode=, schema=, application_name=, host= (a socket directory) or "
        + "prepared_statements=off (behind PgBouncer in transaction mode), as docs/store.md "
        + "says (default: $LINKGEN_DATABASE_URL, else sqlite:linkgen.sqlite).",
      valueName: "url"
    )
  )
  var database: String?

  /// The URL from `--database`, the environment or the default.
  func url() throws(StoreError) -> DatabaseURL {
    try DatabaseURL.resolve(option: database, environment: ProcessInfo.processInfo.environment)
  }

  /// Opens the store (applying migrations), runs `body`, closes it. Store warnings go to
  /// standard error.
  func withStore<Result>(
    table: RouteTable? = nil,
    _ body: (LinkStore) async throws -> Result
  ) async throws -> Result {
    let url = try url()
    var logger = Logger(label: "linkgen") { LineLogHandler(label: $0, format: .text) }
    logger.logLevel = .warning
    return try await LinkStore.withStore(url, table: table, logger: logger, body)
  }
}
