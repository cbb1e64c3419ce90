import ArgumentParser
import Logging

/// `serve`'s logging: `--log-level` and `--log-format`.
struct ServeLogOptions: ParsableArguments {
  @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error.")
  var logLevel: LogLevel = .info

  @Option(help: "Log format: text, or json (one object per line).")
  var logFormat: LogFormat = .text

  /// Sends every log to standard error in the chosen format (once per process).
  func bootstrap() {
    let format = logFormat
    LoggingSystem.bootstrap { LineLogHandler(label: $0, format: format) }
  }

  /// A logger at the chosen level.
  func logger(label: String) -> Logger {
    var logger = Logger(label: label)
    logger.logLevel = logLevel.level
    return logger
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
