import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkBatch

@Suite(.blockingWork)
struct AtomicFileTests {
  func entries(_ directory: TemporaryDirectory) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
  }

  @Test func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("a.png").path
    try AtomicFile.write(Array("first".utf8), to: path)
    try AtomicFile.write(Array("second".utf8), to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    #expect(try entries(directory) == ["a.png"])
  }

  @Test func anUnwritablePathIsAClearErrorAndLeavesNothing() throws {
    let directory = try TemporaryDirectory()
    try Data("x".utf8).write(to: directory.file("file"))
    let error = try #require(throws: AtomicFileError.self) {
      try AtomicFile.write([1, 2, 3], to: directory.file("file").path + "/a.png")
    }
    #expect(error.description.hasSuffix("/file/a.png (Not a directory)"))
    // Renaming over a directory fails after the temporary file was written: it is removed.
    try FileManager.default.createDirectory(
      at: directory.file("dir.png"),
      withIntermediateDirectories: false
    )
    #expect(throws: AtomicFileError.self) {
      try AtomicFile.write([1, 2, 3], to: directory.file("dir.png").path)
    }
    #expect(try entries(directory) == ["dir.png", "file"])
  }

  @Test func staleTemporaryFilesOfDeadProcessesAreRemoved() throws {
    let directory = try TemporaryDirectory()
    // A process id that is not running: a child that has exited and been reaped.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: "/bin/true")
    try child.run()
    child.waitUntilExit()
    let dead = child.processIdentifier
    let stale = ".a.png.\(dead)-3.linkgen-tmp"
    let live = ".b.png.1-0.linkgen-tmp"  // pid 1 is always running
    let mine = ".c.png.\(getpid())-0.linkgen-tmp"
    for name in [stale, live, mine, "d.png", ".e.linkgen-tmp.txt"] {
      try Data().write(to: directory.file(name))
    }
    #expect(AtomicFile.removeStaleTemporaryFiles(in: directory.url.path) == 1)
    #expect(try entries(directory) == [live, mine, ".e.linkgen-tmp.txt", "d.png"].sorted())
  }
}
