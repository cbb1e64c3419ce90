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
      "The database: sqlite:PATH or postgres://USER:PASSWORD@HOST:PORT/DATABASE "
        + "(default: $LINKGEN_DATABASE_URL, else sqlite:linkgen.sqlite).",
      valueName: "url"
    )
  )
  var database: String?

  /// The URL from `--database`, the environment or the default.
  func url() throws(Failure) -> DatabaseURL {
    do {
      return try DatabaseURL.resolve(
        option: database,
        environment: ProcessInfo.processInfo.environment
      )
    } catch {
      throw Failure(error)
    }
  }

  /// Opens the store (applying migrations), runs `body`, closes it.
  func withStore<Result>(
    table: RouteTable? = nil,
    _ body: (LinkStore) async throws(StoreError) -> Result
  ) async throws(Failure) -> Result {
    let url = try url()
    var logger = Logger(label: "linkgen") { StreamLogHandler.standardError(label: $0) }
    logger.logLevel = .warning
    do {
      return try await LinkStore.withStore(url, table: table, logger: logger) { store in
        try await body(store)
      }
    } catch let error as StoreError {
      throw Failure(error)
    } catch {
      throw Failure("\(error)", status: Failure.software)
    }
  }
}

extension Failure {
  /// `EX_UNAVAILABLE`: a service (the database) cannot be reached.
  static let unavailable: Int32 = 69
  /// `EX_IOERR`: an I/O error (a full disk).
  static let ioError: Int32 = 74
  /// `EX_CONFIG`: a configuration error (a bad database URL, a wrong password).
  static let configuration: Int32 = 78

  /// A store error with its exit status.
  init(_ error: StoreError) {
    let status: Int32 =
      switch error.code {
      case .invalidDatabaseURL, .misconfigured, .schemaTooNew: Failure.configuration
      case .unavailable: Failure.unavailable
      case .invalidLink, .invalidRequest, .slugTaken, .notFound, .linkNoLongerValid:
        Failure.dataError
      case .storageFailure: Failure.ioError
      case .internalError: Failure.software
      }
    self.init(error.message, status: status)
  }
}
