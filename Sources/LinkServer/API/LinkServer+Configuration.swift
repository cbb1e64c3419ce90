#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

@available(macOS 14, iOS 17, tvOS 17, visionOS 1, *)
extension LinkServer {
  /// Where the server listens, how long it waits for slow clients, and how long clients and
  /// caches may keep what it serves. The defaults suit a server behind a TLS-terminating proxy
  /// on the same machine.
  ///
  /// ```swift
  /// var configuration = LinkServer.Configuration()
  /// configuration.host = "0.0.0.0"
  /// configuration.port = 8080
  /// configuration.idleTimeout = .seconds(30)
  /// ```
  public struct Configuration: Sendable {
    /// The address to listen on: an IP address or a host name; `127.0.0.1` by default, so
    /// only a proxy on the same machine reaches the server. Use `0.0.0.0` (or `::`) in a
    /// container.
    public var host = "127.0.0.1"
    /// The TCP port, 0–65535; 0 picks a free port (``onListening`` reports it).
    public var port = 8080
    /// A folder of Mustache templates that overrides the built-in ones (as `linkgen page
    /// --templates`); `nil` uses the table's `pages.templates`, if any.
    public var templatesDirectory: URL?
    /// How long a connection may stay open with no request in progress before it is closed.
    public var idleTimeout: Duration = .seconds(60)
    /// How long a client may take to send a request's line and headers, from its first byte;
    /// a slower client is disconnected.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a graceful shutdown (SIGTERM, SIGINT) waits for requests in progress before
    /// cancelling them.
    public var shutdownTimeout: Duration = .seconds(10)
    /// `Cache-Control: max-age` of the association files, in seconds (an hour by default):
    /// short, so that a fixed file reaches devices and Apple's CDN soon.
    public var associationMaxAge = 3600
    /// `Cache-Control: max-age` of QR code images, in seconds (30 days by default): the image
    /// of a link never changes.
    public var qrMaxAge = 2_592_000
    /// Whether `GET /metrics` answers with the Prometheus text format (otherwise 404).
    public var metricsEnabled = true
    /// The most landing pages, 404 pages excluded, kept rendered in memory. A page is kept
    /// when it is asked for a second time (the first request leaves a mark of it, four marks
    /// per page), so that links opened once do not push out the ones people come back to.
    public var pageCacheSize = 2048
    /// The most bytes those pages may take (12 MiB by default: bodies, headers and
    /// bookkeeping), so that a run of distinct links, each page seen once, keeps memory bounded
    /// whatever the pages weigh (a desktop page carries its QR code).
    public var pageCacheBytes = 12 << 20
    /// The most QR code images kept in memory (each kept from its second request, as pages are).
    public var qrCacheSize = 1024
    /// The most bytes those images may take (2 MiB by default).
    public var qrCacheBytes = 2 << 20
    /// Called once the server listens, with the address and the port it is bound to (the
    /// free port chosen for port 0).
    public var onListening: (@Sendable (_ host: String, _ port: Int) async -> Void)?

    /// Later parts of linkgen (short links, the API, click statistics) plug in here.
    package var extensions: [any LinkServerExtension] = []
    /// The largest request body the connection accepts before it is closed; requests to the
    /// server's own routes take none (413).
    package var maximumRequestBodySize = 0
    /// Path patterns the `apple-app-site-association` file claims beside the table's routes
    /// (the short links, `/s/*`), so that a tap on one opens the app.
    package var additionalAssociatedPaths: [String] = []
    /// Imported links' old paths (`/AbCd`) the `apple-app-site-association` file claims exactly
    /// (``KeptPathClaims/paths`` in LinkAssociation), read from the database at start.
    package var keptAssociatedPaths: [String] = []
    /// Every page variant compiled before (``LinkServer/compilePages(_:_:storePings:)``), used
    /// as it is instead of being compiled again: `linkgen serve` compiles them once, to check
    /// the table before it opens the database, and serves with the same plans.
    package var compiledPages: CompiledPages?

    /// The defaults.
    public init() {}

    /// Checks the ranges of the values.
    ///
    /// - Throws: ``ServeError`` with ``ServeError/Code/invalidConfiguration``.
    public func validate() throws(ServeError) {
      func refuse(_ message: String) -> ServeError { ServeError(.invalidConfiguration, message) }
      guard (0...65535).contains(port) else {
        throw refuse("the port must be 0 to 65535, not \(port)")
      }
      guard !host.isEmpty, host.utf8.count <= 253 else {
        throw refuse("the host must be an IP address or a host name")
      }
      for (name, value) in [
        ("idle timeout", idleTimeout), ("header timeout", headerTimeout),
        ("shutdown timeout", shutdownTimeout),
      ] where value <= .zero || value > .seconds(3600) {
        throw refuse("the \(name) must be more than 0 and at most an hour, not \(value)")
      }
      for (name, value) in [
        ("association max-age", associationMaxAge), ("QR max-age", qrMaxAge),
      ] where !(0...31_536_000).contains(value) {
        throw refuse("the \(name) must be 0 to 31536000 seconds (a year), not \(value)")
      }
      for (name, value) in [("page cache", pageCacheSize), ("QR cache", qrCacheSize)]
      where !(0...1_000_000).contains(value) {
        throw refuse("the \(name) size must be 0 to 1000000 entries, not \(value)")
      }
      for (name, value) in [("page cache", pageCacheBytes), ("QR cache", qrCacheBytes)]
      where !(0...(1 << 40)).contains(value) {
        throw refuse("the \(name) must be 0 to 1 TiB, not \(value) bytes")
      }
    }
  }
}
