import ArgumentParser
import LinkStoreServer

/// `serve`'s limits on short links and the API: rates, body size, the client's address.
struct ServeLimitOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Requests a minute per client address to short links and the API; 0 for no limit.",
      valueName: "n"
    )
  )
  var rateLimit = 600

  @Option(help: ArgumentHelp("API requests a minute per API key; 0 for no limit.", valueName: "n"))
  var keyRateLimit = 1200

  @Flag(help: "Take the client address from the last X-Forwarded-For entry (behind a proxy).")
  var trustForwardedFor = false

  @Option(help: ArgumentHelp("The largest API request body, in bytes.", valueName: "bytes"))
  var maxBodySize = 16384

  func validate() throws {
    for (name, value) in [("--rate-limit", rateLimit), ("--key-rate-limit", keyRateLimit)]
    where !(0...1_000_000).contains(value) {
      throw ValidationError("\(name) must be 0 (no limit) to 1000000 a minute, not \(value)")
    }
    guard (1...1_048_576).contains(maxBodySize) else {
      throw ValidationError("--max-body-size must be 1 to 1048576 bytes, not \(maxBodySize)")
    }
  }

  /// Sets the limits of `settings`.
  func apply(to settings: inout StoreExtension.Settings) {
    settings.maximumBodySize = maxBodySize
    settings.addressRateLimit = rateLimit
    settings.keyRateLimit = keyRateLimit
    settings.trustForwardedFor = trustForwardedFor
  }
}
