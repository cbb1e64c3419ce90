import ArgumentParser
import Foundation
import LinkServer

/// `serve`'s pages and caching: the templates, the `Cache-Control` lifetimes, `/metrics`.
struct ServeContentOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Templates overriding the built-in ones (default: the table's pages.templates).",
      valueName: "dir"
    ),
    completion: .directory
  )
  var templates: String?

  @Option(
    help: ArgumentHelp(
      "Cache-Control max-age of the association files, in seconds.",
      valueName: "seconds"
    )
  )
  var associationMaxAge = 3600

  @Option(
    help: ArgumentHelp("Cache-Control max-age of QR code images, in seconds.", valueName: "seconds")
  )
  var qrMaxAge = 2_592_000

  @Flag(help: "Answer /metrics with 404 (when the proxy cannot keep it private).")
  var noMetrics = false

  func validate() throws {
    for (name, value) in [("--association-max-age", associationMaxAge), ("--qr-max-age", qrMaxAge)]
    where !(0...31_536_000).contains(value) {
      throw ValidationError("\(name) must be 0 to 31536000 seconds (a year), not \(value)")
    }
  }

  /// Sets the templates, the lifetimes and `/metrics` of `configuration`.
  func apply(to configuration: inout LinkServer.Configuration) {
    configuration.templatesDirectory = templates.map {
      URL(fileURLWithPath: $0, isDirectory: true)
    }
    configuration.associationMaxAge = associationMaxAge
    configuration.qrMaxAge = qrMaxAge
    configuration.metricsEnabled = !noMetrics
  }
}
