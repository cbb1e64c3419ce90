import LinkBatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CSV reader of batches.
///
/// Two kinds of input, chosen by the first byte:
///
/// - raw CSV: read with the usual 64 KB buffer and again with a buffer of a few bytes (every
///   record then crosses buffer boundaries); both readings must agree, records must start on
///   increasing lines within the file, and every byte must be read;
/// - records: the rest of the input chooses records (fields, quoting, line endings, blank
///   lines, a byte-order mark, malformed records); the CSV written from them must read back as
///   exactly those records, each on the line it starts on, the malformed ones as errors that
///   take nothing from their neighbours.
enum CSVTarget {
  static let target = FuzzTarget(
    name: "csv",
    summary: "the CSV reader of batches: no trap; no record bleeds into the next; line numbers "
      + "are right, whatever the buffer boundaries",
    check: check
  )

  static func check(_ bytes: [UInt8]) {
    guard let mode = bytes.first else {
      Invariant.require(read([], bufferSize: 1).isEmpty, "empty input gave records")
      return
    }
    if mode & 1 == 0 {
      checkRaw(Array(bytes.dropFirst()), smallBuffer: Int(mode >> 1) % 7 + 1)
    } else {
      checkGenerated(FuzzInput(Array(bytes.dropFirst())))
    }
  }

  // MARK: Raw CSV

  static func checkRaw(_ csv: [UInt8], smallBuffer: Int) {
    let whole = read(csv, bufferSize: 64 * 1024)
    let pieces = read(csv, bufferSize: smallBuffer)
    Invariant.require(
      whole == pieces,
      "a \(smallBuffer)-byte buffer reads other records:\n    \(whole)\n    \(pieces)"
    )
    let lines =
      1
      + csv.indices.count(where: { index in
        csv[index] == 0x0A
          || (csv[index] == 0x0D && (index + 1 == csv.count || csv[index + 1] != 0x0A))
      })
    var previous = 0
    for record in whole {
      Invariant.require(
        record.line > previous && record.line <= lines,
        "a record on line \(record.line) after one on line \(previous), in \(lines) lines"
      )
      previous = record.line
      if case .fields(let fields) = record.result {
        Invariant.require(!fields.isEmpty, "a record without fields on line \(record.line)")
      }
    }
  }

  // MARK: Generated records

  struct Expected: Equatable, CustomStringConvertible {
    enum Result: Equatable {
      case fields([String])
      case malformed(String)
    }
    var line: Int
    var result: Result
    var description: String { "\(line): \(result)" }
  }

  static func checkGenerated(_ input: FuzzInput) {
    var input = input
    var csv: [UInt8] = input.bool() ? [0xEF, 0xBB, 0xBF] : []
    var line = 1
    var expected: [Expected] = []
    let count = input.int(in: 1...8)
    for index in 0..<count {
      for _ in 0..<input.int(in: 0...2) {
        append(ending(&input, after: csv), to: &csv, line: &line)
      }
      let start = line
      if input.int(in: 0...5) == 0 {
        let (text, message) = input.pick(malformed)
        csv += text.utf8
        expected.append(Expected(line: start, result: .malformed(message)))
      } else {
        let fields = (0..<input.int(in: 1...5)).map { _ in input.text(upTo: 24) }
        for (position, field) in fields.enumerated() {
          if position > 0 { csv.append(UInt8(ascii: ",")) }
          // Quotes where the text needs them, and for a lone empty field (an empty line is
          // skipped) or a leading U+FEFF (read as a byte-order mark).
          let needsQuotes =
            field.utf8.contains { [0x2C, 0x22, 0x0A, 0x0D].contains($0) }
            || (fields.count == 1 && field.isEmpty) || (csv.isEmpty && field.hasPrefix("\u{FEFF}"))
          if needsQuotes || input.bool() {
            csv.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
              if byte == UInt8(ascii: "\"") { csv.append(byte) }
              append([byte], to: &csv, line: &line)
            }
            csv.append(UInt8(ascii: "\""))
          } else {
            csv += field.utf8
          }
        }
        expected.append(Expected(line: start, result: .fields(fields)))
      }
      if index < count - 1 || input.bool() {
        append(ending(&input, after: csv), to: &csv, line: &line)
      }
    }
    for size in [64 * 1024, input.int(in: 1...7)] {
      let records = read(csv, bufferSize: size)
      Invariant.require(
        records == expected,
        "the reader (\(size)-byte buffer) read \(String(decoding: csv, as: UTF8.self).debugDescription) as\n    "
          + "\(records)\n  instead of\n    \(expected)"
      )
    }
  }

  /// Malformed records and the reader's message for each; each ends at its line break.
  static let malformed: [(String, String)] = [
    ("1,x\"y", "field 2 has a quote but does not start with one"),
    ("\"ok\"z,2", "field 1 has text after its closing quote"),
    ("a,b,\"c\"\"\"d", "field 3 has text after its closing quote"),
  ]

  /// A line ending: LF, CRLF or CR (never a lone LF right after a CR, which would join it).
  static func ending(_ input: inout FuzzInput, after csv: [UInt8]) -> [UInt8] {
    let choice = input.pick([[0x0A], [0x0D, 0x0A], [0x0D]] as [[UInt8]])
    return csv.last == 0x0D && choice.first == 0x0A ? [0x0D] : choice
  }

  /// Appends bytes, counting the line breaks among them (CRLF is one).
  static func append(_ bytes: [UInt8], to csv: inout [UInt8], line: inout Int) {
    for byte in bytes {
      if byte == 0x0A && csv.last != 0x0D { line += 1 }
      if byte == 0x0D { line += 1 }
      csv.append(byte)
    }
  }

  // MARK: Reading

  /// One scratch file, rewritten for each input: the reader reads a file descriptor.
  static let scratch: Int32 = {
    var template = Array("/tmp/linkgen-fuzz-csv-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard descriptor >= 0 else { Invariant.fail("cannot create a scratch file") }
    // Unlinked at once: the descriptor keeps it, and nothing is left behind.
    _ = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { unlink($0) } }
    return descriptor
  }()

  static func read(_ csv: [UInt8], bufferSize: Int) -> [Expected] {
    let descriptor = scratch
    guard ftruncate(descriptor, 0) == 0,
      csv.withUnsafeBytes({ pwrite(descriptor, $0.baseAddress, $0.count, 0) }) == csv.count,
      lseek(descriptor, 0, SEEK_SET) == 0
    else { Invariant.fail("cannot write the scratch file") }
    var reader = CSVReader(descriptor: descriptor, bufferSize: bufferSize)
    var records: [Expected] = []
    do {
      while let record = try reader.next() {
        switch record.fields {
        case .success(let fields):
          records.append(Expected(line: record.line, result: .fields(fields)))
        case .failure(let error):
          records.append(Expected(line: record.line, result: .malformed(error.message)))
        }
      }
    } catch {
      Invariant.fail("reading the scratch file failed (errno \(error.code))")
    }
    Invariant.require(
      reader.bytesRead == csv.count,
      "read \(reader.bytesRead) of \(csv.count) bytes"
    )
    return records
  }
}
