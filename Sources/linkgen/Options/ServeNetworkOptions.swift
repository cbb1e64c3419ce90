import ArgumentParser
import LinkServer

/// `serve`'s address and connection timeouts.
struct ServeNetworkOptions: ParsableArguments {
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
    help: ArgumentHelp("Seconds a shutdown waits for requests in progress.", valueName: "seconds")
  )
  var shutdownTimeout = 10

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
  }

  /// Sets the address and the timeouts of `configuration`.
  func apply(to configuration: inout LinkServer.Configuration) {
    configuration.host = host
    configuration.port = port
    configuration.idleTimeout = .seconds(idleTimeout)
    configuration.headerTimeout = .seconds(headerTimeout)
    configuration.shutdownTimeout = .seconds(shutdownTimeout)
  }
}
