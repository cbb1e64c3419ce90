import LinkKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One record of a CSV file, or why it could not be read.
package struct CSVRecord: Sendable {
  /// The line the record starts on, from 1.
  package var line: Int
  /// The fields, or the reason the record is malformed.
  package var fields: Result<[String], CSVRecordError>
}

/// Why one record of a CSV file is malformed; the reader goes on with the next one.
package struct CSVRecordError: Error, Sendable, Hashable {
  package var message: String

  package init(message: String) {
    self.message = message
  }
}

/// Reads RFC 4180 CSV from a file descriptor, one record at a time, in constant memory:
/// fields separated by commas, records by CRLF, LF or CR; fields in double quotes may hold
/// commas, line breaks and `""` for a quote. A UTF-8 byte order mark at the start is skipped;
/// empty lines are skipped. A malformed record (a stray quote, an unterminated quoted field,
/// invalid UTF-8, more than `maximumRecordBytes`) is returned as an error with its line, and
/// reading resumes after it.
package struct CSVReader {
  /// The largest record kept; longer ones are skipped as malformed.
  package static let maximumRecordBytes = BatchOptions.maximumRecordBytes
  /// The most fields a record may have; a record with more is malformed.
  package static let maximumFields = BatchOptions.maximumFields

  private let descriptor: Int32
  private var buffer: [UInt8]
  private var position = 0
  private var end = 0
  private var atEndOfInput = false
  private var atStart = true
  private var pendingLineFeedAfterCR = false
  /// The line the next byte is on.
  private var line = 1
  /// Bytes read from the descriptor so far.
  package private(set) var bytesRead: Int64 = 0

  /// - Parameter bufferSize: The bytes read at once; at least 4, so that a byte-order mark
  ///   fits.
  package init(descriptor: Int32, bufferSize: Int = 64 * 1024) {
    self.descriptor = descriptor
    buffer = [UInt8](repeating: 0, count: max(bufferSize, 4))
  }

  /// The next record, or `nil` at the end of the input.
  ///
  /// - Throws: ``CSVReadError`` when the descriptor cannot be read.
  package mutating func next() throws(CSVReadError) -> CSVRecord? {
    if atStart {
      atStart = false
      try skipByteOrderMark()
    }
    var record = PartialRecord(startLine: line)
    while true {
      guard let byte = try nextByte() else { return record.endOfInput() }
      if pendingLineFeedAfterCR {
        pendingLineFeedAfterCR = false
        if byte == UInt8(ascii: "\n") { continue }
      }
      let isBreak = byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      if isBreak, record.state != .quoted {
        if byte == UInt8(ascii: "\r") { pendingLineFeedAfterCR = true }
        line += 1
        if record.isBlank {
          record.startLine = line  // an empty line
          continue
        }
        return record.endOfRecord()
      }
      // A line break inside a quoted field (CRLF counts once).
      if isBreak, byte == UInt8(ascii: "\n") || !peekLineFeed() { line += 1 }
      record.consume(byte, line: line)
    }
  }

  /// A CR inside a quoted field: whether an LF follows (counted as the same line break).
  private mutating func peekLineFeed() -> Bool {
    if position >= end { try? fill() }
    return position < end && buffer[position] == UInt8(ascii: "\n")
  }

  private mutating func skipByteOrderMark() throws(CSVReadError) {
    while end - position < 3, !atEndOfInput { try fill() }
    if end - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
      buffer[position + 2] == 0xBF
    {
      position += 3
    }
  }

  private mutating func nextByte() throws(CSVReadError) -> UInt8? {
    if position >= end {
      try fill()
      if position >= end { return nil }
    }
    let byte = buffer[position]
    position += 1
    return byte
  }

  /// Refills the buffer, keeping unread bytes.
  private mutating func fill() throws(CSVReadError) {
    // A full buffer has no room to read into; a read of 0 bytes would look like the end.
    guard !atEndOfInput, position > 0 || end < buffer.count else { return }
    if position > 0 {
      let remaining = end - position
      if remaining > 0 {
        buffer.withUnsafeMutableBufferPointer { bytes in
          let base = bytes.baseAddress.unsafelyUnwrapped
          base.update(from: base + position, count: remaining)
        }
      }
      end = remaining
      position = 0
    }
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        systemRead(descriptor, bytes.baseAddress.unsafelyUnwrapped + end, bytes.count - end)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw CSVReadError(code: errno)
      }
      if count == 0 { atEndOfInput = true }
      end += count
      bytesRead += Int64(count)
      return
    }
  }
}

/// Where the reader is in a record: RFC 4180's states, plus skipping the rest of a record
/// found malformed.
private enum State {
  case fieldStart, unquoted, quoted, quoteInQuoted, skipping
}

/// The record being read: the fields so far, the bytes of the current one, the state, and
/// the first problem found (after which bytes are no longer kept).
private struct PartialRecord {
  var state = State.fieldStart
  var fields: [String] = []
  var field: [UInt8] = []
  var byteCount = 0
  var problem: String?
  var startLine: Int
  var sawContent = false
  var quotedFrom = 0

  init(startLine: Int) {
    self.startLine = startLine
    quotedFrom = startLine
  }

  /// Whether nothing but a line break has been read: an empty line, which is skipped.
  var isBlank: Bool { !sawContent && state == .fieldStart }

  /// One byte of the record (not the line break that ends it), on `line`.
  mutating func consume(_ byte: UInt8, line: Int) {
    sawContent = true
    byteCount += 1
    if byteCount > CSVReader.maximumRecordBytes, problem == nil {
      problem = "the record is longer than \(CSVReader.maximumRecordBytes) bytes"
      field = []
    }
    let quote = UInt8(ascii: "\"")
    let comma = UInt8(ascii: ",")
    switch state {
    case .fieldStart:
      if byte == quote {
        state = .quoted
        quotedFrom = line
      } else if byte == comma {
        finishField()
      } else {
        append(byte)
        state = .unquoted
      }
    case .unquoted:
      if byte == comma {
        finishField()
        state = .fieldStart
      } else if byte == quote {
        fail("field \(fields.count + 1) has a quote but does not start with one")
      } else {
        append(byte)
      }
    case .quoted:
      if byte == quote { state = .quoteInQuoted } else { append(byte) }
    case .quoteInQuoted:
      if byte == quote {
        append(byte)
        state = .quoted
      } else if byte == comma {
        finishField()
        state = .fieldStart
      } else {
        fail("field \(fields.count + 1) has text after its closing quote")
      }
    case .skipping:
      break
    }
  }

  /// The record, at the line break that ends it.
  mutating func endOfRecord() -> CSVRecord {
    if state != .skipping { finishField() }
    return record()
  }

  /// The last record at the end of the input, or `nil` when there is none.
  mutating func endOfInput() -> CSVRecord? {
    switch state {
    case .quoted:
      problem = problem ?? "the quoted field opened on line \(quotedFrom) is never closed"
    case .fieldStart where !sawContent:
      return nil
    default: break
    }
    finishField()
    return record()
  }

  private mutating func finishField() {
    guard problem == nil else { return }
    guard fields.count < CSVReader.maximumFields else {
      problem = "the record has more than \(CSVReader.maximumFields) fields"
      return
    }
    guard let text = UTF8Text.decode(field) else {
      problem = "field \(fields.count + 1) is not UTF-8 text"
      return
    }
    fields.append(text)
    field.removeAll(keepingCapacity: true)
  }

  private mutating func fail(_ message: String) {
    problem = problem ?? message
    state = .skipping
  }

  private mutating func append(_ byte: UInt8) {
    if problem == nil { field.append(byte) }
  }

  private func record() -> CSVRecord {
    CSVRecord(
      line: startLine,
      fields: problem.map { .failure(CSVRecordError(message: $0)) } ?? .success(fields)
    )
  }
}

/// The input could not be read.
package struct CSVReadError: Error, Sendable {
  package var code: Int32
}
