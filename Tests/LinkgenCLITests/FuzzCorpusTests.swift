import Foundation
import LinkgenTestSupport
import Testing

/// The fuzzing corpus doubles as a regression test: the harness built without libFuzzer runs
/// every committed input (seeds, and every input a fuzzer found a bug with) through the same
/// invariants as `scripts/fuzz.sh`.
@Suite(.blockingWork)
struct FuzzCorpusTests {
  static let harness = Linkgen.executable.deletingLastPathComponent().appendingPathComponent(
    "linkgen-fuzz"
  )
  static let built = FileManager.default.isExecutableFile(atPath: harness.path)

  /// Runs the harness; standard output and error together.
  static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try ProcessRunner.run(harness, arguments)
    return (result.status, result.output + result.error)
  }

  /// The targets, from the harness itself (`scripts/fuzz.sh --list` prints the same).
  static let targets: [String] = {
    guard built, let result = try? run(["--list"]), result.status == 0 else { return [] }
    return result.output.split(separator: "\n").map(String.init)
  }()

  @Test(.enabled(if: built, "linkgen-fuzz is not built next to linkgen; skipped"))
  func everyTargetHasACommittedCorpusAndADictionary() throws {
    #expect(
      Self.targets == [
        "links", "table", "aasa", "association", "assetlinks", "csv", "pages", "server",
      ]
    )
    // `scripts/fuzz.sh --list` lists the corpus folders: they must be the targets.
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: Linkgen.packageRoot.appendingPathComponent("Fuzz/corpus").path
    )
    #expect(Set(folders) == Set(Self.targets), "\(folders.sorted())")
    for target in Self.targets {
      let corpus = Linkgen.packageRoot.appendingPathComponent("Fuzz/corpus/\(target)")
      let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path)
      #expect(!files.isEmpty, "Fuzz/corpus/\(target) is empty")
      if target != "association" {
        let dictionary = Linkgen.packageRoot.appendingPathComponent("Fuzz/\(target).dict")
        #expect(FileManager.default.fileExists(atPath: dictionary.path), "no Fuzz/\(target).dict")
      }
    }
  }

  @Test(
    .enabled(if: built, "linkgen-fuzz is not built next to linkgen; skipped"),
    arguments: targets
  )
  func corpusHoldsTheInvariants(target: String) throws {
    let corpus = Linkgen.packageRoot.appendingPathComponent("Fuzz/corpus/\(target)").path
    let result = try Self.run([target, corpus])
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("invariants hold"))
  }

  /// A control: a broken invariant stops the harness, with a message naming the input, and
  /// an unknown target is a usage error.
  @Test(.enabled(if: built, "linkgen-fuzz is not built next to linkgen; skipped"))
  func aBrokenInvariantFailsTheRun() throws {
    let broken = try Self.run(["--broken-invariant"])
    #expect(broken.status != 0)
    #expect(broken.output.contains("invariant broken"))
    let unknown = try Self.run(["no-such-target", Linkgen.packageRoot.path])
    #expect(unknown.status == 64)
    #expect(unknown.output.contains("unknown target 'no-such-target'"))
  }
}
