import Foundation
import Testing

@testable import LinkKit

struct RouteTableTests {
  @Test(arguments: Fixtures.exampleNames)
  func examplesLoad(name: String) throws {
    let table = try Fixtures.example(name)
    #expect(!table.routes.isEmpty)
    #expect(table.source?.hasSuffix("Examples/\(name)/linkgen.json") == true)
  }

  @Test func openlistIdentity() {
    let app = Fixtures.openlist.app
    #expect(app.scheme == "openlist")
    #expect(app.canonicalDomain == "openlist.example.com")
    #expect(app.ios?.appID == "ABCDE12345.com.example.openlist")
    #expect(app.ios?.appStoreID == "1234567890")
    #expect(app.android?.package == "com.example.openlist")
  }

  @Test func compiledPatterns() throws {
    let route = try #require(Fixtures.openlist.route(named: "shared-checklist"))
    #expect(route.schemePattern.form == .authority(host: "shared-checklists"))
    #expect(route.schemePattern.path.isEmpty)
    #expect(route.schemePattern.query.map(\.name) == ["shared-checklistId"])
    #expect(route.universalPattern.form == .universal)
    #expect(route.universalPattern.path == [.literal("shared-checklists"), .parameter(0)])
    let photo = try #require(Fixtures.photos.route(named: "album-photo"))
    #expect(photo.schemePattern.form == .opaque)
    #expect(photo.schemePattern.path == [.parameter(0)])
  }

  /// Each broken table names the field (and the route, when in one) and says what is wrong.
  @Test(arguments: [
    // (routes JSON, field, route, words in the message)
    (
      #"{"name": "a", "scheme": "openlist://a", "universal": "/a"}, {"name": "a", "scheme": "openlist://b", "universal": "/b"}"#,
      "routes[1].name", "a", "already used"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "id", "type": "uuid"}], "scheme": "openlist://a?id={idd}", "universal": "/a/{id}"}"#,
      "routes[0].scheme", "a", "{idd}, which the route does not declare"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "id", "type": "uuid"}], "scheme": "openlist://a", "universal": "/a/{id}"}"#,
      "routes[0].scheme", "a", "leaves out the parameter {id}"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "n", "type": "int", "default": 1}], "scheme": "openlist://a/{n}", "universal": "/a?n={n}"}"#,
      "routes[0].scheme", "a", "optional parameter {n} sits in the path"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "n", "type": "int", "min": 5, "max": 1}], "scheme": "openlist://a/{n}", "universal": "/a/{n}"}"#,
      "routes[0].parameters[0].max", "a", "below min"
    ),
    // An empty value would leave an empty path segment, which no parser reads back (found by
    // fuzzing: Fuzz/corpus/association/regression-empty-path-segment).
    (
      #"{"name": "a", "parameters": [{"name": "s", "type": "string", "minLength": 0}], "scheme": "openlist://a?s={s}", "universal": "/{s}/a"}"#,
      "routes[0].universal", "a", "{s} sits in a path segment, which cannot be empty"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "n", "type": "integer"}], "scheme": "openlist://a/{n}", "universal": "/a/{n}"}"#,
      "routes[0].parameters[0].type", "a", "unknown type 'integer'"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "n", "type": "uuid", "min": 1}], "scheme": "openlist://a/{n}", "universal": "/a/{n}"}"#,
      "routes[0].parameters[0].min", "a", "does not apply"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "e", "type": "enum", "values": []}], "scheme": "openlist://a/{e}", "universal": "/a/{e}"}"#,
      "routes[0].parameters[0].values", "a", "lists its values"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "e", "type": "enum", "values": ["x"], "default": "y"}], "scheme": "openlist://a?e={e}", "universal": "/a?e={e}"}"#,
      "routes[0].parameters[0].default", "a", "must be one of x"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "b", "type": "bool", "default": "yes"}], "scheme": "openlist://a?b={b}", "universal": "/a?b={b}"}"#,
      "routes[0].parameters[0].default", "a", "not a value of type bool"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "s", "type": "string", "allowedCharacters": "z-a"}], "scheme": "openlist://a/{s}", "universal": "/a/{s}"}"#,
      "routes[0].parameters[0].allowedCharacters", "a", "runs backwards"
    ),
    (
      #"{"name": "Bad Name", "scheme": "openlist://a", "universal": "/a"}"#,
      "routes[0].name", "Bad Name", "not a route name"
    ),
    (
      #"{"name": "a", "scheme": "other://a", "universal": "/a"}"#,
      "routes[0].scheme", "a", "not the app's scheme"
    ),
    (
      #"{"name": "a", "scheme": "openlist://{x}", "parameters": [{"name": "x", "type": "uuid"}], "universal": "/a/{x}"}"#,
      "routes[0].scheme", "a", "cannot stand for the host"
    ),
    (
      #"{"name": "a", "scheme": "openlist://a", "universal": "https://openlist.example.com/a"}"#,
      "routes[0].universal", "a", "the domain comes from app.domains"
    ),
    (
      #"{"name": "a", "scheme": "openlist://a/x{y}", "parameters": [{"name": "y", "type": "int"}], "universal": "/a/{y}"}"#,
      "routes[0].scheme", "a", "fills a whole path segment"
    ),
    (
      #"{"name": "a", "scheme": "openlist://a/b c", "universal": "/a"}"#,
      "routes[0].scheme", "a", "U+0020"
    ),
    (
      #"{"name": "a", "scheme": "openlist://a/", "universal": "/a"}"#,
      "routes[0].scheme", "a", "trailing '/'"
    ),
    (
      #"{"name": "a", "scheme": "openlist://a?x=1&x=2", "universal": "/a"}"#,
      "routes[0].scheme", "a", "appears twice"
    ),
    (
      #"{"name": "a", "scheme": "openlist://a#frag", "universal": "/a"}"#,
      "routes[0].scheme", "a", "fragment"
    ),
    // Two routes that could match the same link.
    (
      #"{"name": "a", "parameters": [{"name": "s", "type": "string"}], "scheme": "openlist://x/{s}", "universal": "/x/{s}"}, {"name": "b", "scheme": "openlist://x/new", "universal": "/x/new"}"#,
      "routes[1].scheme", "b", "could match the same scheme links as route 'a'"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "n", "type": "int", "min": 0, "max": 10}], "scheme": "openlist://a/{n}", "universal": "/x/{n}"}, {"name": "b", "parameters": [{"name": "m", "type": "int", "min": 5}], "scheme": "openlist://b/{m}", "universal": "/x/{m}"}"#,
      "routes[1].universal", "b", "could match the same universal links"
    ),
    (
      #"{"name": "a", "parameters": [{"name": "q", "type": "string"}], "scheme": "openlist://s?q={q}", "universal": "/s?q={q}"}, {"name": "b", "parameters": [{"name": "t", "type": "string"}], "scheme": "openlist://s?t={t}", "universal": "/t?t={t}"}"#,
      "routes[1].scheme", "b", "could match"
    ),
  ])
  func brokenRoutes(routes: String, field: String, route: String, words: String) {
    do {
      _ = try Fixtures.table(routes: routes)
      Issue.record("the table loaded, but \(field) is broken")
    } catch {
      let problem = error.problems.first { $0.field == field }
      #expect(problem != nil, "no problem at \(field): \(error)")
      #expect(problem?.route == route)
      #expect(problem?.message.contains(words) == true, "\(problem?.message ?? "")")
      #expect(error.file == "test.json")
      // The routes are on line 9 of the test table; the problem names its column there.
      #expect(problem?.line == 9)
      #expect(error.description.hasPrefix("test.json:9:"), "\(error)")
    }
  }

  /// Routes that look alike but can never match the same link load fine.
  @Test(arguments: [
    // A literal that is not a UUID beside a UUID parameter.
    #"{"name": "a", "parameters": [{"name": "id", "type": "uuid"}], "scheme": "openlist://x/{id}", "universal": "/x/{id}"}, {"name": "b", "scheme": "openlist://x/new", "universal": "/x/new"}"#,
    // Disjoint int ranges.
    #"{"name": "a", "parameters": [{"name": "n", "type": "int", "max": 4}], "scheme": "openlist://x/{n}", "universal": "/x/{n}"}, {"name": "b", "parameters": [{"name": "m", "type": "int", "min": 5}], "scheme": "openlist://y/{m}", "universal": "/x/{m}"}"#,
    // A query item fixed to different literals.
    #"{"name": "a", "scheme": "openlist://x?v=1", "universal": "/x?v=1"}, {"name": "b", "scheme": "openlist://x?v=2", "universal": "/x?v=2"}"#,
    // Different segment counts.
    #"{"name": "a", "parameters": [{"name": "s", "type": "string"}], "scheme": "openlist://x/{s}", "universal": "/x/{s}"}, {"name": "b", "scheme": "openlist://x", "universal": "/x"}"#,
    // Enum values that are not UUIDs.
    #"{"name": "a", "parameters": [{"name": "id", "type": "uuid"}], "scheme": "openlist://x/{id}", "universal": "/x/{id}"}, {"name": "b", "parameters": [{"name": "e", "type": "enum", "values": ["all", "mine"]}], "scheme": "openlist://x/{e}", "universal": "/x/{e}"}"#,
  ])
  func distinctRoutes(routes: String) throws {
    let table = try Fixtures.table(routes: routes)
    #expect(table.routes.count == 2)
  }

  /// Problems in the app section name the field and say what a valid value looks like.
  @Test(arguments: [
    ("teamID", "ABCDE12345", "ABCDE1234", "app.ios.teamID", "10 upper-case letters and digits"),
    ("teamID", "ABCDE12345", "abcde12345", "app.ios.teamID", "Team ID"),
    ("bundleID", "com.example.openlist", "openlist", "app.ios.bundleID", "reverse-DNS"),
    ("appStoreID", "1234567890", "id1234", "app.ios.appStoreID", "App Store ID"),
    ("package", "com.example.openlist", "com.example.1app", "app.android.package", "package name"),
    ("package", "com.example.openlist", "openlist", "app.android.package", "two or more"),
  ])
  func brokenIdentifiers(key: String, original: String, value: String, field: String, words: String)
  {
    let app = Fixtures.app.replacingOccurrences(
      of: "\"\(key)\": \"\(original)\"",
      with: "\"\(key)\": \"\(value)\""
    )
    #expect(app != Fixtures.app)
    let json = """
      { \(app), "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/"}] }
      """
    expectProblem(json, field: field, words: words)
  }

  @Test func fingerprintProblems() {
    let lower =
      "14:6d:e9:83:c5:73:06:50:d8:ee:b9:95:2f:34:fc:64:16:a0:83:42:e6:1d:be:a8:8a:04:96:b2:3f:cf:44:e5"
    expectProblem(
      app(fingerprint: lower),
      field: "app.android.sha256CertFingerprints[0]",
      words: "upper-case hex: 14:6D:E9"
    )
    expectProblem(
      app(fingerprint: "14:6D:E9"),
      field: "app.android.sha256CertFingerprints[0]",
      words: "found 3 parts"
    )
    expectProblem(
      app(fingerprint: "SHA256_FINGERPRINT_HERE"),
      field: "app.android.sha256CertFingerprints[0]",
      words: "not a SHA-256 fingerprint"
    )
  }

  @Test(arguments: [
    (#""scheme": "https""#, "app.scheme", "reserved"),
    (#""scheme": "Open List""#, "app.scheme", "not a URL scheme"),
    (#""domains": []"#, "app.domains", "at least one domain"),
    (#""domains": ["openlist.example.com:8443"]"#, "app.domains[0]", "port"),
    (#""domains": ["https://openlist.example.com"]"#, "app.domains[0]", "bare domain"),
    (#""domains": ["192.168.1.1"]"#, "app.domains[0]", "IP address"),
    (#""domains": ["OpenList.example.com"]"#, "app.domains[0]", "lower case"),
    (#""domains": ["openlist.example.com."]"#, "app.domains[0]", "trailing dot"),
    (#""domains": ["a.example.com", "a.example.com"]"#, "app.domains[1]", "listed twice"),
    (#""web": "http://openlist.example.com""#, "app.web", "https URL"),
    (#""web": "https://openlist.example.com/?x=1""#, "app.web", "query or fragment"),
  ])
  func brokenApp(member: String, field: String, words: String) {
    let key = String(member.prefix { $0 != ":" })
    var lines = ["\"scheme\": \"openlist\"", "\"domains\": [\"openlist.example.com\"]"]
    lines.removeAll { $0.hasPrefix(key) }
    lines.append(member)
    let json = """
      { "app": { \(lines.joined(separator: ", ")) },
        "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/"}] }
      """
    expectProblem(json, field: field, words: words)
  }

  @Test func unknownKeysAreErrorsWithSuggestions() {
    let json = """
      { "app": { "scheme": "openlist", "domains": ["openlist.example.com"],
                 "ios": { "teamId": "ABCDE12345", "bundleID": "com.example.openlist" } },
        "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/", "sumary": "x"}] }
      """
    expectProblem(json, field: "app.ios.teamId", words: "did you mean 'teamID'?")
    expectProblem(json, field: "routes[0].sumary", words: "unknown key 'sumary'", route: "home")
  }

  @Test func decodingErrorsNameTheField() {
    expectProblem(
      #"{ "app": { "scheme": "openlist", "domains": "openlist.example.com" }, "routes": [] }"#,
      field: "app.domains",
      words: "expected"
    )
    expectProblem(
      #"{ "app": { "scheme": "openlist", "domains": ["a.example.com"] }, "routes": [{"name": "x", "scheme": "openlist://x"}] }"#,
      field: "routes[0].universal",
      words: "required key 'universal' is missing",
      route: "x"
    )
    expectProblem(#"{ "app": { "#, field: "", words: "not valid JSON")
    expectProblem(
      #"{ "app": { "scheme": "openlist", "domains": ["a.example.com"] }, "routes": [] }"#,
      field: "routes",
      words: "no routes"
    )
  }

  /// The table must be strict JSON: syntax errors name their line and column, and what
  /// lenient parsers let through (duplicate keys, trailing commas, comments) is refused.
  @Test(arguments: [
    (
      "{\n  \"app\": {\"scheme\": \"openlist\"\n  \"routes\": []\n}",
      3, 3, "expected ',' or '}' in an object, found '\"'"
    ),
    (
      "{\"app\": {\"scheme\": \"a\", \"scheme\": \"b\", \"domains\": [\"a.example.com\"]},\n \"routes\": []}",
      1, 25, "the key \"scheme\" appears again"
    ),
    ("{\"app\": {}, \"routes\": [],\n}", 1, 25, "a trailing comma"),
    ("// routes\n{\"app\": {}, \"routes\": []}", 1, 1, "comments"),
  ])
  func malformedJSONIsRefusedWithItsPlace(json: String, line: Int, column: Int, words: String) {
    do {
      _ = try Fixtures.table(json)
      Issue.record("loaded malformed JSON")
    } catch {
      #expect(error.code == .malformedJSON)
      let problem = error.problems.first
      #expect(problem?.line == line && problem?.column == column, "\(error)")
      #expect(problem?.message.contains(words) == true, "\(error)")
      #expect(error.description.hasPrefix("test.json:\(line):\(column): "), "\(error)")
    }
  }

  @Test func everyDecodingProblemIsReportedAtOnceWithItsPlace() {
    let json = """
      {"app": {"scheme": 1, "domains": "openlist.example.com", "nmae": "x"},
       "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/",
                   "parameters": [{"name": "n", "type": "int", "max": 99999999999999999999}]}]}
      """
    do {
      _ = try Fixtures.table(json)
      Issue.record("loaded a broken table")
    } catch {
      #expect(error.code == .invalidTable)
      let found = error.problems.map {
        "\($0.line ?? 0):\($0.column ?? 0) \($0.field): \($0.message)"
      }
      #expect(
        found == [
          "1:20 app.scheme: expected a string, found the number 1",
          "1:34 app.domains: expected an array of strings, found the string \"openlist.example.com\"",
          "1:66 app.nmae: unknown key 'nmae'; did you mean 'name'?",
          "3:65 routes[0].parameters[0].max: the number 99999999999999999999 is out of range: "
            + "an integer here is \(Int.min) to \(Int.max)",
        ],
        "\(found)"
      )
      #expect(error.problems.last?.route == "home")
    }
  }

  @Test func suggestionsAllowATypoNotJustACaseChange() {
    #expect(Suggestion.nearest(to: "sumary", in: ["name", "summary", "scheme"]) == "summary")
    #expect(Suggestion.nearest(to: "teamId", in: ["teamID", "bundleID"]) == "teamID")
    #expect(Suggestion.nearest(to: "univresal", in: ["scheme", "universal"]) == "universal")
    #expect(Suggestion.nearest(to: "colour", in: ["scheme", "universal"]) == nil)
    #expect(Suggestion.editDistance("webcredentails", "webcredentials") == 1)
  }

  @Test func unreadableFile() {
    do {
      _ = try RouteTable(contentsOf: URL(fileURLWithPath: "/nonexistent/linkgen.json"))
      Issue.record("loaded a missing file")
    } catch {
      #expect(error.file == "/nonexistent/linkgen.json")
      #expect(error.code == .fileNotFound)
      #expect(error.problems.first?.message == "cannot read the route table: no such file")
    }
  }

  @Test func allProblemsAreReportedAtOnce() {
    let json = """
      { "app": { "scheme": "http", "domains": ["bad domain"] },
        "routes": [{"name": "Bad", "scheme": "openlist://a", "universal": "a"}] }
      """
    do {
      _ = try Fixtures.table(json)
      Issue.record("loaded a broken table")
    } catch {
      let fields = Set(error.problems.map(\.field))
      #expect(fields.isSuperset(of: ["app.scheme", "app.domains[0]", "routes[0].name"]))
    }
  }

  private func app(fingerprint: String) -> String {
    """
    { "app": { "scheme": "openlist", "domains": ["openlist.example.com"],
               "android": { "package": "com.example.openlist", "sha256CertFingerprints": ["\(fingerprint)"] } },
      "routes": [{"name": "home", "scheme": "openlist://home", "universal": "/"}] }
    """
  }

  private func expectProblem(
    _ json: String,
    field: String,
    words: String,
    route: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    do {
      _ = try Fixtures.table(json)
      Issue.record("the table loaded, but \(field) is broken", sourceLocation: sourceLocation)
    } catch {
      let problem = error.problems.first { $0.field == field }
      #expect(
        problem != nil,
        "no problem at '\(field)' in:\n\(error)",
        sourceLocation: sourceLocation
      )
      #expect(
        problem?.message.contains(words) == true,
        "\(problem?.message ?? "")",
        sourceLocation: sourceLocation
      )
      if let route { #expect(problem?.route == route, sourceLocation: sourceLocation) }
    }
  }
}
