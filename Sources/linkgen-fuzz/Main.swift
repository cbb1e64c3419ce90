import Foundation

/// Coverage-guided fuzzing of linkgen's readers with libFuzzer; see docs/fuzzing.md.
///
/// `scripts/fuzz.sh TARGET SECONDS` builds this target with `-sanitize=fuzzer,address
/// -DFUZZING` and runs it with `LINKGEN_FUZZ=TARGET`. Without `-DFUZZING` it builds as an
/// ordinary executable that replays corpus files through the same checks, which is how the test
/// suite runs the committed corpus:
///
///     linkgen-fuzz --list
///     linkgen-fuzz aasa Fuzz/corpus/aasa
@main
struct FuzzMain {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--broken-invariant" {
      // Fails as a broken invariant does, so that the tests can check the harness reports it.
      Invariant.input = "--broken-invariant"
      Invariant.fail("this run checks that a broken invariant fails the run")
    }
    if arguments.first == "--html-shape" {
      // The structure the pages target compares, one token a line, for the tests to hold the
      // tokenizer to a real HTML parser.
      let html = FileHandle.standardInput.readDataToEndOfFile()
      for token in HTMLShape.of(String(decoding: html, as: UTF8.self)) { print(token) }
      return
    }
    if arguments.first == "--list" {
      for target in FuzzTarget.all {
        print(arguments.contains("--verbose") ? "\(target.name)\t\(target.summary)" : target.name)
      }
      return
    }
    #if FUZZING
      let name = ProcessInfo.processInfo.environment["LINKGEN_FUZZ"] ?? "links"
      guard let target = FuzzTarget.named(name) else { usage("unknown target '\(name)'") }
      Fuzzing.target = target
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
    #else
      guard let name = arguments.first, let target = FuzzTarget.named(name) else {
        usage(arguments.first.map { "unknown target '\($0)'" } ?? "no target given")
      }
      var count = 0
      for path in arguments.dropFirst() {
        for file in files(at: path) {
          guard let data = FileManager.default.contents(atPath: file) else {
            usage("cannot read \(file)")
          }
          Invariant.input = file
          target.check(Array(data))
          count += 1
        }
      }
      print("linkgen-fuzz \(name): \(count) inputs checked, invariants hold")
    #endif
  }

  static func usage(_ problem: String) -> Never {
    let names = FuzzTarget.all.map(\.name).joined(separator: ", ")
    let text = """
      linkgen-fuzz: \(problem)
      usage: linkgen-fuzz --list
             linkgen-fuzz TARGET FILE-OR-DIRECTORY…   (replays inputs through the checks)
             linkgen-fuzz --broken-invariant           (fails as a broken invariant does)
             linkgen-fuzz --html-shape < page.html     (the pages target's view of the HTML)
             scripts/fuzz.sh TARGET SECONDS            (fuzzes, with libFuzzer)
      targets: \(names)

      """
    FileHandle.standardError.write(Data(text.utf8))
    exit(64)
  }

  /// The files at `path`: itself, or a directory's files in name order.
  static func files(at path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      usage("no such file or directory: \(path)")
    }
    guard isDirectory.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(path)/\($0)" }
  }
}

#if FUZZING
  /// The target libFuzzer drives, chosen once before the driver starts.
  enum Fuzzing {
    nonisolated(unsafe) static var target = LinkTargets.links
  }

  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    Fuzzing.target.check(Array(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)))
    return 0
  }
#endif
