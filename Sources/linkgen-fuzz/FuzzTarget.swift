#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One reader under test: a name for `scripts/fuzz.sh`, and a check that asserts the reader's
/// invariants for one input (a broken invariant stops the process, which libFuzzer reports as
/// a crash and keeps the input).
struct FuzzTarget: Sendable {
  let name: String
  /// One line for `linkgen-fuzz --list --verbose` and docs/fuzzing.md.
  let summary: String
  let check: @Sendable ([UInt8]) -> Void

  /// Every target, in the order `--list` prints them.
  static let all: [FuzzTarget] = readers + server

  /// The targets that read files and links: everything but the server.
  static let readers: [FuzzTarget] = [
    LinkTargets.links, LinkTargets.table, AASATarget.target, AssociationTarget.target,
    AssetLinksTarget.target, CSVTarget.target, PagesTarget.target,
  ]

  /// The server's request path, in a build with the FuzzServer trait (the default).
  #if FuzzServer
    static let server = [ServerTarget.target]
  #else
    static let server: [FuzzTarget] = []
  #endif

  static func named(_ name: String) -> FuzzTarget? {
    all.first { $0.name == name }
  }
}

/// Assertions for the checks: unlike `precondition`, they hold in release builds and say
/// which input broke them.
enum Invariant {
  /// The input being checked, for messages (a corpus file's path when replaying).
  nonisolated(unsafe) static var input = "the fuzzer's input"

  static func require(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #fileID,
    line: UInt = #line
  ) {
    if !condition() { fail(message(), file: file, line: line) }
  }

  static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    let text = "linkgen-fuzz: invariant broken (\(file):\(line)) by \(input):\n  \(message)\n"
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
      guard written > 0 else { break }
      bytes = bytes.dropFirst(written)
    }
    abort()
  }
}
