import ArgumentParser
import Foundation
import LinkKit
import LinkServer
import LinkStore
import LinkStoreServer
import Logging

extension Linkgen {
  /// `linkgen serve [--config FILE] [--host 127.0.0.1] [--port 8080] …`
  @available(macOS 14, *)
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Serve the link domain: association files, landing pages, QR codes, short links, the API.",
      discussion: """
        One process, no other service: run as many copies as you like behind a load \
        balancer, with a TLS proxy in front (docs/serve.md). Short links, API keys and \
        click counts live in the database: --database, else $LINKGEN_DATABASE_URL, else \
        sqlite:linkgen.sqlite in the working directory (created, migrated at start); \
        use postgres://… for several copies, --no-database for a server without state. \
        It answers:
          /.well-known/apple-app-site-association, /.well-known/assetlinks.json
              made at start, application/json, ETag, never redirected; it refuses
              to start when the AASA would exceed Apple's 128 KB
          every universal link of the table
              its landing page for the visitor: iPhone, Android, computer (with
              the QR code), link-preview crawler (the Open Graph card), in-app
              browser (Instagram, Facebook, TikTok, LINE, KakaoTalk, Gmail…: a
              way out and a copy-link button); English or Korean by
              Accept-Language
          <universal link>?qr=png or ?qr=svg
              its QR code; qr-size=64-2048, qr-margin=0-16, qr-ecc=L|M|Q|H,
              qr-fg=COLOUR, qr-bg=COLOUR
          anything else
              a 404 page that shows nothing of the request
          /healthz, /metrics
              200 ok; Prometheus text (--no-metrics: 404)
        With a database (docs/serve.md, "Short links and the API"):
          /s/<code>
              the short link's landing page itself, never a redirect; 410 once
              expired or used up (--short-link-prefix changes "s")
          POST /api/v1/links {"route", "params", "expiresAt"?, "maxVisits"?, "slug"?}
              201 {"code", "short", "links"}; key scope links:create
          GET /api/v1/links/<code>      {"route", "params", "links"}; public
          DELETE /api/v1/links/<code>   key scope links:delete
          POST /api/v1/opens {"link"}   public: the app reports a link restored
                                        after install (counted as deferred)
          GET /api/v1/stats?route=&link=&from=&to=&groupBy=   key scope stats:read
              keys: Authorization: Bearer lgk_… (linkgen keys create)
        Every landing-page and short-link hit is counted (day, route, short link, \
        platform, in-app browser, referrer host; bots apart with the reason; no \
        address, no user agent), written every --flush-interval seconds and at \
        shutdown; distinct people are estimated per day from a hash of the address \
        and user agent with a salt kept in memory for the day, never stored \
        (--no-unique-visitors turns that off). Rate limits: --rate-limit per client address, --key-rate-limit per \
        key, per minute, counted by each copy on its own.
        SIGTERM or SIGINT stops it after the requests in progress finish. The \
        address goes to standard output; logs go to standard error, one line per \
        request (method, path without query values, status, duration, request id).

        Examples:
          linkgen serve --config Examples/openlist/linkgen.json
          curl -i localhost:8080/.well-known/apple-app-site-association
          curl -A 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X)' \\
              localhost:8080/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301
          curl -o code.png 'localhost:8080/invite/ABC123?qr=png&qr-size=512'
          linkgen serve --host 0.0.0.0 --port 0 --log-format json
          linkgen serve --config Examples/openlist/linkgen.json \\
              --database postgres://linkgen:secret@db.internal/linkgen

        Exit status: 0 after a shutdown by signal, 64 for a usage error, 65 when the \
        table cannot be served (the AASA over 128 KB, broken templates), 66 when the \
        route table cannot be read, 69 when the address cannot be listened on (the \
        port is in use) or the database cannot be reached at start, 78 for a bad \
        database URL or a database that refuses the connection's settings.
        """
    )

    @OptionGroup var table: TableOptions

    @Option(
      help: ArgumentHelp(
        "The address to listen on; 0.0.0.0 or :: for every interface (in a container).",
        valueName: "address"
      )
    )
    var host = "127.0.0.1"

    @Option(help: ArgumentHelp("The TCP port; 0 picks a free one (printed).", valueName: "port"))
    var port = 8080

    @Option(
      help: ArgumentHelp(
        "Templates overriding the built-in ones (default: the table's pages.templates).",
        valueName: "dir"
      ),
      completion: .directory
    )
    var templates: String?

    @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error.")
    var logLevel: LogLevel = .info

    @Option(help: "Log format: text, or json (one object per line).")
    var logFormat: LogFormat = .text

    @Option(
      help: ArgumentHelp(
        "Seconds a connection may stay open with no request in progress.",
        valueName: "seconds"
      )
    )
    var idleTimeout = 60

    @Option(
      help: ArgumentHelp(
        "Seconds a client may take to send a request's line and headers.",
        valueName: "seconds"
      )
    )
    var headerTimeout = 10

    @Option(
      help: ArgumentHelp(
        "Seconds a shutdown waits for requests in progress.",
        valueName: "seconds"
      )
    )
    var shutdownTimeout = 10

    @Option(
      help: ArgumentHelp(
        "Cache-Control max-age of the association files, in seconds.",
        valueName: "seconds"
      )
    )
    var associationMaxAge = 3600

    @Option(
      help: ArgumentHelp(
        "Cache-Control max-age of QR code images, in seconds.",
        valueName: "seconds"
      )
    )
    var qrMaxAge = 2_592_000

    @Flag(help: "Answer /metrics with 404 (when the proxy cannot keep it private).")
    var noMetrics = false

    @OptionGroup var database: DatabaseOptions

    @Flag(help: "No database: no short links, API or click counts (the link domain alone).")
    var noDatabase = false

    @Option(
      help: ArgumentHelp(
        "The path segment of short links: s gives https://<domain>/s/<code>.",
        valueName: "segment"
      )
    )
    var shortLinkPrefix = "s"

    @Option(
      help: ArgumentHelp(
        "Seconds between writes of the buffered click counts (a crash loses at most this).",
        valueName: "seconds"
      )
    )
    var flushInterval = 5

    @Option(
      help: ArgumentHelp(
        "Requests a minute per client address to short links and the API; 0 for no limit.",
        valueName: "n"
      )
    )
    var rateLimit = 600

    @Option(
      help: ArgumentHelp("API requests a minute per API key; 0 for no limit.", valueName: "n")
    )
    var keyRateLimit = 1200

    @Flag(
      help: "Take the client address from the last X-Forwarded-For entry (behind a proxy)."
    )
    var trustForwardedFor = false

    @Option(
      help: ArgumentHelp("The largest API request body, in bytes.", valueName: "bytes")
    )
    var maxBodySize = 16384

    @Flag(help: "Do not count clicks (short links and the API still work).")
    var noClicks = false

    @Flag(
      inversion: .prefixedNo,
      help: "Estimate the distinct people among the clicks, per day (a salted hash, never stored)."
    )
    var uniqueVisitors = true

    @Option(
      help: ArgumentHelp(
        "Seconds a short link read from the database is reused (0: read it on every visit).",
        valueName: "seconds"
      )
    )
    var linkCacheSeconds = 1

    func validate() throws {
      guard (0...65535).contains(port) else {
        throw ValidationError("--port must be 0 to 65535, not \(port)")
      }
      for (name, value) in [
        ("--idle-timeout", idleTimeout), ("--header-timeout", headerTimeout),
        ("--shutdown-timeout", shutdownTimeout),
      ] where !(1...3600).contains(value) {
        throw ValidationError("\(name) must be 1 to 3600 seconds, not \(value)")
      }
      for (name, value) in [
        ("--association-max-age", associationMaxAge), ("--qr-max-age", qrMaxAge),
      ]
      where !(0...31_536_000).contains(value) {
        throw ValidationError("\(name) must be 0 to 31536000 seconds (a year), not \(value)")
      }
      guard (1...3600).contains(flushInterval) else {
        throw ValidationError("--flush-interval must be 1 to 3600 seconds, not \(flushInterval)")
      }
      for (name, value) in [("--rate-limit", rateLimit), ("--key-rate-limit", keyRateLimit)]
      where !(0...1_000_000).contains(value) {
        throw ValidationError("\(name) must be 0 (no limit) to 1000000 a minute, not \(value)")
      }
      guard (0...60).contains(linkCacheSeconds) else {
        throw ValidationError("--link-cache-seconds must be 0 to 60, not \(linkCacheSeconds)")
      }
      guard (1...1_048_576).contains(maxBodySize) else {
        throw ValidationError("--max-body-size must be 1 to 1048576 bytes, not \(maxBodySize)")
      }
      if noDatabase, database.database != nil {
        throw ValidationError("give --database or --no-database, not both")
      }
      var options = StoreOptions()
      options.shortLinkPrefix = shortLinkPrefix
      if let problem = options.problem() {
        throw ValidationError("--short-link-prefix: \(problem)")
      }
    }

    func run() async throws {
      let format = logFormat
      LoggingSystem.bootstrap { label in
        switch format {
        case .text: StreamLogHandler.standardError(label: label)
        case .json: JSONLogHandler(label: label)
        }
      }
      var logger = Logger(label: "linkgen.serve")
      logger.logLevel = logLevel.level
      let table = try self.table.load()
      guard !noDatabase else {
        let server = try LinkServer(
          table: table,
          configuration: serverConfiguration(),
          logger: logger
        )
        try await server.runUntilSignalled()
        return
      }
      var options = StoreOptions()
      options.shortLinkPrefix = shortLinkPrefix
      options.flushInterval = .seconds(flushInterval)
      var storeLogger = Logger(label: "linkgen.store")
      storeLogger.logLevel = logLevel.level
      let url = try database.url()
      // What the table makes (the association files, the templates) is checked before the
      // database is touched, so a broken table leaves no database file behind.
      var check = serverConfiguration()
      check.additionalAssociatedPaths = ["/\(shortLinkPrefix)/*"]
      var quiet = logger
      quiet.logLevel = .critical
      _ = try LinkServer(table: table, configuration: check, logger: quiet)
      logger.notice("opening the database", metadata: ["database": "\(url)"])
      try await LinkStore.withStore(url, table: table, options: options, logger: storeLogger) {
        store in
        var settings = StoreExtension.Settings()
        settings.maximumBodySize = maxBodySize
        settings.addressRateLimit = rateLimit
        settings.keyRateLimit = keyRateLimit
        settings.trustForwardedFor = trustForwardedFor
        settings.recordClicks = !noClicks
        settings.uniqueVisitors = uniqueVisitors
        settings.linkCacheTTL = .seconds(linkCacheSeconds)
        let storeExtension = StoreExtension(store: store, settings: settings, logger: logger)
        var configuration = serverConfiguration()
        configuration.extensions = storeExtension.serverExtensions
        configuration.maximumRequestBodySize = maxBodySize
        configuration.additionalAssociatedPaths = [storeExtension.associatedPath]
        let server = try LinkServer(table: table, configuration: configuration, logger: logger)
        try await server.runUntilSignalled()
        logger.notice("writing the last click counts")
      }
    }

    private func serverConfiguration() -> LinkServer.Configuration {
      var configuration = LinkServer.Configuration()
      configuration.host = host
      configuration.port = port
      configuration.templatesDirectory = templates.map {
        URL(fileURLWithPath: $0, isDirectory: true)
      }
      configuration.idleTimeout = .seconds(idleTimeout)
      configuration.headerTimeout = .seconds(headerTimeout)
      configuration.shutdownTimeout = .seconds(shutdownTimeout)
      configuration.associationMaxAge = associationMaxAge
      configuration.qrMaxAge = qrMaxAge
      configuration.metricsEnabled = !noMetrics
      configuration.onListening = { host, port in
        let shown = host.contains(":") ? "[\(host)]" : host
        // Unbuffered, so that a script reading the port sees it at once.
        FileHandle.standardOutput.write(
          Data("linkgen serve: listening on http://\(shown):\(port)\n".utf8)
        )
      }
      return configuration
    }
  }
}

/// `--log-level`.
enum LogLevel: String, ExpressibleByArgument, CaseIterable {
  case trace, debug, info, notice, warning, error, critical

  var level: Logger.Level { Logger.Level(rawValue: rawValue) ?? .info }
}

/// `--log-format`.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
  case text, json
}
