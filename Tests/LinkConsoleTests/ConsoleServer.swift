import Foundation
import LinkgenTestSupport
import Testing

/// A `linkgen serve` with the OpenList table, a SQLite database in a temporary directory and a
/// `console` key, on a free loopback port; requests go through curl (no redirects followed).
final class ConsoleServer {
  let directory: TemporaryDirectory
  let server: ServeProcess
  var port: Int { server.port }
  /// The `console` key made before the start, and its id.
  let key: String
  let keyID: String

  var database: String { "sqlite:" + directory.file("db.sqlite").path }

  init(_ arguments: [String] = ["--insecure-console-cookies"]) throws {
    directory = try TemporaryDirectory()
    let database = "sqlite:" + directory.file("db.sqlite").path
    (key, keyID) = try Self.createKey(database, scope: "console")
    server = try ServeProcess(
      ["--config", PackagePaths.example("openlist").path]
        + ["--database", database, "--flush-interval", "1"] + arguments
    )
  }

  /// The built `linkgen`, beside the test bundle.
  static var executable: URL { ServeProcess.linkgen }

  /// Runs `linkgen` with the arguments.
  static func linkgen(_ arguments: [String]) throws -> ProcessRunner.Result {
    try ProcessRunner.run(
      executable,
      arguments,
      input: nil,
      in: PackagePaths.root,
      environment: [:]
    )
  }

  /// `linkgen keys create --scope <scope>`: the key and its id.
  static func createKey(_ database: String, scope: String) throws -> (String, String) {
    let result = try linkgen([
      "keys", "create", "--scope", scope, "--format", "json", "--database", database,
    ])
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    guard let key = object?["key"] as? String, let id = object?["id"] as? String else {
      throw ConsoleTestError("keys create failed: \(result.error)")
    }
    return (key, id)
  }

  /// One request by curl: method, path, form fields (sent urlencoded), a cookie.
  func request(
    _ method: String = "GET",
    _ path: String,
    form: [(String, String)]? = nil,
    cookie: String? = nil,
    headers: [(String, String)] = []
  ) throws -> CurlResponse {
    var arguments = ["-s", "-i", "--max-time", "20", "-X", method]
    if let cookie { arguments += ["-H", "Cookie: \(cookie)"] }
    for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
    for (name, value) in form ?? [] { arguments += ["--data-urlencode", "\(name)=\(value)"] }
    if form?.isEmpty == true {
      arguments += ["-H", "Content-Type: application/x-www-form-urlencoded", "--data", ""]
    }
    arguments.append("http://127.0.0.1:\(port)\(path)")
    let curl = ProcessRunner.find(["curl"]) ?? URL(fileURLWithPath: "/usr/bin/curl")
    let result = try ProcessRunner.run(curl, arguments, input: nil, in: nil, environment: [:])
    return try CurlResponse(result.output)
  }

  /// Signs in with `key` (by default the console key): the `name=value` of the cookie.
  func signIn(_ key: String? = nil) throws -> String {
    let response = try request("POST", "/console/sign-in", form: [("key", key ?? self.key)])
    guard response.status == 303, let cookie = response.header("Set-Cookie") else {
      throw ConsoleTestError("sign-in answered \(response.status)")
    }
    return String(cookie.prefix { $0 != ";" })
  }

  /// The CSRF token in a signed-in page.
  func csrf(_ cookie: String) throws -> String {
    let page = try request("GET", "/console/links/new", cookie: cookie).body
    guard let range = page.range(of: "name=\"csrf\" value=\"") else {
      throw ConsoleTestError("no CSRF field in the page")
    }
    return String(page[range.upperBound...].prefix { $0 != "\"" })
  }
}

/// A response as curl printed it with `-i`.
struct CurlResponse {
  let status: Int
  let headers: [(String, String)]
  let body: String

  init(_ text: String) throws {
    guard let end = text.range(of: "\r\n\r\n") else {
      throw ConsoleTestError("no response: \(text.prefix(200))")
    }
    let lines = text[..<end.lowerBound].components(separatedBy: "\r\n")
    status = Int(lines[0].split(separator: " ")[1]) ?? 0
    headers = lines.dropFirst().compactMap { line in
      guard let colon = line.firstIndex(of: ":") else { return nil }
      return (
        String(line[..<colon]),
        line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      )
    }
    body = String(text[end.upperBound...])
  }

  func header(_ name: String) -> String? {
    headers.first { $0.0.lowercased() == name.lowercased() }?.1
  }
}

struct ConsoleTestError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
