import Foundation
import LinkgenTestSupport
import Testing

/// CGLib, CPango and CRsvg declare the C functions LinkPrint calls in headers of our own (so
/// that SwiftPM needs no pkg-config for them; see Package.swift). These tests keep those
/// declarations exact: each header is compiled after the library's real headers, where any
/// prototype that differs from the library's is a "conflicting types" error.
@Suite(.enabled(if: Declarations.toolsAvailable, "clang, pkg-config or the -dev headers missing"))
struct DeclarationsTests {
  @Test func ourPrototypesAreTheLibrariesOwn() throws {
    let result = try Declarations.compile("")
    #expect(result.status == 0, "\(result.error)")
  }

  /// The check can fail: a prototype that differs from Pango's is caught.
  @Test func aWrongPrototypeIsCaught() throws {
    let result = try Declarations.compile(
      "void pango_layout_set_width(PangoLayout *layout, double width);"
    )
    #expect(result.status != 0)
    #expect(result.error.contains("conflicting types for 'pango_layout_set_width'"))
  }
}

enum Declarations {
  static let clang = ProcessRunner.find(["clang"])
  static let pkgConfig = ProcessRunner.find(["pkg-config"])
  static let packages = ["pangocairo", "librsvg-2.0"]

  static var toolsAvailable: Bool {
    guard let pkgConfig, clang != nil,
      let result = try? ProcessRunner.run(pkgConfig, ["--exists"] + packages)
    else { return false }
    return result.status == 0
  }

  /// Compiles the real headers, then ours in check mode, then `extra`.
  static func compile(_ extra: String) throws -> ProcessRunner.Result {
    guard let clang, let pkgConfig else { throw ScannerError("clang or pkg-config missing") }
    let flags = try ProcessRunner.run(pkgConfig, ["--cflags"] + packages)
    let sources = PackagePaths.root.appendingPathComponent("Sources")
    let directory = try TemporaryDirectory()
    let file = directory.file("check.c")
    let text = """
      #include <pango/pangocairo.h>
      #include <librsvg/rsvg.h>
      #define LINKGEN_DECLARATIONS_CHECK 1
      #include "\(sources.path)/CGLib/glib-declarations.h"
      #include "\(sources.path)/CPango/pango-declarations.h"
      #include "\(sources.path)/CRsvg/rsvg-declarations.h"
      \(extra)

      """
    try Data(text.utf8).write(to: file)
    let arguments =
      ["-fsyntax-only", "-Werror"]
      + flags.output.split(whereSeparator: \.isWhitespace).map(String.init) + [file.path]
    return try ProcessRunner.run(clang, arguments)
  }
}
