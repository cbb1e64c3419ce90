import ArgumentParser
import LinkStore
import LinkStoreServer

/// `serve`'s database and short links: where they live, their path, how clicks are counted.
struct ServeStoreOptions: ParsableArguments {
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

  @Flag(help: "Do not count clicks (short links and the API still work).")
  var noClicks = false

  @Flag(
    inversion: .prefixedNo,
    help: "Estimate the distinct people among the clicks, per day (a salted hash, not stored)."
  )
  var uniqueVisitors = true

  @Option(
    help: ArgumentHelp(
      "Seconds a short link read from the database is reused (0: read it on every visit).",
      valueName: "seconds"
    )
  )
  var linkCacheSeconds = 1

  @Option(
    help: ArgumentHelp(
      "Seconds an API key checked against the database is trusted without reading it again "
        + "(0: read it on every request). A key revoked by `linkgen keys revoke` or another "
        + "copy stops working here at most this long after.",
      valueName: "seconds"
    )
  )
  var keyCacheSeconds = 5

  func validate() throws {
    if noDatabase, database.database != nil {
      throw ValidationError("give --database or --no-database, not both")
    }
    guard (1...3600).contains(flushInterval) else {
      throw ValidationError("--flush-interval must be 1 to 3600 seconds, not \(flushInterval)")
    }
    guard (0...60).contains(linkCacheSeconds) else {
      throw ValidationError("--link-cache-seconds must be 0 to 60, not \(linkCacheSeconds)")
    }
    guard (0...60).contains(keyCacheSeconds) else {
      throw ValidationError("--key-cache-seconds must be 0 to 60, not \(keyCacheSeconds)")
    }
    if let problem = storeOptions.problem() {
      throw ValidationError("--short-link-prefix: \(problem)")
    }
  }

  /// The store's options: the short-link prefix, the flush interval, the key cache.
  var storeOptions: StoreOptions {
    var options = StoreOptions()
    options.shortLinkPrefix = shortLinkPrefix
    options.flushInterval = .seconds(flushInterval)
    options.keyCacheTTL = .seconds(keyCacheSeconds)
    return options
  }

  /// Sets how `settings` counts clicks and caches links.
  func apply(to settings: inout StoreExtension.Settings) {
    settings.recordClicks = !noClicks
    settings.uniqueVisitors = uniqueVisitors
    settings.linkCacheTTL = .seconds(linkCacheSeconds)
  }
}
