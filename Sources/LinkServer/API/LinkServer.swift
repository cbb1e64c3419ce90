import HTTPTypes
import Hummingbird
import HummingbirdCore
public import LinkKit
public import Logging
import NIOCore
import NIOPosix
public import ServiceLifecycle
public import UnixSignals

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The link domain itself, served from a route table: what `linkgen serve` runs.
///
/// - `/.well-known/apple-app-site-association` (and `/apple-app-site-association`) and
///   `/.well-known/assetlinks.json`, generated once at start: 200, `application/json`, an
///   `ETag`, never a redirect or a challenge;
/// - every universal link of the table as a landing page, chosen by the client (iOS, Android,
///   desktop with the QR code, the Open Graph card for link-preview crawlers, the in-app
///   browsers' escape and copy-link pages) and by `Accept-Language`;
/// - `<universal link>?qr=png|svg` as the link's QR code;
/// - a 404 page for everything else, which reflects nothing of the request;
/// - `GET /healthz` and `GET /metrics` (Prometheus text).
///
/// Every response carries the security headers; request heads are bounded in size and time;
/// no route takes a body. The server keeps no state between requests (caches aside), so any
/// number of copies can run behind a load balancer.
///
/// ```swift
/// let table = try RouteTable(contentsOf: URL(filePath: "linkgen.json"))
/// var configuration = LinkServer.Configuration()
/// configuration.port = 8080
/// let server = try LinkServer(table: table, configuration: configuration)
/// try await server.runUntilSignalled()  // SIGTERM or SIGINT: finish requests, then return
/// ```
///
/// `LinkServer` is a swift-service-lifecycle `Service`: it can also run in a `ServiceGroup`
/// of your own, which then owns the shutdown.
@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
public struct LinkServer: Service {
  /// The route table it serves.
  public let table: RouteTable
  /// Its configuration.
  public let configuration: Configuration
  let core: ServerCore
  let logger: Logger

  /// Builds everything the server answers from: the association files, the templates, the
  /// 404 pages.
  ///
  /// - Parameter logger: Where the server logs, the access log included: one `info` line per
  ///   request with its method, path (query values left out), status, duration and request id.
  /// - Throws: ``ServeError``: ``ServeError/Code/associationTooLarge`` when the
  ///   `apple-app-site-association` file would exceed 128 KB, ``ServeError/Code/pages`` for
  ///   templates that do not load, ``ServeError/Code/invalidConfiguration``.
  public init(
    table: RouteTable,
    configuration: Configuration = Configuration(),
    logger: Logger = Logger(label: "linkgen.serve")
  ) throws(ServeError) {
    try configuration.validate()
    self.table = table
    self.configuration = configuration
    self.logger = logger
    let security = SecurityHeaders(strictTransportSecurity: nil)
    core = try ServerCore(
      table: table,
      configuration: configuration,
      security: security,
      logger: logger
    )
    for path in ServerCore.reservedPaths {
      if let parsed = try? table.parse(core.origin + path) {
        logger.warning(
          "the server answers \(path) itself; the route '\(parsed.route.name)' never gets it"
        )
      }
    }
    if table.app.ios == nil {
      logger.notice("the table has no app.ios: the apple-app-site-association paths answer 404")
    }
    if table.app.android == nil {
      logger.notice("the table has no app.android: /.well-known/assetlinks.json answers 404")
    }
  }

  /// Listens and answers until the enclosing task is cancelled or a graceful shutdown is
  /// triggered (by the `ServiceGroup` that runs it); then stops accepting connections, lets
  /// the requests in progress finish, and returns.
  ///
  /// - Throws: ``ServeError`` with ``ServeError/Code/bind`` when the address cannot be
  ///   listened on.
  public func run() async throws {
    let logger = logger
    let shutdown = ShutdownFlag()
    do {
      try await withGracefulShutdownHandler {
        try await application(shutdown).run()
      } onGracefulShutdown: {
        shutdown.set()
        logger.notice("shutting down: no new connections; finishing the requests in progress")
      }
      logger.notice("stopped")
    } catch let error as IOError {
      throw ServeError(
        .bind,
        "cannot listen on \(configuration.host):\(configuration.port): "
          + "\(Self.describe(errno: error.errnoCode))"
      )
    } catch let error as SocketAddressError {
      throw ServeError(
        .bind,
        "cannot listen on \(configuration.host):\(configuration.port): \(error)"
      )
    }
  }

  /// Runs the server until one of `signals` arrives, then shuts it down gracefully: no new
  /// connections, the requests in progress finish (for at most
  /// ``Configuration/shutdownTimeout``), idle connections close.
  public func runUntilSignalled(_ signals: [UnixSignal] = [.sigterm, .sigint]) async throws {
    var group = ServiceGroupConfiguration(
      services: [self],
      gracefulShutdownSignals: signals,
      logger: logger
    )
    group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
    group.maximumCancellationDuration = configuration.shutdownTimeout
    try await ServiceGroup(configuration: group).run()
  }

  private func application(_ shutdown: ShutdownFlag) -> some ApplicationProtocol {
    let limits = ConnectionLimits(
      idleTimeout: configuration.idleTimeout,
      headerTimeout: configuration.headerTimeout,
      maximumBodySize: configuration.maximumRequestBodySize,
      security: core.security
    )
    let responder = LinkResponder(core: core)
    let onListening = configuration.onListening
    let logger = logger
    return Application(
      responder: responder,
      server: HTTPServerBuilder { responder in
        LinkHTTPChannel(responder: responder, limits: limits, core: core, shutdown: shutdown)
      },
      configuration: ApplicationConfiguration(
        address: .hostname(configuration.host, port: configuration.port),
        serverName: nil,
        backlog: 1024,
        reuseAddress: true
      ),
      services: configuration.extensions.flatMap(\.services),
      onServerRunning: { channel in
        let address = channel.localAddress
        logger.notice(
          "listening",
          metadata: ["host": "\(address?.ipAddress ?? "?")", "port": "\(address?.port ?? 0)"]
        )
        await onListening?(address?.ipAddress ?? "", address?.port ?? 0)
      },
      eventLoopGroupProvider: .singleton,
      logger: logger
    )
  }

  private static func describe(errno code: Int32) -> String {
    switch code {
    case EADDRINUSE: "the port is in use by another program"
    case EADDRNOTAVAIL: "the host is not an address of this machine"
    case EACCES: "permission denied (ports below 1024 need privileges)"
    default: String(cString: strerror(code))
    }
  }
}
