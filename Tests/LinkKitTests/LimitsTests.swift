import Foundation
import LinkKit
import Testing

/// Every limit of LinkKit at its edge: the limit passes, one more fails with its code
/// (docs/limits.md).
struct LimitsTests {
  /// A table whose `long` route takes a string of up to 8192 characters in its query, and
  /// whose `deep` route has 32 literal path segments.
  static let table: RouteTable = {
    let deep = (0..<RouteTable.maximumPathSegments).map { "s\($0)" }.joined(separator: "/")
    do {
      return try Fixtures.table(
        routes: """
          {"name": "long", "parameters": [{"name": "q", "type": "string", "maxLength": 8192}],
           "scheme": "openlist://long?q={q}", "universal": "/long?q={q}"},
          {"name": "short", "parameters": [{"name": "q", "type": "string", "maxLength": 5}],
           "scheme": "openlist://short?q={q}", "universal": "/short?q={q}"},
          {"name": "deep", "scheme": "openlist://deep/\(deep)", "universal": "/\(deep)"}
          """
      )
    } catch {
      fatalError("\(error)")
    }
  }()

  static let universalHead = "https://openlist.example.com/long?q="

  /// Runs `body`, which must fail with `code` and a message containing `words`.
  func expectFailure(
    _ code: LinkError.Code,
    _ words: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(LinkError) -> Void
  ) {
    do {
      try body()
      Issue.record("no error; expected \(code)", sourceLocation: sourceLocation)
    } catch {
      #expect(error.code == code, sourceLocation: sourceLocation)
      #expect(error.message.contains(words), "\(error.message)", sourceLocation: sourceLocation)
    }
  }

  // MARK: Links

  @Test func linkLength() throws {
    let room = RouteTable.maximumURLLength - Self.universalHead.utf8.count
    let atLimit = Self.universalHead + String(repeating: "a", count: room)
    #expect(atLimit.utf8.count == 8192)
    #expect(
      try Self.table.parse(atLimit).values["q"] == .string(String(repeating: "a", count: room))
    )
    do {
      _ = try Self.table.parse(atLimit + "a")
      Issue.record("a link of 8193 bytes parsed")
    } catch {
      #expect(error.code == .tooLong)
      #expect(error.message == "the link is 8193 bytes long; the parser reads at most 8192")
    }
  }

  @Test func builtLinksStayWithinWhatTheParserReads() throws {
    let room = RouteTable.maximumURLLength - Self.universalHead.utf8.count
    let fits = try Self.table.values(
      for: "long",
      arguments: ["q": String(repeating: "a", count: room)]
    )
    #expect(try Self.table.link(.universal, for: fits).utf8.count == 8192)
    let over = try Self.table.values(
      for: "long",
      arguments: ["q": String(repeating: "a", count: room + 1)]
    )
    let words = "would be 8193 bytes; links are at most 8192 bytes"
    expectFailure(.tooLong, words) { () throws(LinkError) in
      _ = try Self.table.link(.universal, for: over)
    }
    expectFailure(.tooLong, words) { () throws(LinkError) in
      _ = try Self.table.links(for: over)
    }
    // 2000 "é" are within maxLength but 12,000 bytes once encoded.
    let encoded = try Self.table.values(
      for: "long",
      arguments: ["q": String(repeating: "é", count: 2000)]
    )
    #expect(throws: LinkError.self) { try Self.table.link(.scheme, for: encoded) }
  }

  @Test func queryItems() throws {
    let items = (1..<RouteTable.maximumQueryItems).map { "x\($0)=1" }.joined(separator: "&")
    let link = "openlist://short?q=a&" + items
    #expect(try Self.table.parse(link).ignoredQueryItems.count == 63)
    do {
      _ = try Self.table.parse(link + "&x64=1")
      Issue.record("65 query items parsed")
    } catch {
      #expect(error.code == .tooManyParts)
      #expect(error.message == "the link has more than 64 query items")
    }
  }

  @Test func pathSegments() throws {
    let deep = (0..<32).map { "s\($0)" }.joined(separator: "/")
    #expect(try Self.table.parse("https://openlist.example.com/\(deep)").route.name == "deep")
    do {
      _ = try Self.table.parse("https://openlist.example.com/\(deep)/s32")
      Issue.record("33 path segments parsed")
    } catch {
      #expect(error.code == .tooManyParts)
      #expect(error.message == "the link has more than 32 path segments")
    }
  }

  @Test func valueLength() throws {
    #expect(try Self.table.parse("openlist://short?q=abcde").values["q"] == .string("abcde"))
    expectFailure(.invalidValue, "must have at most 5 characters") { () throws(LinkError) in
      _ = try Self.table.parse("openlist://short?q=abcdef")
    }
    expectFailure(.invalidValue, "must have at most 5 characters") { () throws(LinkError) in
      _ = try Self.table.values(for: "short", arguments: ["q": "abcdef"])
    }
  }

  // MARK: Templates

  @Test func templatesHaveNoMorePartsThanLinks() throws {
    func route(segments: Int, items: Int) -> String {
      let path = (0..<segments).map { "s\($0)" }.joined(separator: "/")
      let parameters = (0..<items).map { #"{"name": "p\#($0)", "type": "int", "optional": true}"# }
      let query = (0..<items).map { "p\($0)={p\($0)}" }.joined(separator: "&")
      return """
        {"name": "r", "parameters": [\(parameters.joined(separator: ", "))],
         "scheme": "openlist://r?\(query)", "universal": "/\(path)?\(query)"}
        """
    }
    #expect(throws: Never.self) { try Fixtures.table(routes: route(segments: 32, items: 64)) }
    for (segments, items, words) in [
      (33, 1, "the template has 33 path segments; links have at most 32"),
      (1, 65, "the template has 65 query items; links have at most 64"),
    ] {
      do {
        _ = try Fixtures.table(routes: route(segments: segments, items: items))
        Issue.record("a template with \(segments) segments and \(items) items loaded")
      } catch {
        #expect(error.code == .invalidTable)
        #expect(error.problems.contains { $0.message == words }, "\(error)")
      }
    }
  }

  // MARK: Tables

  /// A valid table padded with spaces to `size` bytes.
  static func padded(to size: Int) -> Data {
    let json =
      "{ \(Fixtures.app), \"routes\": [{\"name\": \"home\", \"scheme\": \"openlist://home\", \"universal\": \"/\"}] }"
    return Data((json + String(repeating: " ", count: size - json.utf8.count)).utf8)
  }

  @Test func tableSize() throws {
    #expect(throws: Never.self) {
      try RouteTable(json: Self.padded(to: RouteTable.maximumTableSize))
    }
    do {
      _ = try RouteTable(json: Self.padded(to: RouteTable.maximumTableSize + 1), source: "big.json")
      Issue.record("a table of 1 MiB + 1 byte loaded")
    } catch {
      #expect(error.code == .tooLarge)
      #expect(
        error.description
          == "big.json: the file is 1048577 bytes; linkgen reads route tables of at most 1048576 bytes (1 MiB)"
      )
    }
  }

  @Test func aLargeFileIsRefusedBeforeItIsRead() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("linkgen.json")
    // A sparse 1 GB file: reading it would take seconds and a gigabyte of memory.
    #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
    let handle = try FileHandle(forWritingTo: file)
    try handle.truncate(atOffset: 1 << 30)
    try handle.close()
    do {
      _ = try RouteTable(contentsOf: file)
      Issue.record("a 1 GB table loaded")
    } catch {
      #expect(error.code == .tooLarge)
      #expect(error.message.contains("the file is 1073741824 bytes"))
    }
  }

  @Test func routeCount() throws {
    func table(_ count: Int) -> String {
      (0..<count).map {
        #"{"name": "r\#($0)", "scheme": "openlist://r\#($0)", "universal": "/r\#($0)"}"#
      }.joined(separator: ",\n")
    }
    #expect(try Fixtures.table(routes: table(RouteTable.maximumRoutes)).routes.count == 1000)
    do {
      _ = try Fixtures.table(routes: table(RouteTable.maximumRoutes + 1))
      Issue.record("1001 routes loaded")
    } catch {
      #expect(error.code == .tooLarge)
      #expect(
        error.problems.map(\.description) == [
          "routes: the table has 1001 routes; linkgen reads at most 1000"
        ]
      )
    }
  }

  @Test func nestingDepth() throws {
    // The top-level object is one level; "$schema" is ignored whatever it holds.
    func table(depth: Int) -> Data {
      let nested =
        String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
      return Data(
        "{ \"$schema\": \(nested), \(Fixtures.app), \"routes\": [{\"name\": \"home\", \"scheme\": \"openlist://home\", \"universal\": \"/\"}] }"
          .utf8
      )
    }
    #expect(throws: Never.self) {
      try RouteTable(json: table(depth: RouteTable.maximumNestingDepth))
    }
    do {
      _ = try RouteTable(json: table(depth: RouteTable.maximumNestingDepth + 1))
      Issue.record("JSON nested 33 deep loaded")
    } catch {
      #expect(error.code == .tooDeep)
      #expect(
        error.message == "the JSON nests deeper than 32 levels (line 1); a route table needs 5"
      )
    }
    // Brackets inside strings do not count.
    let inString = Data(
      "{ \"$schema\": \"\(String(repeating: "[", count: 100))\", \(Fixtures.app), \"routes\": [{\"name\": \"home\", \"scheme\": \"openlist://home\", \"universal\": \"/\"}] }"
        .utf8
    )
    #expect(throws: Never.self) { try RouteTable(json: inString) }
  }
}
