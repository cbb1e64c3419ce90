import Foundation
import LinkgenTestSupport
import Testing

/// The API's OpenAPI document (`Sources/LinkStoreServer/openapi.json`): served as committed,
/// and naming exactly the methods the server answers on each path.
@Suite(.blockingWork) struct OpenAPITests {
  static let file = PackagePaths.root.appending(path: "Sources/LinkStoreServer/openapi.json")

  /// The committed document, parsed.
  static func document() throws -> [String: Any] {
    let data = try Data(contentsOf: file)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func theServedDocumentIsTheCommittedFileByteForByte() throws {
    let directory = try TemporaryDirectory()
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", "sqlite:\(directory.file("links.sqlite").path)"]
    )
    let committed = try Array(Data(contentsOf: Self.file))
    // Public: no key.
    let served = try server.get("/api/v1/openapi.json")
    #expect(served.status == 200)
    #expect(served.body == committed, "the served document differs from \(Self.file.path)")
    #expect(served.header("Content-Type") == "application/json")
    #expect(served.header("Cache-Control") == "public, max-age=3600")
    let head = try server.get("/api/v1/openapi.json", method: "HEAD")
    #expect(head.status == 200 && head.body.isEmpty)
    #expect(head.header("Content-Length") == String(committed.count))
    let post = try API.send(server, "POST", "/api/v1/openapi.json", body: "{}")
    #expect(post.status == 405 && post.header("Allow") == "GET, HEAD, OPTIONS")
    let document = try Self.document()
    #expect(document["openapi"] as? String == "3.1.0")
  }

  /// For every path of the document, `OPTIONS` on the real server allows exactly the
  /// document's operations: no endpoint the document leaves out, none it invents.
  @Test func everyPathAnswersTheMethodsTheDocumentNames() throws {
    let directory = try TemporaryDirectory()
    let server = try ServerProcess(
      Linkgen.openlist + ["--database", "sqlite:\(directory.file("links.sqlite").path)"]
    )
    let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
    #expect(
      Set(paths.keys) == [
        "/api/v1/links", "/api/v1/links/{code}", "/api/v1/stats", "/api/v1/opens",
        "/api/v1/openapi.json",
      ]
    )
    let verbs: Set = ["get", "head", "post", "put", "patch", "delete", "options", "trace"]
    for (path, item) in paths {
      let documented = Set(item.keys.filter(verbs.contains).map { $0.uppercased() })
      let target = path.replacingOccurrences(of: "{code}", with: "x7k2m9qp")
      let options = try API.send(server, "OPTIONS", target)
      #expect(options.status == 204, "\(path)")
      let allowed = Set(
        (options.header("Allow") ?? "").split(separator: ",").map {
          $0.trimmingCharacters(in: .whitespaces)
        }
      )
      #expect(allowed == documented, "\(path): the server allows \(allowed)")
    }
  }

  /// Each operation that needs a key names its one scope, as the server checks it.
  @Test func keyedOperationsNameTheScopeTheServerChecks() throws {
    let paths = try #require(try Self.document()["paths"] as? [String: [String: Any]])
    func scopes(_ path: String, _ method: String) -> [String]? {
      let operation = paths[path]?[method] as? [String: Any]
      let security = operation?["security"] as? [[String: [String]]]
      return security.map { $0.flatMap { $0["apiKey"] ?? [] } }
    }
    #expect(scopes("/api/v1/links", "post") == ["links:create"])
    #expect(scopes("/api/v1/links/{code}", "delete") == ["links:delete"])
    #expect(scopes("/api/v1/stats", "get") == ["stats:read"])
    #expect(scopes("/api/v1/stats", "head") == ["stats:read"])
    for (path, method) in [
      ("/api/v1/links/{code}", "get"), ("/api/v1/opens", "post"), ("/api/v1/openapi.json", "get"),
    ] {
      #expect(scopes(path, method) == [], "\(method) \(path) is public")
    }
  }

  /// Found by schemathesis: a day before the year 1000 was accepted and answered with a `from`
  /// that is not `YYYY-MM-DD` ("110-08-17"), and an empty `groupBy` column was ignored. Days
  /// before 1970 and empty columns are refused, as the document says.
  @Test func statsRefuseDaysBefore1970AndEmptyColumns() throws {
    let directory = try TemporaryDirectory()
    let database = "sqlite:\(directory.file("links.sqlite").path)"
    let key = try API.key(database, scopes: "stats:read")
    let server = try ServerProcess(Linkgen.openlist + ["--database", database])
    for (query, field) in [
      ("to=0110-09-15", "to"), ("from=1969-12-31", "from"), ("groupBy=", "groupBy"),
      ("groupBy=,", "groupBy"), ("groupBy=route,,day", "groupBy"),
    ] {
      let refused = try API.send(server, "GET", "/api/v1/stats?\(query)", headers: API.bearer(key))
      #expect(try refused.status == 400 && API.error(refused).field == field, "\(refused.text)")
    }
    let first = try API.send(
      server,
      "GET",
      "/api/v1/stats?from=1970-01-01&to=1970-01-02&groupBy=route,day,route",
      headers: API.bearer(key)
    )
    #expect(first.status == 200, "\(first.text)")
  }
}
