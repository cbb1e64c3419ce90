import Foundation
import LinkKit
import Testing

/// The nil UUID, `00000000-0000-0000-0000-000000000000`: well-formed, but no real link carries
/// it, and code that reads it as "no value" or "any" is a favourite target. Refused by default;
/// `"allowNil": true` on a `uuid` parameter accepts it.
struct NilUUIDTests {
  static let nilText = "00000000-0000-0000-0000-000000000000"
  static let nilUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  static let table: RouteTable = {
    do {
      return try Fixtures.table(
        routes: #"""
          {"name": "session", "parameters": [{"name": "id", "type": "uuid", "allowNil": true}],
           "scheme": "openlist://sessions/{id}", "universal": "/sessions/{id}"},
          {"name": "user", "parameters": [{"name": "id", "type": "uuid"}, {"name": "ref", "type": "uuid", "optional": true}],
           "scheme": "openlist://users/{id}?ref={ref}", "universal": "/users/{id}?ref={ref}"}
          """#
      )
    } catch {
      fatalError("\(error)")
    }
  }()

  @Test(arguments: [
    "https://openlist.example.com/users/\(nilText)",
    "openlist://users/\(nilText)",
    "openlist://users/3f2504e0-4f89-11d3-9a0c-0305e82c3301?ref=\(nilText)",
    "https://openlist.example.com/shared-checklists/\(nilText)",
  ])
  func theParserRefusesIt(link: String) throws {
    let table = link.contains("shared-checklists") ? Fixtures.openlist : Self.table
    do {
      let parsed = try table.parse(link)
      Issue.record("parsed \(link) as \(parsed.values)")
    } catch {
      #expect(error.code == .invalidValue)
      #expect(error.message.contains("must not be the nil UUID"))
      #expect(error.message.contains(#""allowNil": true"#))
      let range = try #require(error.range)
      let bytes = Array(link.utf8)
      #expect(String(decoding: bytes[range], as: UTF8.self) == Self.nilText)
    }
  }

  @Test func aParameterThatAllowsItParsesAndBuildsIt() throws {
    let link = "https://openlist.example.com/sessions/\(Self.nilText)"
    let parsed = try Self.table.parse(link)
    #expect(parsed.values["id"] == .uuid(Self.nilUUID))
    #expect(try Self.table.link(.universal, for: parsed.values) == link)
    let parameter = try #require(Self.table.route(named: "session")?.parameters.first)
    #expect(parameter.allowsNilUUID)
    #expect(Self.table.route(named: "user")?.parameters.allSatisfy { !$0.allowsNilUUID } == true)
  }

  @Test func theBuilderRefusesIt() throws {
    var values = try Self.table.values(for: "user")
    #expect(throws: LinkError.self) { try values.set(.uuid(Self.nilUUID), for: "id") }
    #expect(throws: LinkError.self) { try values.set(text: Self.nilText, for: "id") }
    #expect(throws: LinkError.self) { try values.set(Self.nilUUID, for: "ref") }
    do {
      _ = try Fixtures.openlist.links(for: SharedChecklist(id: Self.nilUUID))
      Issue.record("built a link to the nil UUID")
    } catch {
      #expect(error.code == .invalidValue && error.parameter == "id")
    }
    // Other UUIDs of every version and variant, including the max UUID, are fine.
    try values.set(text: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", for: "id")
    try values.set(text: "00000000-0000-0000-0000-000000000001", for: "ref")
    #expect(
      try Self.table.link(.scheme, for: values)
        == "openlist://users/ffffffff-ffff-ffff-ffff-ffffffffffff?ref=00000000-0000-0000-0000-000000000001"
    )
  }

  @Test func aNilDefaultNeedsTheSwitch() {
    let route = #"""
      {"name": "a", "parameters": [{"name": "id", "type": "uuid", "default": "00000000-0000-0000-0000-000000000000"}],
       "scheme": "openlist://a?id={id}", "universal": "/a?id={id}"}
      """#
    do {
      _ = try Fixtures.table(routes: route)
      Issue.record("a nil default loaded")
    } catch {
      #expect(error.problems.map(\.field) == ["routes[0].parameters[0].default"])
      #expect(error.problems.first?.message.contains("must not be the nil UUID") == true)
    }
    let allowed = route.replacingOccurrences(
      of: #""type": "uuid","#,
      with: #""type": "uuid", "allowNil": true,"#
    )
    #expect(throws: Never.self) { try Fixtures.table(routes: allowed) }
  }

  @Test(arguments: [
    (
      #"{"name": "n", "type": "int", "allowNil": true}"#,
      "'allowNil' does not apply to a parameter of type int"
    ),
    (#"{"name": "n", "type": "uuid", "allowNil": "yes"}"#, "expected true or false"),
    (#"{"name": "n", "type": "uuid", "allownil": true}"#, "did you mean 'allowNil'?"),
  ])
  func theSwitchIsChecked(parameter: String, words: String) {
    let routes =
      #"{"name": "a", "parameters": [\#(parameter)], "scheme": "openlist://a/{n}", "universal": "/a/{n}"}"#
    do {
      _ = try Fixtures.table(routes: routes)
      Issue.record("the table loaded")
    } catch {
      #expect(error.problems.contains { $0.message.contains(words) }, "\(error)")
    }
  }
}
