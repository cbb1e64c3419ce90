import ArgumentParser
import Foundation
import LinkBatch

/// `--out FILE`: where a generator writes; standard output when absent.
struct OutputFileOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "Write to this file instead of standard output: atomically (nothing is left "
        + "half-written), creating missing folders.",
      valueName: "file"
    ),
    completion: .file()
  )
  var out: String?

  /// Prints `text` (which ends with a newline) or writes it to the file.
  func emit(_ text: String) throws(AtomicFileError) {
    guard let out else {
      Console.write(text)
      return
    }
    try OutputWriter.write(Data(text.utf8), to: out)
  }
}
