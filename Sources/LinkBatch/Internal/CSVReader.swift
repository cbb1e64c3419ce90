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

  private enum State {
    case fieldStart, unquoted, quoted, quoteInQuoted, skipping
  }

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
    var state = State.fieldStart
    var fields: [String] = []
    var field: [UInt8] = []
    var recordBytes = 0
    var problem: String?
    var startLine = line
    var sawContent = false
    var quotedFrom = line
    if atStart {
      atStart = false
      try skipByteOrderMark()
    }

    func finishField() {
      guard problem == nil else { return }
      guard fields.count < Self.maximumFields else {
        problem = "the record has more than \(Self.maximumFields) fields"
        return
      }
      guard let text = String(validating: field, as: UTF8.self) else {
        problem = "field \(fields.count + 1) is not UTF-8 text"
        return
      }
      fields.append(text)
      field.removeAll(keepingCapacity: true)
    }

    while true {
      guard let byte = try nextByte() else {
        // End of input.
        switch state {
        case .quoted:
          problem = problem ?? "the quoted field opened on line \(quotedFrom) is never closed"
        case .fieldStart where !sawContent:
          return nil
        default: break
        }
        finishField()
        return record(startLine, fields, problem)
      }
      if pendingLineFeedAfterCR {
        pendingLineFeedAfterCR = false
        if byte == UInt8(ascii: "\n") { continue }
      }
      let isBreak = byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
      if isBreak, state != .quoted {
        if byte == UInt8(ascii: "\r") { pendingLineFeedAfterCR = true }
        line += 1
        if !sawContent, state == .fieldStart {
          // An empty line.
          startLine = line
          continue
        }
        if state != .skipping { finishField() }
        return record(startLine, fields, problem)
      }
      if isBreak, byte == UInt8(ascii: "\n") || !peekLineFeed() { line += 1 }
      sawContent = true
      recordBytes += 1
      if recordBytes > Self.maximumRecordBytes, problem == nil {
        problem = "the record is longer than \(Self.maximumRecordBytes) bytes"
        field = []
      }
      switch state {
      case .fieldStart:
        if byte == UInt8(ascii: "\"") {
          state = .quoted
          quotedFrom = line
        } else if byte == UInt8(ascii: ",") {
          finishField()
        } else {
          append(byte, to: &field, problem)
          state = .unquoted
        }
      case .unquoted:
        if byte == UInt8(ascii: ",") {
          finishField()
          state = .fieldStart
        } else if byte == UInt8(ascii: "\"") {
          problem = problem ?? "field \(fields.count + 1) has a quote but does not start with one"
          state = .skipping
        } else {
          append(byte, to: &field, problem)
        }
      case .quoted:
        if byte == UInt8(ascii: "\"") {
          state = .quoteInQuoted
        } else {
          append(byte, to: &field, problem)
        }
      case .quoteInQuoted:
        if byte == UInt8(ascii: "\"") {
          append(byte, to: &field, problem)
          state = .quoted
        } else if byte == UInt8(ascii: ",") {
          finishField()
          state = .fieldStart
        } else {
          problem =
            problem ?? "field \(fields.count + 1) has text after its closing quote"
          state = .skipping
        }
      case .skipping:
        break
      }
    }
  }

  private func record(_ line: Int, _ fields: [String], _ problem: String?) -> CSVRecord {
    CSVRecord(
      line: line,
      fields: problem.map { .failure(CSVRecordError(message: $0)) } ?? .success(fields)
    )
  }

  private func append(_ byte: UInt8, to field: inout [UInt8], _ problem: String?) {
    if problem == nil { field.append(byte) }
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

/// The input could not be read.
package struct CSVReadError: Error, Sendable {
  package var code: Int32
}
