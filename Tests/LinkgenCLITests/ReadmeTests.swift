import Foundation
import LinkgenTestSupport
import Testing

@testable import linkgen

/// What a new user copies from the README works: the package line resolves, the Swift code
/// compiles against the package, and the quick start puts `linkgen` on the PATH.
@Suite(.blockingWork, .serialized)
struct ReadmeTests {
  static let readme: String = {
    (try? String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
  }()

  /// The fenced code blocks of the README in a language.
  static func blocks(_ language: String) -> [String] {
    Markdown.blocks(readme, language: language)
  }

  static let swift = ProcessRunner.find(["swift"])

  @Test func thePackageLineNamesTheCurrentVersion() {
    let line =
      ".package(url: \"https://github.com/linkgen/linkgen\", from: \"\(LinkgenVersion.current)\")"
    #expect(Self.blocks("swift").contains { $0.contains(line) }, "README lacks \(line)")
  }

  @Test func theQuickStartInstallsLinkgenOnThePathBeforeUsingIt() throws {
    let quickStart = try #require(Self.blocks("sh").first)
    let install = try #require(quickStart.range(of: "install -D .build/release/linkgen"))
    let path = try #require(quickStart.range(of: "export PATH="))
    let use = try #require(quickStart.range(of: "&& linkgen make"))
    #expect(install.lowerBound < path.lowerBound && path.lowerBound < use.lowerBound)
    #expect(quickStart.contains("swift build -c release --product linkgen"))
  }

  /// The README's Swift code, in order, as the `main.swift` of a package that depends on this
  /// one by path and applies LinkgenPlugin to the openlist table, builds (imports hoisted to
  /// the top; the package line is left out).
  @Test(.enabled(if: swift != nil, "no swift on PATH; skipped"))
  func theSwiftCodeCompilesAgainstThePackage() async throws {
    let code = Self.blocks("swift").filter { !$0.hasPrefix(".package(") }
    #expect(code.count >= 2)
    let lines = code.joined(separator: "\n").split(
      separator: "\n",
      omittingEmptySubsequences: false
    )
    let imports = Set(lines.filter { $0.hasPrefix("import ") })
    let body = lines.filter { !$0.hasPrefix("import ") }
    let scratch = try TemporaryDirectory()
    let sources = scratch.url.appendingPathComponent("Sources/ReadmeCode")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    try Data((imports.sorted() + body).joined(separator: "\n").utf8)
      .write(to: sources.appendingPathComponent("main.swift"))
    // The target holds the openlist table and applies LinkgenPlugin, as the README says, so
    // its code can use the generated `DeepLink`.
    try FileManager.default.copyItem(
      at: PackagePaths.example("openlist"),
      to: sources.appendingPathComponent("linkgen.json")
    )
    try Data(
      """
      // swift-tools-version: 6.2
      import PackageDescription

      let package = Package(
        name: "ReadmeCode",
        dependencies: [.package(path: \(literal(PackagePaths.root.path)))],
        targets: [
          .executableTarget(
            name: "ReadmeCode",
            dependencies: [.product(name: "LinkKit", package: \(literal(PackagePaths.root.lastPathComponent)))],
            plugins: [.plugin(name: "LinkgenPlugin", package: \(literal(PackagePaths.root.lastPathComponent)))]
          )
        ]
      )
      """.utf8
    ).write(to: scratch.url.appendingPathComponent("Package.swift"))
    let swift = try #require(Self.swift)
    // Minutes of waiting: off the cooperative threads, which the async tests need meanwhile.
    let path = scratch.url.path
    let build = try await offThePool {
      try ProcessRunner.run(swift, ["build", "--package-path", path], timeout: 900)
    }
    #expect(
      build.status == 0,
      "the README's Swift code does not build:\n\(build.output)\(build.error)"
    )
    // Depending on LinkKit alone, with the plugin, builds none of the other products'
    // dependencies: the plugin's tool needs LinkKit and the generator only.
    for module in ["Mustache", "ArgumentParser", "Hummingbird", "NIOCore", "LinkQR", "LinkPages"] {
      #expect(!build.output.contains("Compiling \(module)"), "the build compiled \(module)")
    }
  }

  private func literal(_ text: String) -> String {
    "\""
      + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
        of: "\"",
        with: "\\\""
      ) + "\""
  }
}
