import Foundation
import LinkKit
import Testing

/// The fast path by position: hand-written `LinkRoute` and `LinkTarget` types read and write
/// their values through `RouteSlots`, with the same checks and results as the named API.
struct RouteSlotsTests {
  /// `checklist` of the openlist example, written by hand on the fast path.
  struct Checklist: LinkRoute, Equatable {
    static let routeName = "checklist"
    enum Layout: String, LinkValueConvertible { case list, board }
    var list: UUID
    var layout: Layout = .list
    var showDone = false
    var page = 1

    init(list: UUID, layout: Layout = .list, showDone: Bool = false, page: Int = 1) {
      self.list = list
      self.layout = layout
      self.showDone = showDone
      self.page = page
    }

    init(routeSlots slots: borrowing RouteSlots) throws(LinkError) {
      list = try slots.require(0, as: UUID.self)
      layout = try slots.require(1, as: Layout.self)
      showDone = try slots.require(2, as: Bool.self)
      page = try slots.require(3, as: Int.self)
    }

    func encode(to slots: inout RouteSlots) throws(LinkError) {
      try slots.set(list, at: 0)
      try slots.set(layout, at: 1)
      try slots.set(showDone, at: 2)
      try slots.set(page, at: 3)
    }

    init(routeValues: RouteValues) throws(LinkError) {
      list = try routeValues.require("list")
      layout = try routeValues.require("layout")
      showDone = try routeValues.require("showDone")
      page = try routeValues.require("page")
    }

    func encode(to routeValues: inout RouteValues) throws(LinkError) {
      Issue.record("the builder took the named path")
      try routeValues.set(list, for: "list")
    }
  }

  /// `search` through `Codable`: the default slot requirements bridge to `RouteValues`.
  struct Search: LinkRoute, Codable, Equatable {
    static let routeName = "search"
    var query: String
    var from: String?
  }

  @Test func aHandWrittenRouteBuildsAndParsesByPosition() throws {
    let table = Fixtures.openlist
    let route = Checklist(list: Fixtures.id, layout: .board, page: 2)
    let links = try table.links(for: route)
    #expect(
      links.universal
        == "https://openlist.example.com/checklists/\(Fixtures.idText)?layout=board&page=2"
    )
    #expect(
      links
        == (try table.links(
          for: "checklist",
          values: ["list": .uuid(Fixtures.id), "layout": .string("board"), "page": .int(2)]
        ))
    )
    #expect(try table.link(.scheme, for: route) == links.scheme)
    #expect(try table.parse(links.universal, as: Checklist.self) == route)
    #expect(try table.parse(links.scheme, as: Checklist.self) == route)
    #expect(
      try table.parse("openlist://checklists/\(Fixtures.idText)", as: Checklist.self)
        == Checklist(list: Fixtures.id)
    )
  }

  @Test func codableRoutesTakeTheBridge() throws {
    let table = Fixtures.openlist
    let search = Search(query: "milk & eggs", from: nil)
    let link = try table.link(.universal, for: search)
    #expect(link == "https://openlist.example.com/search?q=milk%20%26%20eggs")
    #expect(try table.parse(link, as: Search.self) == search)
  }

  /// Builds the universal link of `route` with the values `body` sets.
  static func build(
    _ route: String,
    _ body: @escaping @Sendable (inout RouteSlots) throws(LinkError) -> Void
  ) throws(LinkError) -> String {
    struct Writer: LinkTarget {
      static var routeTable: RouteTable { Fixtures.openlist }
      let routeIndex: Int
      let body: @Sendable (inout RouteSlots) throws(LinkError) -> Void
      init(routeSlots: borrowing RouteSlots) throws(LinkError) {
        throw LinkError(.unknownRoute, "not for parsing")
      }
      init(routeIndex: Int, body: @escaping @Sendable (inout RouteSlots) throws(LinkError) -> Void)
      {
        self.routeIndex = routeIndex
        self.body = body
      }
      func encode(to routeSlots: inout RouteSlots) throws(LinkError) { try body(&routeSlots) }
    }
    let index = Fixtures.openlist.routes.firstIndex { $0.name == route } ?? -1
    return try Writer(routeIndex: index, body: body).universalLink
  }

  @Test func settersCheckEveryValue() {
    let cases: [(String, @Sendable (inout RouteSlots) throws(LinkError) -> Void, LinkError.Code)] =
      [
        ("checklist-item", { slots throws(LinkError) in try slots.set(5, at: 0) }, .invalidValue),
        (
          "checklist-item", { slots throws(LinkError) in try slots.set(Fixtures.id, at: 1) },
          .invalidValue
        ),
        (
          "checklist-item",
          { slots throws(LinkError) in
            try slots.set(Fixtures.id, at: 0)
            try slots.set(0, at: 1)
          }, .invalidValue
        ),
        ("invite", { slots throws(LinkError) in try slots.set("abc", at: 0) }, .invalidValue),
        (
          "invite", { slots throws(LinkError) in try slots.set("ABC123", at: 2) }, .unknownParameter
        ),
        (
          "invite", { slots throws(LinkError) in try slots.set("ABC123", at: -1) },
          .unknownParameter
        ),
        ("invite", { _ throws(LinkError) in }, .missingParameter),
        ("search", { slots throws(LinkError) in try slots.set(true, at: 0) }, .invalidValue),
      ]
    for (route, body, code) in cases {
      do {
        let link = try Self.build(route, body)
        Issue.record("built \(link)")
      } catch {
        #expect(error.code == code, "\(route): \(error)")
      }
    }
  }

  @Test func readersNameTheMismatch() throws {
    let parsed = try Fixtures.openlist.parse("openlist://search?q=milk")
    struct Wrong: LinkRoute {
      static let routeName = "search"
      init(routeSlots slots: borrowing RouteSlots) throws(LinkError) {
        #expect(slots.count == 2)
        #expect(slots[0] == .string("milk"))
        #expect(slots[1] == nil)
        #expect(slots[7] == nil)
        #expect(try slots.optional(1, as: String.self) == nil)
        _ = try slots.require(0, as: Int.self)
      }
      init(routeValues: RouteValues) throws(LinkError) {}
      func encode(to routeValues: inout RouteValues) throws(LinkError) {}
    }
    do {
      _ = try parsed.decode(as: Wrong.self)
      Issue.record("read a string as an Int")
    } catch {
      #expect(error.code == .invalidValue)
      #expect(error.message.contains("parameter 'query' of route 'search' holds a string \"milk\""))
    }
  }

  @Test func theEmbeddedTableIsCheckedAgainstTheSignatures() throws {
    let json = String(
      decoding: try Data(
        contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/openlist/linkgen.json")
      ),
      as: UTF8.self
    )
    let signatures = Fixtures.openlist.routes.map(\.signature).joined(separator: "\n")
    let table = try RouteTable(generatedJSON: json, source: "test", routeSignatures: signatures)
    #expect(table.routes == Fixtures.openlist.routes)
    let changed = signatures.replacingOccurrences(of: "page: int = 1", with: "page: int = 2")
    do {
      _ = try RouteTable(generatedJSON: json, source: "Links.swift", routeSignatures: changed)
      Issue.record("accepted signatures that differ")
    } catch {
      #expect(error.problems.count == 1)
      #expect(error.problems.first?.route == "checklist")
      #expect(error.description.hasPrefix("Links.swift: routes[2] (checklist): the generated code"))
    }
  }

  @Test func signaturesSpellWhatTypedCodeRelies() throws {
    #expect(
      Fixtures.openlist.routes.map(\.signature) == [
        "shared-checklist(id: uuid)",
        "checklist-item(list: uuid, item: int)",
        "checklist(list: uuid, layout: enum(\"list\", \"board\") = \"list\", showDone: bool = false, "
          + "page: int = 1)",
        "invite(code: string, role: enum(\"viewer\", \"editor\") = \"viewer\")",
        "search(query: string, from: string?)",
        "home()",
      ]
    )
  }
}
