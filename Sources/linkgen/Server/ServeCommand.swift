import ArgumentParser
import Foundation
import LinkKit
import LinkServer
import Logging

extension Linkgen {
  /// `linkgen serve [--config FILE] [--host 127.0.0.1] [--port 8080] …`
  @available(macOS 14, *)
  struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve the link domain: association files, landing pages, QR codes.",
      discussion: """
        One process, no other service, no state: run as many copies as you like \
        behind a load balancer, with a TLS proxy in front (docs/serve.md). It answers:
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

        Exit status: 0 after a shutdown by signal, 64 for a usage error, 65 when the \
        table cannot be served (the AASA over 128 KB, broken templates), 66 when the \
        route table cannot be read, 69 when the address cannot be listened on (the \
        port is in use).
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
      let server = try LinkServer(
        table: table,
        configuration: serverConfiguration(),
        logger: logger
      )
      try await server.runUntilSignalled()
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
