import Foundation
import LinkCodegen
import LinkKit
import LinkgenTestSupport
import Testing

/// The Kotlin generator's output: deterministic, named as documented, with LinkKit's error
/// codes and rules, and in step with the file the Android example keeps. (Compiling it and
/// checking it against LinkKit's vectors is KotlinVectorsTests' job.)
@Suite(.blockingWork)
struct KotlinGeneratorTests {
  static let root = PackagePaths.root

  static func generate(_ table: String, package: String = "com.example.app") throws -> String {
    try KotlinGenerator.generate(
      contentsOf: root.appendingPathComponent(table).path,
      packageName: package
    )
  }

  static func generate(json: String, package: String = "x.y") throws(CodegenError) -> String {
    try KotlinGenerator.generate(json: Data(json.utf8), file: "linkgen.json", packageName: package)
  }

  @Test(arguments: [
    "Examples/openlist/linkgen.json", "Examples/photos/linkgen.json",
    "Tests/GeneratedNamingTests/linkgen.json",
  ])
  func theSameTableGivesTheSameBytes(table: String) throws {
    let first = try Self.generate(table)
    #expect(try Self.generate(table) == first)
    #expect(first.hasPrefix("// DeepLink.kt: the links of linkgen.json as Kotlin values"))
    #expect(first.contains("\npackage com.example.app\n"))
    #expect(!first.contains("android."))
    #expect(!first.contains("kotlin.reflect"))
  }

  @Test func theAndroidExampleKeepsTheGeneratedFile() throws {
    let kept = try String(
      contentsOf: Self.root.appendingPathComponent(
        "Examples/openlist/android/app/src/main/java/com/example/openlist/DeepLink.kt"
      ),
      encoding: .utf8
    )
    #expect(
      kept == (try Self.generate("Examples/openlist/linkgen.json", package: "com.example.openlist"))
    )
  }

  @Test func namesFollowTheTable() throws {
    let source = try Self.generate("Examples/openlist/linkgen.json")
    #expect(source.contains("sealed class DeepLink {"))
    #expect(
      source.contains("    data class SharedChecklist(\n        val id: UUID\n    ) : DeepLink() {")
    )
    #expect(source.contains("        val item: Int\n"))
    #expect(source.contains("        val layout: ChecklistLayout = ChecklistLayout.list,\n"))
    #expect(source.contains("        val from: String? = null\n"))
    #expect(source.contains("    object Home : DeepLink() {"))
    #expect(source.contains("    enum class ChecklistLayout(val value: String) {"))
    #expect(source.contains("        fun parse(link: String): ParseResult<DeepLink> ="))
    #expect(
      source.contains("        fun fromInstallReferrer(referrer: String): ParseResult<DeepLink> =")
    )
    // An int without both bounds in Int's range is a Long.
    #expect(try Self.generate("Examples/photos/linkgen.json").contains("        val index: Long\n"))
    let naming = try Self.generate("Tests/GeneratedNamingTests/linkgen.json")
    #expect(naming.contains("        val `for`: String = \"say \\\"hi\\\" \\\\ there\","))
    #expect(naming.contains("        val `in`: Long = -5L,"))
  }

  @Test func errorCodesAreLinkKitsCaseNames() throws {
    let source = try Self.generate("Examples/photos/linkgen.json")
    let start = try #require(source.range(of: "enum class LinkErrorCode {\n"))
    let body = source[start.upperBound...].prefix { $0 != "}" }
    let names = body.split(separator: "\n").map {
      $0.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: ",")))
    }
    #expect(names == LinkError.Code.allCases.map(\.rawValue))
  }

  @Test(arguments: [
    ("copy", CodegenError.Code.reservedName),
    ("component2", .reservedName),
    ("__", .reservedName),
  ])
  func reservedPropertyNamesAreRefused(name: String, code: CodegenError.Code) {
    let json = """
      { "app": { "scheme": "x", "domains": ["x.example.com"] }, "routes": [
        { "name": "a", "parameters": [{ "name": "\(name)", "type": "int" }],
          "scheme": "x://a/{\(name)}", "universal": "/a/{\(name)}" } ] }
      """
    #expect(throws: CodegenError.self) { try Self.generate(json: json) }
    do { _ = try Self.generate(json: json) } catch { #expect(error.code == code, "\(error)") }
  }

  @Test func namesThatCollideAreRefused() {
    let json = """
      { "app": { "scheme": "x", "domains": ["x.example.com"] }, "routes": [
        { "name": "a", "parameters": [{ "name": "mode", "type": "enum", "values": ["p", "q"] }],
          "scheme": "x://a/{mode}", "universal": "/a/{mode}" },
        { "name": "a-mode", "scheme": "x://b", "universal": "/b" },
        { "name": "link-set", "scheme": "x://c", "universal": "/c" } ] }
      """
    do {
      _ = try Self.generate(json: json)
      Issue.record("generated names that collide")
    } catch {
      #expect(error.code == .nameCollision)
      #expect(error.message.contains("'AMode'"), "\(error)")
    }
  }

  @Test(arguments: ["", "com.fun.x", "1com", "com..x", "com.example-app"])
  func invalidPackagesAreRefused(package: String) {
    #expect(KotlinGenerator.packageNameProblem(package) != nil)
  }

  @Test func validNamesPass() {
    #expect(KotlinGenerator.packageNameProblem("com.example.openlist") == nil)
    #expect(KotlinGenerator.typeNameProblem("OpenListLink") == nil)
    #expect(KotlinGenerator.typeNameProblem("ParseResult") != nil)
    #expect(KotlinGenerator.typeNameProblem("class") != nil)
  }
}
