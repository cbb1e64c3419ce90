import ArgumentParser
import Foundation
import LinkBatch

/// The CSV rows `batch` and `sheet` read, and how many threads render them.
struct RowInputOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("The CSV file of rows, or - for standard input.", valueName: "file"),
    completion: .file(extensions: ["csv"])
  )
  var input: String

  @Option(
    help: ArgumentHelp("Threads rendering rows (default: the number of cores).", valueName: "n")
  )
  var jobs: Int?

  @Option(
    help: ArgumentHelp(
      "The most data rows to read (default \(BatchOptions.defaultMaximumRows)); a longer CSV "
        + "is refused before anything is written.",
      valueName: "n"
    )
  )
  var maxRows = BatchOptions.defaultMaximumRows

  func validate() throws {
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs must be at least 1, not \(jobs)")
    }
    if maxRows < 1 {
      throw ValidationError("--max-rows must be at least 1, not \(maxRows)")
    }
  }

  /// The input: standard input for `-`, else the file.
  var source: BatchInput {
    input == "-" ? .standardInput : .file(URL(fileURLWithPath: input))
  }
}
