import ArgumentParser
import Foundation
import LinkAssociation
import LinkConsole
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
          /console
              the console (sign in with a key of scope console): links, QR
              codes, click charts; --no-console turns it off (docs/console.md)
        Every landing-page and short-link hit is counted (day, route, short link, \
        platform, in-app browser, referrer host; bots apart with the reason; no \
        address, no user agent), written every --flush-interval seconds and at \
        shutdown; distinct people are estimated per day from a hash of the address \
        and user agent with a salt made for each UTC day, shared by every copy through \
        the database and deleted once its day has passed (--no-unique-visitors turns \
        that off). Rate limits: --rate-limit per client address, --key-rate-limit per \
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

    @OptionGroup(title: "Network") var network: ServeNetworkOptions

    @OptionGroup(title: "Pages and caching") var content: ServeContentOptions

    @OptionGroup(title: "Logs") var logs: ServeLogOptions

    @OptionGroup(title: "Short links and clicks") var store: ServeStoreOptions

    @OptionGroup(title: "Limits") var limits: ServeLimitOptions

    @OptionGroup(title: "Console") var console: ServeConsoleOptions

    func run() async throws {
      logs.bootstrap()
      let logger = logs.logger(label: "linkgen.serve")
      let table = try self.table.load()
      guard !store.noDatabase else {
        let server = try LinkServer(
          table: table,
          configuration: serverConfiguration(),
          logger: logger
        )
        try await server.runUntilSignalled()
        return
      }
      let url = try store.database.url()
      let pages = try checkBeforeTheDatabase(table, logger: logger)
      logger.notice("opening the database", metadata: ["database": "\(url)"])
      try await LinkStore.withStore(
        url,
        table: table,
        options: store.storeOptions,
        logger: logs.logger(label: "linkgen.store")
      ) { store in
        try await serve(table, with: store, pages: pages, logger: logger)
        logger.notice("writing the last click counts")
      }
    }

    /// What the table makes (the association files, the templates) is checked before the
    /// database is touched, so a broken table leaves no database file behind. The page
    /// variants compiled for the check are the ones the server then sends.
    private func checkBeforeTheDatabase(_ table: RouteTable, logger: Logger) throws
      -> CompiledPages
    {
      var check = serverConfiguration()
      check.additionalAssociatedPaths = ["/\(store.shortLinkPrefix)/*"]
      let pages = try LinkServer.compilePages(
        table,
        check,
        storePings: storeSettings().recordClicks
      )
      check.compiledPages = pages
      var quiet = logger
      quiet.logLevel = .critical
      _ = try LinkServer(table: table, configuration: check, logger: quiet)
      return pages
    }

    /// The store extension's settings, from the options.
    private func storeSettings() -> StoreExtension.Settings {
      var settings = StoreExtension.Settings()
      limits.apply(to: &settings)
      store.apply(to: &settings)
      return settings
    }

    /// Serves the link domain with `linkStore`'s short links, API and click counts until a
    /// signal, with the pages the check compiled.
    private func serve(
      _ table: RouteTable,
      with linkStore: LinkStore,
      pages: CompiledPages,
      logger: Logger
    ) async throws {
      let settings = storeSettings()
      let storeExtension = StoreExtension(store: linkStore, settings: settings, logger: logger)
      var configuration = serverConfiguration()
      configuration.extensions = storeExtension.serverExtensions
      if let console = console.console(linkStore, trustForwardedFor: settings.trustForwardedFor) {
        configuration.extensions.append(console)
      }
      configuration.maximumRequestBodySize = limits.maxBodySize
      configuration.additionalAssociatedPaths = [storeExtension.associatedPath]
      configuration.keptAssociatedPaths = try await keptPathClaims(linkStore, table, logger)
      configuration.compiledPages = pages
      let server = try LinkServer(table: table, configuration: configuration, logger: logger)
      try await server.runUntilSignalled()
    }

    /// The kept paths of the imported links, as the served AASA claims them: read at start (a
    /// restart after an import updates the file); a path the table's excludes match, or one
    /// the server answers itself, is left out with a warning.
    private func keptPathClaims(_ linkStore: LinkStore, _ table: RouteTable, _ logger: Logger)
      async throws -> [String]
    {
      let prefix = store.shortLinkPrefix
      var keepable: [String] = []
      for path in try await linkStore.keptPaths() {
        guard KeptPathClaims.isKeepable(path[...], shortLinkPrefix: prefix) else {
          logger.warning(
            "an imported link's path is not claimed: the server answers it itself",
            metadata: ["path": "\(path)"]
          )
          continue
        }
        keepable.append(path)
      }
      let claims = try KeptPathClaims(keepable, table: table, shortLinkPrefix: prefix)
      for path in claims.excluded {
        logger.warning(
          "an imported link's path is not claimed: the table's excludes match it",
          metadata: ["path": "\(path)"]
        )
      }
      return claims.paths
    }

    private func serverConfiguration() -> LinkServer.Configuration {
      var configuration = LinkServer.Configuration()
      network.apply(to: &configuration)
      content.apply(to: &configuration)
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
