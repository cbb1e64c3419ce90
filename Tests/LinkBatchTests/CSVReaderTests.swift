import Foundation
import LinkgenTestSupport
import Testing

@testable import LinkBatch

@Suite(.blockingWork)
struct CSVReaderTests {
  /// Reads every record of `text` with a reader of the given buffer size.
  static func records(_ text: [UInt8], bufferSize: Int = 64 * 1024) throws -> [CSVRecord] {
    let directory = try TemporaryDirectory()
    let file = directory.file("rows.csv")
    try Data(text).write(to: file)
    let descriptor = open(file.path, O_RDONLY)
    defer { close(descriptor) }
    var reader = CSVReader(descriptor: descriptor, bufferSize: bufferSize)
    var records: [CSVRecord] = []
    while let record = try reader.next() { records.append(record) }
    #expect(reader.bytesRead == Int64(text.count))
    return records
  }

  static func summary(_ records: [CSVRecord]) -> [String] {
    records.map { record in
      switch record.fields {
      case .success(let fields): "\(record.line): " + fields.map { "[\($0)]" }.joined()
      case .failure(let error): "\(record.line): ! \(error.message)"
      }
    }
  }

  static let tricky = Array(
    "\u{FEFF}id,name\r\n1,\"Smith, Jane\"\r\n\r\n2,\"line one\nline two\"\n3,\"say \"\"hi\"\"\"\r4,\n,\n\"\",x"
      .utf8
  )

  @Test(arguments: [3, 7, 64 * 1024])
  func readsRFC4180(bufferSize: Int) throws {
    #expect(
      try Self.summary(Self.records(Self.tricky, bufferSize: bufferSize)) == [
        "1: [id][name]",
        "2: [1][Smith, Jane]",
        "4: [2][line one\nline two]",
        "6: [3][say \"hi\"]",
        "7: [4][]",
        "8: [][]",
        "9: [][x]",
      ]
    )
  }

  @Test func malformedRecordsAreReportedAndReadingGoesOn() throws {
    let text = Array(
      "a,b\n1,x\"y\n2,\"ok\"z\n3,\"fine\"\n4,\"open\n5,never closed".utf8
    )
    #expect(
      try Self.summary(Self.records(text)) == [
        "1: [a][b]",
        "2: ! field 2 has a quote but does not start with one",
        "3: ! field 2 has text after its closing quote",
        "4: [3][fine]",
        "5: ! the quoted field opened on line 5 is never closed",
      ]
    )
  }

  @Test func invalidUTF8IsAMalformedRecord() throws {
    let text: [UInt8] = Array("a,b\n1,".utf8) + [0xFF, 0xFE] + Array("\n2,ok\n".utf8)
    #expect(
      try Self.summary(Self.records(text)) == [
        "1: [a][b]", "2: ! field 2 is not UTF-8 text", "3: [2][ok]",
      ]
    )
  }

  @Test func anOverlongRecordIsSkippedInBoundedMemory() throws {
    let long = String(repeating: "x", count: CSVReader.maximumRecordBytes + 10)
    let text = Array("a\n\"\(long)\n\(long)\"\nshort\n".utf8)
    #expect(
      try Self.summary(Self.records(text, bufferSize: 1000)) == [
        "1: [a]",
        "2: ! the record is longer than \(CSVReader.maximumRecordBytes) bytes",
        "4: [short]",
      ]
    )
  }

  @Test func emptyInputHasNoRecords() throws {
    #expect(try Self.records([]).isEmpty)
    #expect(try Self.records(Array("\n\r\n".utf8)).isEmpty)
  }
}
