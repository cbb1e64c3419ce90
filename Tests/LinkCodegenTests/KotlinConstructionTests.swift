import Foundation
import LinkCodegen
import LinkKit
import LinkgenTestSupport
import Testing

/// A generated Kotlin value checks itself when it is created: a value that does not fit its
/// parameter (out of bounds, a nil UUID, a string of the wrong length or characters) throws
/// IllegalArgumentException with the message LinkKit's `LinkError` carries for the same value,
/// and a value that fits is created. The openlist file is compiled with kotlinc beside a `main`
/// written from the cases below, which prints each construction's outcome.
@Suite(.blockingWork)
struct KotlinConstructionTests {
  static let available =
    ProcessRunner.find(["kotlinc"]) != nil && ProcessRunner.find(["java"]) != nil

  /// One construction: the Kotlin expression, and the same values for LinkKit.
  struct Case {
    let kotlin: String
    let route: String
    let values: [String: LinkValue]
    /// Whether the value fits (a case at a bound, or a plain value).
    var fits = false
  }

  static let id = "3f2504e0-4f89-11d3-9a0c-0305e82c3301"
  static let uuid = "UUID.fromString(\"\(id)\")"
  static let list = LinkValue.uuid(UUID(uuidString: id) ?? UUID())

  static let cases: [Case] = [
    Case(
      kotlin: "DeepLink.ChecklistItem(\(uuid), 10001)",
      route: "checklist-item",
      values: ["list": list, "item": .int(10001)]
    ),
    Case(
      kotlin: "DeepLink.ChecklistItem(\(uuid), 0)",
      route: "checklist-item",
      values: ["list": list, "item": .int(0)]
    ),
    Case(
      kotlin: "DeepLink.ChecklistItem(\(uuid), -2147483648)",
      route: "checklist-item",
      values: ["list": list, "item": .int(-2_147_483_648)]
    ),
    Case(
      kotlin: "DeepLink.Checklist(\(uuid), page = 1001)",
      route: "checklist",
      values: ["list": list, "page": .int(1001)]
    ),
    Case(
      kotlin: "DeepLink.SharedChecklist(UUID(0L, 0L))",
      route: "shared-checklist",
      values: ["id": .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)))]
    ),
    Case(kotlin: "DeepLink.Invite(\"ABC\")", route: "invite", values: ["code": .string("ABC")]),
    Case(
      kotlin: "DeepLink.Invite(\"ABC1234567890\")",
      route: "invite",
      values: ["code": .string("ABC1234567890")]
    ),
    Case(
      kotlin: "DeepLink.Invite(\"abc123\")",
      route: "invite",
      values: ["code": .string("abc123")]
    ),
    Case(
      kotlin: "DeepLink.Invite(\"ABC/123\")",
      route: "invite",
      values: ["code": .string("ABC/123")]
    ),
    Case(kotlin: "DeepLink.Search(\"\")", route: "search", values: ["query": .string("")]),
    Case(
      kotlin: "DeepLink.Search(\"x\".repeat(201))",
      route: "search",
      values: ["query": .string(String(repeating: "x", count: 201))]
    ),
    Case(
      kotlin: "DeepLink.Search(\"caf\\u00E9\".repeat(50))",
      route: "search",
      values: ["query": .string(String(repeating: "café", count: 50))],
      fits: true
    ),
    Case(
      kotlin: "DeepLink.Search(\"caf\\u00E9\".repeat(51))",
      route: "search",
      values: ["query": .string(String(repeating: "café", count: 51))]
    ),
    Case(
      kotlin: "DeepLink.Search(\"a\\u202Eb\")",
      route: "search",
      values: ["query": .string("a\u{202E}b")]
    ),
    Case(
      kotlin: "DeepLink.Search(\"tab\\there\")",
      route: "search",
      values: ["query": .string("tab\there")]
    ),
    Case(
      kotlin: "DeepLink.Search(\"ok\", \"\")",
      route: "search",
      values: ["query": .string("ok"), "from": .string("")]
    ),
    Case(
      kotlin: "DeepLink.Invite(\"ABC123\", DeepLink.InviteRole.editor)",
      route: "invite",
      values: ["code": .string("ABC123"), "role": .string("editor")],
      fits: true
    ),
  ]

  /// LinkKit's verdict on building the case's values: its message, or "ok".
  static func linkKitVerdict(_ table: RouteTable, _ item: Case) -> String {
    do {
      _ = try table.links(for: item.route, values: item.values)
      return "ok"
    } catch {
      return error.message
    }
  }

  /// A Kotlin `main` that creates each case's value and prints "ok" or the exception's message,
  /// one line a case.
  static func driver() -> String {
    var lines = [
      "package linkgen.construction", "", "import java.util.UUID", "",
      "fun attempt(make: () -> DeepLink) {",
      "    try {", "        make()", "        println(\"ok\")",
      "    } catch (error: IllegalArgumentException) {", "        println(error.message)", "    }",
      "}", "", "fun main() {",
    ]
    lines += cases.map { "    attempt { \($0.kotlin) }" }
    lines += ["}", ""]
    return lines.joined(separator: "\n")
  }

  @Test(
    .enabled(
      if: available,
      "kotlinc or java is not installed (apt-get install kotlin default-jdk-headless); skipping"
    )
  )
  func invalidValuesThrowLinkKitsMessage() throws {
    let directory = try TemporaryDirectory()
    let table = PackagePaths.root.appendingPathComponent("Examples/openlist/linkgen.json")
    let kotlin = try KotlinGenerator.generate(
      contentsOf: table.path,
      packageName: "linkgen.construction"
    )
    try kotlin.write(to: directory.file("DeepLink.kt"), atomically: true, encoding: .utf8)
    try Self.driver().write(to: directory.file("Main.kt"), atomically: true, encoding: .utf8)
    let classes = directory.file("classes")
    let compiled = try ProcessRunner.run(
      try #require(ProcessRunner.find(["kotlinc"])),
      ["-Werror", "DeepLink.kt", "Main.kt", "-d", classes.path],
      in: directory.url,
      timeout: 600
    )
    try #require(compiled.status == 0, "\(compiled.output)\n\(compiled.error)")
    let stdlib = ["/usr/share/java/kotlin-stdlib.jar"] + Self.kotlinHomeStdlib()
    let run = try ProcessRunner.run(
      try #require(ProcessRunner.find(["java"])),
      ["-cp", ([classes.path] + stdlib).joined(separator: ":"), "linkgen.construction.MainKt"],
      timeout: 120
    )
    try #require(run.status == 0, "\(run.output)\n\(run.error)")
    let printed = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init
    )
    let routes = try RouteTable(contentsOf: table)
    for (index, item) in Self.cases.enumerated() {
      let got = index < printed.count ? printed[index] : "(nothing)"
      #expect(got == Self.linkKitVerdict(routes, item), "\(item.kotlin)")
    }
    // The cases that fit are created; the others are refused with a sentence naming the
    // parameter.
    for (index, item) in Self.cases.enumerated() where index < printed.count {
      #expect(printed[index].hasPrefix(item.fits ? "ok" : "parameter '"), "\(item.kotlin)")
    }
  }

  /// The stdlib beside a kotlinc that is not Debian's (SDKMAN, a zip), if any.
  static func kotlinHomeStdlib() -> [String] {
    guard let kotlinc = ProcessRunner.find(["kotlinc"]) else { return [] }
    let home = kotlinc.resolvingSymlinksInPath().deletingLastPathComponent()
      .deletingLastPathComponent()
    return [home.appendingPathComponent("lib/kotlin-stdlib.jar").path]
  }
}
