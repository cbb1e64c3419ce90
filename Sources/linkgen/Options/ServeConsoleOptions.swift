import ArgumentParser
import LinkConsole
import LinkStore

/// `serve`'s console at `/console` (docs/console.md).
struct ServeConsoleOptions: ParsableArguments {
  @Flag(help: "No console at /console (it is on whenever there is a database).")
  var noConsole = false

  @Flag(
    help: ArgumentHelp(
      "Console cookies without Secure and the __Host- prefix, for plain HTTP on your own machine.",
      discussion: "Behind HTTPS leave it off: the cookie is then __Host-linkgen-console, Secure."
    )
  )
  var insecureConsoleCookies = false

  @Option(
    help: ArgumentHelp(
      "Minutes a console session may go unused before it ends.",
      valueName: "minutes"
    )
  )
  var consoleIdleTimeout = 60

  @Option(
    help: ArgumentHelp(
      "Hours after sign-in a console session ends, used or not.",
      valueName: "hours"
    )
  )
  var consoleSessionLifetime = 12

  @Option(
    help: ArgumentHelp(
      "Console sign-in attempts per client address per minute (0: no limit).",
      valueName: "n"
    )
  )
  var consoleSignInLimit = 10

  func validate() throws {
    guard (1...10_080).contains(consoleIdleTimeout) else {
      throw ValidationError("--console-idle-timeout must be 1 to 10080 minutes")
    }
    guard (1...720).contains(consoleSessionLifetime) else {
      throw ValidationError("--console-session-lifetime must be 1 to 720 hours")
    }
    guard consoleSignInLimit >= 0 else {
      throw ValidationError("--console-sign-in-limit must be 0 or more")
    }
  }

  /// The console over `store`, unless --no-console.
  func console(_ store: LinkStore, trustForwardedFor: Bool) -> ConsoleExtension? {
    guard !noConsole else { return nil }
    var settings = ConsoleExtension.Settings()
    settings.secureCookies = !insecureConsoleCookies
    settings.idleTimeout = Int64(consoleIdleTimeout) * 60
    settings.absoluteTimeout = Int64(consoleSessionLifetime) * 3600
    settings.signInAttemptsPerMinute = consoleSignInLimit
    settings.trustForwardedFor = trustForwardedFor
    return ConsoleExtension(store: store, settings: settings)
  }
}
