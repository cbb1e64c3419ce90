import Foundation
import LinkgenTestSupport
import Testing

/// `linkgen make`, `parse`, `routes` and `validate`, end to end through the executable.
struct CoreCommandTests {
  let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"

  @Test func makePrintsTheLinkSet() throws {
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id", id.uppercased()] + Linkgen.openlist
    )
    #expect(result.status == 0)
    #expect(result.error.isEmpty)
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("scheme         openlist://shared-checklists?shared-checklistId=\(id)"))
    #expect(lines.contains("universal      https://openlist.example.com/shared-checklists/\(id)"))
    #expect(lines.contains("appStore       https://apps.apple.com/app/id1234567890"))
    #expect(lines.count == 7)
  }

  @Test func makeJSON() throws {
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id=\(id)", "--format", "json"] + Linkgen.openlist
    )
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    #expect(object["route"] as? String == "shared-checklist")
    #expect((object["params"] as? [String: Any])?["id"] as? String == id)
    let links = try #require(object["links"] as? [String: Any])
    #expect(
      Set(links.keys)
        == ["scheme", "universal", "appStore", "appStoreApp", "playStore", "androidIntent", "web"]
    )
    #expect(links["scheme"] as? String == "openlist://shared-checklists?shared-checklistId=\(id)")
    #expect(links["universal"] as? String == "https://openlist.example.com/shared-checklists/\(id)")
    // Keys in the documented order.
    #expect(
      result.output.range(of: "\"route\"")!.lowerBound
        < result.output.range(of: "\"params\"")!.lowerBound
    )
  }

  @Test func makeTypedParamsInJSON() throws {
    let result = try Linkgen.run(
      [
        "make", "checklist", "--list", id, "--layout", "board", "--showDone", "--page", "2",
        "--format", "json",
      ] + Linkgen.openlist
    )
    #expect(result.status == 0, "\(result.error)")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    let params = try #require(object["params"] as? [String: Any])
    #expect(params["layout"] as? String == "board")
    #expect(params["showDone"] as? Bool == true)
    #expect(params["page"] as? Int == 2)
  }

  @Test func photosExample() throws {
    let result = try Linkgen.run(
      ["make", "album-photo", "--albumname", "Vacation", "--index", "1", "--format", "json"]
        + Linkgen.photos
    )
    #expect(result.status == 0)
    #expect(result.output.contains(#""scheme": "myphotoapp:Vacation?index=1""#))
    #expect(
      result.output.contains(
        #""universal": "https://myphotoapp.example.com/albums?albumname=Vacation&index=1""#
      )
    )
    let parsed = try Linkgen.run(
      ["parse", "myphotoapp:Vacation?index=1", "--format", "json"] + Linkgen.photos
    )
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(parsed.output.utf8)) as? [String: Any]
    )
    #expect(object["route"] as? String == "album-photo")
    #expect(object["kind"] as? String == "scheme")
    #expect((object["params"] as? [String: Any])?["index"] as? Int == 1)
  }

  @Test func parseUpperCaseSchemeLink() throws {
    let result = try Linkgen.run(
      [
        "parse", "OPENLIST://shared-checklists?shared-checklistId=\(id.uppercased())&utm_source=x",
        "--format", "json",
      ] + Linkgen.openlist
    )
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    )
    #expect(object["route"] as? String == "shared-checklist")
    #expect(object["kind"] as? String == "scheme")
    #expect((object["params"] as? [String: Any])?["id"] as? String == id)
    let ignored = object["ignored"] as? [[String: String]]
    #expect(ignored == [["name": "utm_source", "value": "x"]])
  }

  @Test func parseFromStandardInput() throws {
    let link = "https://openlist.example.com/shared-checklists/\(id)\n"
    let result = try Linkgen.run(["parse", "-"] + Linkgen.openlist, input: Data(link.utf8))
    #expect(result.status == 0)
    #expect(result.output.contains("route  shared-checklist"))
  }

  @Test func parseReadsOneLinkFromStandardInput() throws {
    let two = "openlist://invite?code=ABC123\nopenlist://invite?code=DEF456\n"
    let result = try Linkgen.run(["parse", "-"] + Linkgen.openlist, input: Data(two.utf8))
    #expect(result.status == 65)
    #expect(result.error.contains("standard input has 2 lines; parse reads one link"))
    #expect(!result.error.contains("control character"))
  }

  @Test func theSameFailureExitsTheSameWayInEveryCommand() throws {
    let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
    let directory = try TemporaryDirectory()
    let csv = directory.file("rows.csv")
    try Data("id\n\(id)\n".utf8).write(to: csv)
    let unknownRoute = [
      ["make", "nope"], ["page", "nope"],
      ["batch", "nope", "--input", csv.path, "--out", directory.file("out").path],
    ]
    for arguments in unknownRoute {
      let result = try Linkgen.run(arguments + Linkgen.openlist)
      #expect(result.status == 65, "\(arguments): \(result.error)")
      #expect(result.error.contains("the route table has no route 'nope'"), "\(arguments)")
    }
    // A folder given as the table: 66 and a sentence, not a Foundation error.
    for command in [["routes"], ["make", "home"], ["aasa"], ["validate"]] {
      let result = try Linkgen.run(command + ["--config", directory.url.path])
      #expect(result.status == 66, "\(command)")
      #expect(
        result.error.contains("cannot read the route table: it is a directory"),
        "\(result.error)"
      )
      #expect(!result.error.contains("Error Domain"))
    }
  }

  /// Hostile input: a clean message on standard error, status 65, nothing on standard output.
  @Test(arguments: [
    "https://evil.example/shared-checklists/3f2504e0-4f89-11d3-9a0c-0305e82c3301",
    "javascript:alert(document.cookie)",
    "openlist://search?q=%E2%80%AE",
    "openlist://search?q=a%0d%0aX-Injected:1",
    "https://openlist.example.com/../../etc/passwd",
    "https://openlist.example.com/shared-checklists/'%20OR%201=1--",
    "openlist://shared-checklists?shared-checklistId=<script>alert(1)</script>",
    "\u{1B}[31mred",
    "https://openlist.example.com/shared-checklists/00000000-0000-0000-0000-000000000000",
  ])
  func hostileLinks(link: String) throws {
    let result = try Linkgen.run(["parse", link] + Linkgen.openlist)
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(result.error.hasPrefix("linkgen: error: "))
    #expect(!result.error.contains("\u{1B}"), "control characters must not reach the terminal")
    #expect(!result.error.contains("Fatal error") && !result.error.contains("Stack dump"))
  }

  @Test func makeRefusesTheNilUUID() throws {
    let result = try Linkgen.run(
      ["make", "shared-checklist", "--id", "00000000-0000-0000-0000-000000000000"]
        + Linkgen.openlist
    )
    #expect(result.status == 65)
    #expect(result.output.isEmpty)
    #expect(result.error.contains("must not be the nil UUID"))
  }

  @Test func megabyteLinks() throws {
    let huge = "https://openlist.example.com/search?q=" + String(repeating: "a", count: 1 << 20)
    let stdin = try Linkgen.run(["parse", "-"] + Linkgen.openlist, input: Data(huge.utf8))
    #expect(stdin.status == 65)
    #expect(stdin.error.contains("longer than 8192 bytes"))
    let binary = try Linkgen.run(
      ["parse", "-"] + Linkgen.openlist,
      input: Data([0xFF, 0xFE, 0x00, 0x41])
    )
    #expect(binary.status == 65)
    #expect(binary.error.contains("not UTF-8"))
  }

  @Test func usageAndInputErrors() throws {
    let noRoute = try Linkgen.run(["make"] + Linkgen.openlist)
    #expect(noRoute.status == 64)
    let unknownParameter = try Linkgen.run(
      ["make", "shared-checklist", "--idd", id] + Linkgen.openlist
    )
    // An unknown parameter is the same LinkError (65) whichever command meets it.
    #expect(unknownParameter.status == 65)
    #expect(unknownParameter.error.contains("has no parameter 'idd'; it takes --id"))
    let missingValue = try Linkgen.run(["make", "shared-checklist", "--id"] + Linkgen.openlist)
    #expect(missingValue.status == 64)
    let badValue = try Linkgen.run(["make", "shared-checklist", "--id", "42"] + Linkgen.openlist)
    #expect(badValue.status == 65)
    #expect(badValue.error.contains("must be a UUID"))
    let unknownRoute = try Linkgen.run(["make", "nope"] + Linkgen.openlist)
    #expect(unknownRoute.status == 65)
    #expect(unknownRoute.error.contains("no route 'nope'"))
    let badFormat = try Linkgen.run(["routes", "--format", "xml"] + Linkgen.openlist)
    #expect(badFormat.status == 64)
  }

  @Test func missingAndBrokenTables() throws {
    let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
      "linkgen-\(UUID().uuidString)"
    )
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: empty) }
    let missing = try Linkgen.run(["routes"], in: empty)
    #expect(missing.status == 66)
    #expect(
      missing.error.contains(
        "linkgen.json: cannot read the route table: no such file; pass --config FILE"
      )
    )
    let broken = empty.appendingPathComponent("linkgen.json")
    try Data(
      #"{"app": {"scheme": "openlist", "domains": ["x.example.com"], "ios": {"teamId": "X"}}, "routes": []}"#
        .utf8
    )
    .write(to: broken)
    let invalid = try Linkgen.run(["validate"], in: empty)
    #expect(invalid.status == 65)
    #expect(
      invalid.error.contains(
        "linkgen: error: linkgen.json:1:80: app.ios.teamId: unknown key 'teamId'; did you mean "
          + "'teamID'?"
      ),
      "\(invalid.error)"
    )
    // Not JSON: the line and the column, as check-aasa gives them for its files.
    try Data("{\n  \"app\": {\"scheme\": \"openlist\",}\n  \"routes\": []\n}".utf8).write(
      to: broken
    )
    let malformed = try Linkgen.run(["validate"], in: empty)
    #expect(malformed.status == 65)
    #expect(
      malformed.error.contains(
        "linkgen: error: linkgen.json:2:31: the file is not valid JSON: it has a trailing comma"
      ),
      "\(malformed.error)"
    )
    #expect(
      malformed.error.contains(
        "linkgen: error: linkgen.json:3:3: the file is not valid JSON: expected ',' or '}' in an "
          + "object, found '\"'"
      ),
      "\(malformed.error)"
    )
  }

  @Test func routesAndValidate() throws {
    let routes = try Linkgen.run(["routes"] + Linkgen.openlist)
    #expect(routes.status == 0)
    #expect(routes.output.contains("shared-checklist  — Open a checklist someone shared with you"))
    #expect(routes.output.contains("  --id <uuid>"))
    let json = try Linkgen.run(["routes", "--format", "json"] + Linkgen.openlist)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    )
    #expect((object["routes"] as? [Any])?.count == 6)
    let validate = try Linkgen.run(["validate"] + Linkgen.openlist)
    #expect(validate.status == 0)
    #expect(validate.output.contains("OK, 6 routes"))
  }

  @Test(arguments: ["make", "parse", "routes", "validate"])
  func helpTeachesWithExamples(command: String) throws {
    let result = try Linkgen.run([command, "--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Examples:"))
    #expect(result.output.contains("--config"))
  }
}
