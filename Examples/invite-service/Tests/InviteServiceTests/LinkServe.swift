import Foundation

/// A real `linkgen serve` with a SQLite database on a free loopback port, and a key with every
/// API scope, for LinkClient to talk to.
final class LinkServe {
  let process = Process()
  let port: Int
  let key: String
  let database: String
  private let scratch: URL

  /// linkgen's package, two folders above this one.
  static let linkgenRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The `linkgen` executable: $LINKGEN, or linkgen's own debug build.
  static let executable: URL =
    ProcessInfo.processInfo.environment["LINKGEN"].map { URL(fileURLWithPath: $0) }
    ?? linkgenRoot.appendingPathComponent(".build/debug/linkgen")

  /// Whether there is one to run (the tests skip, saying so, when there is not).
  static var available: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

  /// Starts the server on the OpenList example's table; `arguments` are added to serve's.
  init(_ arguments: [String] = []) throws {
    scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("linkclient-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    database = "sqlite:\(scratch.appendingPathComponent("links.sqlite").path)"
    key = try Self.makeKey(database)
    let out = scratch.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    process.executableURL = Self.executable
    process.arguments =
      [
        "serve", "--host", "127.0.0.1", "--port", "0", "--database", database, "--config",
        Self.linkgenRoot.appendingPathComponent("Examples/openlist/linkgen.json").path,
      ] + arguments
    process.standardOutput = try FileHandle(forWritingTo: out)
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    port = try Self.port(printedIn: out, by: process)
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: scratch)
  }

  /// `http://127.0.0.1:<port>`.
  var url: URL {
    var components = URLComponents()
    (components.scheme, components.host, components.port) = ("http", "127.0.0.1", port)
    return components.url ?? URL(fileURLWithPath: "/")
  }

  /// The port of the line `listening on http://127.0.0.1:<port>` the server prints.
  static func port(printedIn file: URL, by process: Process) throws -> Int {
    let deadline = Date().addingTimeInterval(30)
    while Date() < deadline, process.isRunning {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      if let range = text.range(of: "listening on http://127.0.0.1:"),
        let port = Int(text[range.upperBound...].prefix { $0.isNumber })
      {
        return port
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    if process.isRunning { process.terminate() }
    throw LinkServeError(message: "linkgen serve did not start")
  }

  /// A key made by `linkgen keys create` with the scopes.
  static func makeKey(
    _ database: String,
    scopes: String = "links:create,links:delete,stats:read"
  ) throws -> String {
    let keys = Process()
    let output = Pipe()
    keys.executableURL = executable
    keys.arguments = [
      "keys", "create", "--scope", scopes, "--format", "json", "--database", database,
    ]
    keys.standardOutput = output
    keys.standardError = FileHandle.nullDevice
    try keys.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    keys.waitUntilExit()
    guard keys.terminationStatus == 0,
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let key = object["key"] as? String
    else { throw LinkServeError(message: "linkgen keys create failed") }
    return key
  }
}

struct LinkServeError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
