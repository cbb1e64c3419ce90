import Foundation
import Testing

/// The fuzzing corpus doubles as a regression test: the harness built without libFuzzer runs
/// every file through the same invariants.
struct FuzzCorpusTests {
  static let harness = Linkgen.executable.deletingLastPathComponent().appendingPathComponent(
    "linkgen-fuzz"
  )

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: harness.path),
      "linkgen-fuzz is not built next to linkgen; skipped"
    )
  )
  func corpusHoldsTheInvariants() throws {
    for (corpus, mode) in [("links", "links"), ("tables", "table")] {
      let process = Process()
      process.executableURL = Self.harness
      process.arguments = [Linkgen.packageRoot.appendingPathComponent("Fuzz/corpus/\(corpus)").path]
      process.environment = ["LINKGEN_FUZZ": mode]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(text)")
      #expect(text.contains("invariants hold"))
    }
  }
}
