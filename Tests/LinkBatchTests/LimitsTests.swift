import Foundation
import LinkBatch
import LinkgenTestSupport
import Testing

@testable import LinkBatch

/// The batch input's limits at their edges (docs/limits.md).
struct LimitsTests {
  @Test func recordSize() throws {
    #expect(CSVReader.maximumRecordBytes == BatchOptions.maximumRecordBytes)
    let limit = BatchOptions.maximumRecordBytes
    // A record of exactly the limit (its line break not counted), then one byte longer.
    let fits = String(repeating: "x", count: limit)
    let over = String(repeating: "y", count: limit + 1)
    let records = try CSVReaderTests.summary(
      CSVReaderTests.records(Array("a\n\(fits)\n\(over)\nshort\n".utf8), bufferSize: 4096)
    )
    #expect(records.count == 4)
    #expect(records[1] == "2: [\(fits)]")
    #expect(records[2] == "3: ! the record is longer than 65536 bytes")
    #expect(records[3] == "4: [short]")
  }

  @Test func fieldCount() throws {
    let limit = BatchOptions.maximumFields
    let fits = Array(repeating: "f", count: limit).joined(separator: ",")
    let over = Array(repeating: "g", count: limit + 1).joined(separator: ",")
    let records = try CSVReaderTests.records(Array("\(fits)\n\(over)\nlast\n".utf8))
    guard case .success(let fields) = records[0].fields else {
      Issue.record("1024 fields refused")
      return
    }
    #expect(fields.count == 1024)
    #expect(
      CSVReaderTests.summary(Array(records.dropFirst())) == [
        "2: ! the record has more than 1024 fields", "3: [last]",
      ]
    )
  }

  @Test func rowCountOfAFileIsCheckedBeforeAnythingIsWritten() throws {
    let directory = try TemporaryDirectory()
    var options = try BatchRunnerTests.options(directory, BatchRunnerTests.csv(3))
    options.maximumRows = 3
    let summary = try BatchRunner(table: BatchRunnerTests.table, options: options).run()
    #expect(summary.rows == 3 && summary.written == 3)

    let second = try TemporaryDirectory()
    var over = try BatchRunnerTests.options(second, BatchRunnerTests.csv(4))
    over.maximumRows = 3
    do {
      _ = try BatchRunner(table: BatchRunnerTests.table, options: over).run()
      Issue.record("a CSV of 4 rows passed a limit of 3")
    } catch {
      #expect(error.code == .tooManyRows)
      #expect(error.message.contains("has more than 3 data rows (line 5 is one too many)"))
    }
    #expect(!FileManager.default.fileExists(atPath: second.file("out").path))
  }

  @Test func theRowLimitIsAtLeastOne() throws {
    let directory = try TemporaryDirectory()
    var options = try BatchRunnerTests.options(directory, BatchRunnerTests.csv(1))
    options.maximumRows = 0
    #expect(throws: BatchError.self) {
      try BatchRunner(table: BatchRunnerTests.table, options: options)
    }
  }
}
