import Foundation
import LinkCodegen
import Testing

/// Names map predictably, and every name that cannot map is a coded error naming the route.
struct SwiftNamesTests {
  /// A table with the given routes (a JSON array's contents).
  static func generate(
    routes: String,
    typeName: String = "DeepLink"
  ) throws(CodegenError) -> String {
    let json = """
      { "app": { "scheme": "names", "domains": ["names.example.com"] }, "routes": [\(routes)] }
      """
    return try SwiftGenerator.generate(
      json: Data(json.utf8),
      file: "Tables/names.json",
      options: SwiftGeneratorOptions(typeName: typeName)
    )
  }

  static func route(_ name: String, parameters: String = "", path: String = "") -> String {
    """
    { "name": "\(name)", "parameters": [\(parameters)],
      "scheme": "names://\(name)\(path)", "universal": "/\(name)\(path)" }
    """
  }

  static func enumRoute(_ values: String) -> String {
    route(
      "pick",
      parameters: #"{ "name": "choice", "type": "enum", "values": [\#(values)] }"#,
      path: "/{choice}"
    )
  }

  @Test func routeNamesBecomeLowerCamelCaseCases() throws {
    let source = try Self.generate(
      routes: [Self.route("shared-checklist"), Self.route("a2-b"), Self.route("default")]
        .joined(separator: ",")
    )
    #expect(source.contains("  case sharedChecklist\n"))
    #expect(source.contains("  case a2B\n"))
    #expect(source.contains("  case `default`\n"))
  }

  @Test func enumValuesBecomeCasesWithTheirRawValues() throws {
    let source = try Self.generate(
      routes: Self.enumRoute(#""in-progress", "1x", "for", "HD", "Board", "휴가""#)
    )
    #expect(source.contains("  enum PickChoice: String, CaseIterable, LinkValueConvertible {"))
    #expect(source.contains("    case inProgress = \"in-progress\"\n"))
    #expect(source.contains("    case _1x = \"1x\"\n"))
    #expect(source.contains("    case `for`\n"))
    #expect(source.contains("    case hd = \"HD\"\n"))
    #expect(source.contains("    case board = \"Board\"\n"))
    #expect(source.contains("    case 휴가\n"))
  }

  @Test func keywordParametersAreBareLabelsAndEscapedBindings() throws {
    let source = try Self.generate(
      routes: Self.route(
        "find",
        parameters: #"{ "name": "for", "type": "string" }, { "name": "var", "type": "int" }"#,
        path: "/{for}/{var}"
      )
    )
    #expect(source.contains("  case find(for: String, `var`: Int)\n"))
    #expect(source.contains("    case .find(let `for`, let `var`):\n"))
    #expect(source.contains("      try slots.set(`for`, at: 0)\n"))
  }

  @Test(arguments: [
    (
      [route("a-1b"), route("a1b")].joined(separator: ","), CodegenError.Code.nameCollision,
      "routes 'a-1b' and 'a1b' both map to the Swift case name 'a1b'"
    ),
    ([route("links")].joined(), .reservedName, "route 'links' maps to the Swift case name 'links'"),
    ([route("route-table")].joined(), .reservedName, "'routeTable'"),
    ([route("self")].joined(), .reservedName, "uses for itself"),
    (
      enumRoute(#""a-b", "aB""#), .nameCollision,
      #"the values "a-b" and "aB" of parameter 'choice'"#
    ),
    (enumRoute(#""raw-value""#), .reservedName, "'rawValue', which PickChoice uses for a member"),
    (enumRoute(#""!!!""#), .invalidName, #"the value "!!!" of parameter 'choice'"#),
    (
      route("u", parameters: #"{ "name": "RL", "type": "enum", "values": ["a"] }"#, path: "/{RL}"),
      .reservedName, "'URL', which would hide the type URL"
    ),
    (
      [
        route(
          "a",
          parameters: #"{ "name": "bC", "type": "enum", "values": ["x"] }"#,
          path: "/{bC}"
        ),
        route(
          "a-b",
          parameters: #"{ "name": "c", "type": "enum", "values": ["y"] }"#,
          path: "/{c}"
        ),
      ].joined(separator: ","), .nameCollision,
      "parameter 'c' of route 'a-b' maps to the Swift type name 'ABC', which parameter 'bC' of "
    ),
    (
      route(
        "deep",
        parameters: #"{ "name": "link", "type": "enum", "values": ["x"] }"#,
        path: "/{link}"
      ),
      .nameCollision, "which the generated type has already"
    ),
    (
      route("x", parameters: #"{ "name": "_", "type": "int" }"#, path: "/{_}"), .invalidName,
      "parameter '_' of route 'x' cannot be a Swift label"
    ),
  ])
  func namesThatCannotMapAreCodedErrors(routes: String, code: CodegenError.Code, message: String) {
    do {
      _ = try Self.generate(routes: routes, typeName: "DeepLink")
      Issue.record("generated code for \(routes)")
    } catch {
      #expect(error.code == code)
      #expect(error.description.contains(message), "\(error)")
      #expect(error.description.hasPrefix("Tables/names.json: "))
    }
  }

  @Test(arguments: ["UUID", "LinkError", "1Link", "class", "Deep-Link", ""])
  func typeNamesThatCannotNameTheEnumAreRefused(name: String) {
    #expect(SwiftGeneratorOptions.typeNameProblem(name) != nil)
    do {
      _ = try Self.generate(routes: Self.route("home"), typeName: name)
      Issue.record("generated a type named '\(name)'")
    } catch {
      #expect(error.code == .invalidOptions)
    }
  }

  @Test func aBrokenTableIsTheTablesError() {
    do {
      _ = try Self.generate(routes: Self.route("Bad Name"))
      Issue.record("generated code for a broken table")
    } catch {
      #expect(error.code == .invalidTable)
      #expect(error.description.contains("is not a route name"))
    }
  }

  @Test func optionsFilesAreReadStrictly() throws {
    let options = try SwiftGeneratorOptions(
      json: Data(#"{ "typeName": "OpenListLink", "access": "public" }"#.utf8),
      file: "linkgen-swift.json"
    )
    #expect(options == SwiftGeneratorOptions(typeName: "OpenListLink", access: .public))
    #expect(try SwiftGeneratorOptions(json: Data("{}".utf8), file: "x") == SwiftGeneratorOptions())
    for (json, message) in [
      (#"{ "typename": "A" }"#, "unknown key 'typename'"),
      (#"{ "access": "private" }"#, "access must be internal or public"),
      (#"{ "typeName": 3 }"#, "typeName must be a string"),
      (#"{ "typeName": "String" }"#, "would hide the type String"),
      ("[]", "not a JSON object"),
    ] {
      do {
        _ = try SwiftGeneratorOptions(json: Data(json.utf8), file: "linkgen-swift.json")
        Issue.record("accepted \(json)")
      } catch {
        #expect(error.code == .invalidOptions)
        #expect(error.description.contains(message), "\(error)")
      }
    }
  }
}
