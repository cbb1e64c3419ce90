import Foundation
import LinkKit
import Testing

struct BuilderTests {
  let table = Fixtures.openlist
  let id = Fixtures.id
  let idText = Fixtures.idText

  @Test func sharedChecklistLinkSet() throws {
    let links = try table.links(for: SharedChecklist(id: id))
    #expect(links.scheme == "openlist://shared-checklists?shared-checklistId=\(idText)")
    #expect(links.universal == "https://openlist.example.com/shared-checklists/\(idText)")
    #expect(links.appStore == "https://apps.apple.com/app/id1234567890")
    #expect(links.appStoreApp == "itms-apps://apps.apple.com/app/id1234567890")
    #expect(
      links.playStore
        == "https://play.google.com/store/apps/details?id=com.example.openlist&referrer=deep_link%3D"
        + "https%253A%252F%252Fopenlist.example.com%252Fshared-checklists%252F\(idText)"
    )
    #expect(
      links.androidIntent
        == "intent://shared-checklists?shared-checklistId=\(idText)#Intent;scheme=openlist;"
        + "package=com.example.openlist;S.browser_fallback_url="
        + "https%3A%2F%2Fopenlist.example.com%2Fshared-checklists%2F\(idText);end"
    )
    #expect(links.web == links.universal)
  }

  /// The three ways in (typed, values, text) build the same links.
  @Test func typedValuesAndTextAgree() throws {
    let typed = try table.links(for: SharedChecklist(id: id))
    let values = try table.links(for: "shared-checklist", values: ["id": .uuid(id)])
    let text = try table.links(for: "shared-checklist", arguments: ["id": idText.uppercased()])
    #expect(typed == values)
    #expect(typed == text)
    #expect(try table.link(.scheme, for: SharedChecklist(id: id)) == typed.scheme)
    #expect(try table.link(.universal, for: SharedChecklist(id: id)) == typed.universal)
  }

  /// The play-store referrer decodes, once and then as a query, to the universal link.
  @Test func playStoreReferrerCarriesTheLink() throws {
    let links = try table.links(for: Search(query: "a&b=c d/é"))
    let play = try #require(links.playStore.flatMap { URLComponents(string: $0) })
    let referrer = try #require(play.queryItems?.first { $0.name == "referrer" }?.value)
    let inner = try #require(URLComponents(string: "x:?" + referrer)?.queryItems)
    #expect(inner.count == 1)
    #expect(inner.first?.name == "deep_link")
    #expect(inner.first?.value == links.universal)
  }

  /// The intent's fallback decodes to the web link, and its data is the scheme link.
  @Test func intentLinkStructure() throws {
    let links = try Fixtures.photos.links(
      for: "album-photo",
      values: ["albumname": .string("Vacation; 2024"), "index": .int(1)]
    )
    let intent = try #require(links.androidIntent)
    #expect(intent.hasPrefix("intent:Vacation%3B%202024?index=1#Intent;scheme=myphotoapp;"))
    #expect(intent.hasSuffix(";end"))
    let fallback = try #require(
      intent.split(separator: ";").first { $0.hasPrefix("S.browser_fallback_url=") }
    )
    let encoded = String(fallback.dropFirst("S.browser_fallback_url=".count))
    #expect(!encoded.contains(";") && !encoded.contains("#"))
    #expect(encoded.removingPercentEncoding == links.web)
    #expect(
      links.web == "https://photos.example.com/app/albums?albumname=Vacation%3B%202024&index=1"
    )
  }

  @Test func photosSeedLinks() throws {
    let links = try Fixtures.photos.links(
      for: "album-photo",
      arguments: ["albumname": "Vacation", "index": "1"]
    )
    #expect(links.scheme == "myphotoapp:Vacation?index=1")
    #expect(links.universal == "https://myphotoapp.example.com/albums?albumname=Vacation&index=1")
  }

  /// RFC 3986 encoding: only unreserved characters stay as they are.
  @Test(arguments: [
    ("a+b", "a%2Bb"), ("a&b", "a%26b"), ("a=b", "a%3Db"), ("a#b", "a%23b"), ("100%", "100%25"),
    ("a/b", "a%2Fb"), ("a b", "a%20b"), ("a?b", "a%3Fb"), ("café", "caf%C3%A9"),
    ("휴가", "%ED%9C%B4%EA%B0%80"), ("😀", "%F0%9F%98%80"), ("A-Z_a.z~0", "A-Z_a.z~0"),
    ("'\"<>", "%27%22%3C%3E"),
  ])
  func percentEncoding(text: String, encoded: String) throws {
    #expect(PercentEncoding.encode(text) == encoded)
    let links = try table.links(for: Search(query: text))
    #expect(links.scheme == "openlist://search?q=\(encoded)")
    #expect(links.universal == "https://openlist.example.com/search?q=\(encoded)")
  }

  /// Query items print in template order; values equal to their default are left out.
  @Test func defaultsAndOrder() throws {
    let base = "https://openlist.example.com/checklists/\(idText)"
    let plain = Checklist(list: id, layout: .list, showDone: false, page: 1)
    #expect(try table.link(.universal, for: plain) == base)
    let all = Checklist(list: id, layout: .board, showDone: true, page: 3)
    #expect(try table.link(.universal, for: all) == base + "?layout=board&done=true&page=3")
    let some = Checklist(list: id, layout: .list, showDone: false, page: 2)
    #expect(try table.link(.universal, for: some) == base + "?page=2")
    #expect(
      try table.link(.scheme, for: Search(query: "x", from: "mail"))
        == "openlist://search?q=x&from=mail"
    )
    #expect(try table.link(.scheme, for: Search(query: "x")) == "openlist://search?q=x")
  }

  @Test func routesWithoutParameters() throws {
    let links = try table.links(for: "home", values: [:])
    #expect(links.scheme == "openlist://home")
    #expect(links.universal == "https://openlist.example.com/")
    #expect(links.androidIntent?.hasPrefix("intent://home#Intent;") == true)
  }

  @Test func negativeAndLargeIntegers() throws {
    let json = """
      { \(Fixtures.app), "routes": [{"name": "n", "parameters": [{"name": "v", "type": "int"}],
        "scheme": "openlist://n/{v}", "universal": "/n/{v}"}] }
      """
    let table = try Fixtures.table(json)
    for value in [0, -1, 42, Int.max, Int.min] {
      let link = try table.links(for: "n", values: ["v": .int(value)]).universal
      #expect(link == "https://openlist.example.com/n/\(value)")
      #expect(try table.parse(link).values["v"] == .int(value))
    }
  }

  // MARK: Errors

  @Test func unknownRoute() {
    #expect {
      try table.links(for: "nope", arguments: [:])
    } throws: { error in
      let error = error as? LinkError
      return error?.code == .unknownRoute && error?.message.contains("shared-checklist") == true
    }
  }

  @Test(arguments: [
    ("shared-checklist", ["idd": "x"], LinkError.Code.unknownParameter, "has no parameter 'idd'"),
    ("shared-checklist", [:], .missingParameter, "needs a value for parameter 'id'"),
    ("shared-checklist", ["id": "123"], .invalidValue, "must be a UUID"),
    ("checklist-item", ["list": Fixtures.idText, "item": "0"], .invalidValue, "at least 1"),
    ("checklist-item", ["list": Fixtures.idText, "item": "1e3"], .invalidValue, "decimal integer"),
    (
      "checklist", ["list": Fixtures.idText, "layout": "grid"], .invalidValue, "one of list, board"
    ),
    ("checklist", ["list": Fixtures.idText, "showDone": "yes"], .invalidValue, "true or false"),
    ("invite", ["code": "abc123"], .invalidValue, "may only use the characters [A-Z0-9]"),
    ("invite", ["code": "AB"], .invalidValue, "at least 6 characters"),
    ("search", ["query": ""], .invalidValue, "must not be empty"),
    ("search", ["query": "evil\u{202E}txt"], .invalidCharacter, "U+202E"),
    ("search", ["query": "line\nbreak"], .invalidCharacter, "U+000A"),
    ("search", ["query": String(repeating: "x", count: 201)], .invalidValue, "at most 200"),
  ])
  func badValues(route: String, arguments: [String: String], code: LinkError.Code, words: String) {
    do {
      _ = try table.links(for: route, arguments: arguments)
      Issue.record("built links from bad values")
    } catch {
      #expect(error.code == code)
      #expect(error.route == route)
      #expect(error.message.contains(words), "\(error.message)")
    }
  }

  /// A path value cannot hold '/' or be a dot segment: the parser would refuse the link.
  @Test(arguments: ["a/b", ".", ".."])
  func pathValues(value: String) {
    let json = """
      { \(Fixtures.app), "routes": [{"name": "p", "parameters": [{"name": "s", "type": "string"}],
        "scheme": "openlist://p?s={s}", "universal": "/p/{s}"}] }
      """
    do {
      _ = try Fixtures.table(json).links(for: "p", values: ["s": .string(value)])
      Issue.record("built a path segment from \(value)")
    } catch let error as LinkError {
      #expect(error.code == .invalidValue)
      #expect(error.message.contains("sits in a path segment"))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test func wrongKindOfValue() {
    do {
      _ = try table.links(for: "shared-checklist", values: ["id": .string(Fixtures.idText)])
      Issue.record("accepted a string for a UUID")
    } catch {
      #expect(error.code == .invalidValue)
      #expect(error.message.contains("must be a uuid value, got a string"))
    }
  }

  /// A typed route whose property names no parameter is an error, not a silent drop.
  @Test func typedRouteMismatch() {
    struct Wrong: LinkRoute, Codable {
      static let routeName = "shared-checklist"
      var identifier: UUID
    }
    do {
      _ = try table.links(for: Wrong(identifier: Fixtures.id))
      Issue.record("built links from a mismatched typed route")
    } catch {
      #expect(error.code == .unknownParameter)
      #expect(error.message.contains("no parameter 'identifier'"))
    }
  }

  /// A typed route that fails to encode part-way leaves the values whole and usable.
  @Test func failedEncodingKeepsTheValues() throws {
    struct Broken: LinkRoute, Codable {
      static let routeName = "checklist-item"
      var list: UUID
      var item: Double
    }
    var values = try table.values(for: "checklist-item")
    #expect(throws: LinkError.self) {
      try Broken(list: Fixtures.id, item: 1.5).encode(to: &values)
    }
    #expect(values.parameters.count == 2)
    #expect(values["list"] == .uuid(Fixtures.id))
    try values.set(3, for: "item")
    #expect(try table.link(.universal, for: values).hasSuffix("/items/3"))
  }

  @Test func valuesFromAnotherTable() throws {
    let photos = try Fixtures.photos.values(for: "album-photo")
    #expect(throws: LinkError.self) { try table.links(for: photos) }
  }
}

extension BuilderTests {
  /// An integer too large for `Int` is out of range, not "not a decimal integer".
  @Test func anOverflowingIntIsOutOfRange() throws {
    let table = try Fixtures.table(
      routes:
        #"{"name": "page", "parameters": [{"name": "n", "type": "int"}], "scheme": "openlist://page/{n}", "universal": "/page/{n}"}"#
    )
    let error = try #require(throws: LinkError.self) {
      try table.links(for: "page", arguments: ["n": "99999999999999999999"])
    }
    #expect(error.code == .invalidValue)
    #expect(
      error.message.contains(
        "must be an integer from -9223372036854775808 to 9223372036854775807, got \"99999999999999999999\""
      ),
      "\(error.message)"
    )
    let notANumber = try #require(throws: LinkError.self) {
      try table.links(for: "page", arguments: ["n": "12a"])
    }
    #expect(notANumber.message.contains("must be a decimal integer"))
    #expect(throws: LinkError.self) { try table.parse("openlist://page/-99999999999999999999") }
  }
}
