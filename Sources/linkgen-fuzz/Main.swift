import Foundation
import LinkKit

/// Coverage-guided fuzzing of linkgen's parsers with libFuzzer.
///
/// Build and run (see docs/fuzzing.md):
///
///     swift build -c release --product linkgen-fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING
///     SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build/release/linkgen-fuzz \
///       -max_total_time=60 -dict=Fuzz/links.dict Fuzz/corpus/links
///
/// `LINKGEN_FUZZ=table` fuzzes the route-table loader instead of the link parser. Without
/// `-DFUZZING` the target builds normally and runs every corpus file once through the same
/// checks, so the corpus doubles as a regression test.
@main
struct FuzzMain {
  static func main() {
    #if FUZZING
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOne))
    #else
      let arguments = CommandLine.arguments.dropFirst()
      guard !arguments.isEmpty else {
        print("usage: linkgen-fuzz <corpus file or directory>… (build with -DFUZZING to fuzz)")
        return
      }
      var count = 0
      for path in arguments {
        for file in files(at: path) {
          guard let data = FileManager.default.contents(atPath: file) else { continue }
          Invariants.check(data)
          count += 1
        }
      }
      print("linkgen-fuzz: \(count) inputs checked, invariants hold")
    #endif
  }

  static func files(at path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.sorted().map { "\(path)/\($0)" }
  }
}

#if FUZZING
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
  ) -> Int32

  func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    Invariants.check(Data(bytes: data, count: size))
    return 0
  }
#endif
