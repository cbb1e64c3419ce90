import ArgumentParser
import Foundation
import LinkAssociation

/// `--out FILE`: where a generator writes; standard output when absent.
struct OutputFileOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write to this file (atomically: nothing is left half-written) instead of standard output.",
      valueName: "file"
    ),
    completion: .file()
  )
  var out: String?

  /// Prints `text` (which ends with a newline) or writes it to the file.
  func emit(_ text: String) throws(Failure) {
    guard let out else {
      print(text, terminator: "")
      return
    }
    try OutputWriter.write(Data(text.utf8), to: out)
  }
}

extension Failure {
  /// Runs a generator, turning its ``AssociationError`` into a failure (exit status 65).
  static func generating(_ body: () throws(AssociationError) -> String) throws(Failure) -> String {
    do {
      return try body()
    } catch {
      throw Failure(error.message)
    }
  }
}
