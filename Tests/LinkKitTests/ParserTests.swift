import Foundation
import LinkKit
import Testing

struct ParserTests {
  let table = Fixtures.openlist
  let idText = Fixtures.idText
  let upper = Fixtures.idText.uppercased()

  /// Liberal in what it reads: case, trailing slash, undeclared items, escapes, order.
  @Test(arguments: [
    "openlist://shared-checklists?shared-checklistId=\(Fixtures.idText)",
    "OPENLIST://shared-checklists?shared-checklistId=\(Fixtures.idText.uppercased())",
    "OpenList://Shared-Checklists?shared-checklistId=\(Fixtures.idText)",
    "openlist://shared-checklists/?shared-checklistId=\(Fixtures.idText)",
    "openlist://shared-checklists?utm_source=mail&shared-checklistId=\(Fixtures.idText)#top",
    "openlist://shared-checklists?shared%2DchecklistId=\(Fixtures.idText)",
    "https://openlist.example.com/shared-checklists/\(Fixtures.idText)",
    "HTTPS://OPENLIST.EXAMPLE.COM/shared-checklists/\(Fixtures.idText.uppercased())",
    "https://openlist.example.com/shared-checklists/\(Fixtures.idText)/",
    "https://www.openlist.example.com/shared-checklists/\(Fixtures.idText)",
    "https://openlist.example.com/shared-checklists/\(Fixtures.idText)?fbclid=abc&&utm_medium=x",
    "https://openlist.example.com/shared%2dchecklists/\(Fixtures.idText)",
  ])
  func acceptsVariants(url: String) throws {
    let parsed = try table.parse(url)
    #expect(parsed.route.name == "shared-checklist")
    #expect(parsed.values["id"] == .uuid(Fixtures.id))
    #expect(parsed.kind == (url.lowercased().hasPrefix("https") ? .universal : .scheme))
    #expect(try parsed.decode(as: SharedChecklist.self) == SharedChecklist(id: Fixtures.id))
  }

  @Test func reportsIgnoredQueryItems() throws {
    let parsed = try table.parse(
      "https://openlist.example.com/shared-checklists/\(idText)?utm_source=mail&fbclid=x%20y&utm_source=again"
    )
    #expect(parsed.ignoredQueryItems.map(\.name) == ["utm_source", "fbclid", "utm_source"])
    // The values are kept, decoded, for a backend that wants campaign parameters.
    #expect(
      parsed.ignoredQueryItems == [
        .init(name: "utm_source", value: "mail"), .init(name: "fbclid", value: "x y"),
        .init(name: "utm_source", value: "again"),
      ]
    )
    #expect(
      parsed.ignoredQueryItems.map(\.description) == [
        "utm_source=mail", "fbclid=x y", "utm_source=again",
      ]
    )
  }

  @Test func decodesValues() throws {
    let parsed = try table.parse("openlist://search?q=caf%C3%A9+%26+%ED%9C%B4%EA%B0%80&from=a%2Fb")
    #expect(parsed.values["query"] == .string("café+&+휴가"))
    #expect(parsed.values["from"] == .string("a/b"))
    let search = try parsed.decode(as: Search.self)
    #expect(search == Search(query: "café+&+휴가", from: "a/b"))
  }

  @Test func defaultsFillAbsentItems() throws {
    let parsed = try table.parse("https://openlist.example.com/checklists/\(idText)?page=7")
    let checklist = try parsed.decode(as: Checklist.self)
    #expect(checklist == Checklist(list: Fixtures.id, layout: .list, showDone: false, page: 7))
    #expect(parsed.values["layout"] == .string("list"))
  }

  @Test func opaqueForm() throws {
    let parsed = try Fixtures.photos.parse("MyPhotoApp:Vacation?index=1")
    #expect(parsed.route.name == "album-photo")
    #expect(parsed.values["albumname"] == .string("Vacation"))
    #expect(parsed.values["index"] == .int(1))
    let universal = try Fixtures.photos.parse(
      "https://myphotoapp.example.com/albums?index=1&albumname=%ED%9C%B4%EA%B0%80"
    )
    #expect(universal.values["albumname"] == .string("휴가"))
    let shared = try Fixtures.photos.parse("myphotoapp:shared/abcdefghijklmnop")
    #expect(shared.route.name == "shared-album")
  }

  @Test func typedParseOfAnotherRoute() {
    do {
      _ = try table.parse("openlist://home", as: SharedChecklist.self)
      Issue.record("parsed home as shared-checklist")
    } catch {
      #expect(error.code == .routeMismatch)
      #expect(error.message.contains("route 'home', not 'shared-checklist'"))
    }
  }

  /// Strict in what it accepts: every one of these is a typed error, never a match.
  @Test(arguments: [
    ("", LinkError.Code.malformedURL),
    ("openlist", .malformedURL),
    ("//openlist.example.com/shared-checklists/x", .malformedURL),
    ("1openlist://home", .malformedURL),
    ("javascript:alert(1)", .unknownScheme),
    ("http://openlist.example.com/shared-checklists/\(Fixtures.idText)", .unknownScheme),
    ("ftp://openlist.example.com/", .unknownScheme),
    ("openlist://", .malformedURL),
    ("openlist:///shared-checklists", .malformedURL),
    ("openlist:", .malformedURL),
    ("https:openlist.example.com/shared-checklists/x", .malformedURL),
    ("https://evil.example/shared-checklists/\(Fixtures.idText)", .hostNotAllowed),
    (
      "https://openlist.example.com.evil.example/shared-checklists/\(Fixtures.idText)",
      .hostNotAllowed
    ),
    ("https://openlist.example.com./shared-checklists/\(Fixtures.idText)", .hostNotAllowed),
    ("https://user:pw@openlist.example.com/shared-checklists/\(Fixtures.idText)", .malformedURL),
    (
      "https://openlist.example.com@evil.example/shared-checklists/\(Fixtures.idText)",
      .malformedURL
    ),
    ("https://openlist.example.com:443/shared-checklists/\(Fixtures.idText)", .malformedURL),
    ("https://127.0.0.1/shared-checklists/\(Fixtures.idText)", .hostNotAllowed),
    ("https://[::1]/shared-checklists/\(Fixtures.idText)", .hostNotAllowed),
    ("https://openlist%2Eexample.com/shared-checklists/x", .hostNotAllowed),
    ("https://openlist.example.com\\shared-checklists\\\(Fixtures.idText)", .invalidCharacter),
    ("https://openlist.example.com/shared-checklists/../home", .malformedURL),
    ("https://openlist.example.com/shared-checklists/%2E%2E", .malformedURL),
    ("https://openlist.example.com/./shared-checklists/\(Fixtures.idText)", .malformedURL),
    ("https://openlist.example.com//shared-checklists/\(Fixtures.idText)", .malformedURL),
    ("https://openlist.example.com/shared-checklists//\(Fixtures.idText)", .malformedURL),
    ("https://openlist.example.com/shared-checklists%2F\(Fixtures.idText)", .malformedURL),
    ("https://openlist.example.com/shared-checklists/\(Fixtures.idText)//", .malformedURL),
    ("https://openlist.example.com/shared-checklists/not-a-uuid", .invalidValue),
    ("https://openlist.example.com/shared-checklists/{\(Fixtures.idText)}", .invalidCharacter),
    ("https://openlist.example.com/shared-checklists", .noMatchingRoute),
    ("https://openlist.example.com/Shared-Checklists/\(Fixtures.idText)", .noMatchingRoute),
    ("https://openlist.example.com/shared-checklists/\(Fixtures.idText)/extra", .noMatchingRoute),
    ("openlist://unknown-host", .noMatchingRoute),
    ("openlist://shared-checklists", .missingParameter),
    ("openlist://shared-checklists?shared-checklistId=", .invalidValue),
    ("openlist://shared-checklists?shared-checklistId", .invalidValue),
    ("openlist://shared-checklists?shared-checklistid=\(Fixtures.idText)", .missingParameter),
    (
      "openlist://shared-checklists?shared-checklistId=\(Fixtures.idText)&shared-checklistId=\(Fixtures.idText)",
      .duplicateParameter
    ),
    ("openlist://checklists/\(Fixtures.idText)/items/0", .invalidValue),
    ("openlist://checklists/\(Fixtures.idText)/items/10001", .invalidValue),
    ("openlist://checklists/\(Fixtures.idText)/items/99999999999999999999999", .invalidValue),
    ("openlist://checklists/\(Fixtures.idText)/items/+5", .invalidValue),
    ("openlist://checklists/\(Fixtures.idText)?done=1", .invalidValue),
    ("openlist://checklists/\(Fixtures.idText)?layout=Board", .invalidValue),
    ("openlist://invite?code=abc%20def", .invalidValue),
    ("openlist://search?q=%", .invalidPercentEncoding),
    ("openlist://search?q=%4", .invalidPercentEncoding),
    ("openlist://search?q=%GG", .invalidPercentEncoding),
    ("openlist://search?q=%FF%FE", .invalidPercentEncoding),
    ("openlist://search?q=%C3", .invalidPercentEncoding),
    ("openlist://search?q=%00", .invalidCharacter),
    ("openlist://search?q=a%0D%0ASet-Cookie:x", .invalidCharacter),
    ("openlist://search?q=%E2%80%AEexe.txt", .invalidCharacter),
    ("openlist://search?q=%E2%80%8B", .invalidCharacter),
    ("openlist://search?q=\u{202E}x", .invalidCharacter),
    ("openlist://search?q=a b", .invalidCharacter),
    ("openlist://search?q=a\tb", .invalidCharacter),
    ("openlist://search?q=<script>", .invalidCharacter),
    ("openlist://search?q=x&x%ZZ=1", .invalidPercentEncoding),
    (" openlist://home", .invalidCharacter),
    ("openlist://home\n", .invalidCharacter),
    ("openlist://home\u{0}", .invalidCharacter),
  ])
  func rejects(url: String, code: LinkError.Code) {
    do {
      let parsed = try table.parse(url)
      Issue.record("\(url) parsed as \(parsed.route.name)")
    } catch {
      #expect(error.code == code, "\(url): \(error)")
      #expect(!error.message.isEmpty)
      if let range = error.range {
        #expect(range.lowerBound >= 0 && range.upperBound <= max(url.utf8.count, 1))
      }
    }
    #expect(!table.canHandle(url))
  }

  /// A parameter in a path segment of one kind of link cannot hold '/' even when it comes in
  /// the query of the other kind, or the link could not be re-built (found by fuzzing).
  @Test func pathValuesInTheOtherKind() {
    let url = "https://myphotoapp.example.com/albums?albumname=a%2Fb&index=3"
    do {
      _ = try Fixtures.photos.parse(url)
      Issue.record("parsed an album name that cannot sit in myphotoapp:{albumname}")
    } catch {
      #expect(error.code == .invalidValue)
      #expect(error.parameter == "albumname")
      #expect(error.message.contains("sits in a path segment"))
    }
  }

  /// Errors point at the part of the input at fault.
  @Test func errorsPointAtTheProblem() {
    let url = "https://openlist.example.com/shared-checklists/12345"
    do {
      _ = try table.parse(url)
    } catch {
      #expect(error.route == "shared-checklist")
      #expect(error.parameter == "id")
      #expect(error.range == 47..<52)
      #expect(
        error.description == """
          parameter 'id' of route 'shared-checklist' must be a UUID (8-4-4-4-12 hex digits), got "12345"
            https://openlist.example.com/shared-checklists/12345
                                                           ^~~~~
          """
      )
    }
  }

  /// Size limits are checked before anything else, so huge input costs nothing.
  @Test func sizeLimits() {
    let huge = "https://openlist.example.com/search?q=" + String(repeating: "a", count: 1 << 20)
    #expect(throws: LinkError.self) { try table.parse(huge) }
    do { _ = try table.parse(huge) } catch { #expect(error.code == .tooLong) }
    let items = (0..<65).map { "x\($0)=1" }.joined(separator: "&")
    do { _ = try table.parse("openlist://search?q=a&" + items) } catch {
      #expect(error.code == .tooManyParts)
      #expect(error.message.contains("more than 64 query items"))
    }
    let segments = String(repeating: "/a", count: 33)
    do { _ = try table.parse("https://openlist.example.com" + segments) } catch {
      #expect(error.message.contains("more than 32 path segments"))
    }
    let atLimit = "openlist://search?q=" + String(repeating: "a", count: 200)
    #expect(table.canHandle(atLimit))
  }

  /// Routes with a literal beside a typed parameter pick by type.
  @Test func literalBesideParameter() throws {
    let json = """
      { \(Fixtures.app), "routes": [
        {"name": "list", "parameters": [{"name": "id", "type": "uuid"}],
         "scheme": "openlist://lists/{id}", "universal": "/lists/{id}"},
        {"name": "new-list", "scheme": "openlist://lists/new", "universal": "/lists/new"},
        {"name": "page", "parameters": [{"name": "n", "type": "int"}],
         "scheme": "openlist://lists/{n}/page", "universal": "/lists/{n}/page"}
      ] }
      """
    let table = try Fixtures.table(json)
    #expect(try table.parse("openlist://lists/new").route.name == "new-list")
    #expect(try table.parse("https://openlist.example.com/lists/\(idText)").route.name == "list")
    #expect(try table.parse("https://openlist.example.com/lists/3/page").route.name == "page")
    do { _ = try table.parse("https://openlist.example.com/lists/newer") } catch {
      #expect(error.code == .invalidValue)
      #expect(error.route == "list")
    }
  }

  /// The constants behind the parser's and builder's fast paths match their definitions.
  @Test func byteTablesMatchDefinitions() throws {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let never = Set(" \\\"<>^`{|}".utf8)
    for byte in UInt8(0)...UInt8(255) {
      let url = "openlist://search?q=" + String(decoding: [byte], as: UTF8.self)
      let expectRaw = byte >= 0x21 && byte < 0x7F && !never.contains(byte)
      if byte < 0x80, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "#"),
        byte != UInt8(ascii: "&")
      {
        #expect(table.canHandle(url) == expectRaw, "byte \(byte)")
      }
      let text = String(decoding: [byte], as: UTF8.self)
      if byte < 0x80, byte >= 0x20, byte != 0x7F {
        let link = try table.link(.scheme, for: Search(query: text))
        let encoded = link.dropFirst("openlist://search?q=".count)
        #expect((encoded.count == 1) == unreserved.contains(byte), "byte \(byte)")
      }
    }
  }
}
