import Foundation
import LinkBatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An export's CSV file read with LinkBatch's reader (RFC 4180: quoted fields with commas and
/// line breaks, a UTF-8 byte order mark skipped): its header, lower-cased and trimmed, then
/// each record with its line.
struct ExportCSV {
  let file: String
  var header: [String] = []
  var headerLine = 0
  var records: [CSVRecord] = []

  /// Reads the whole file.
  init(file: String) throws(ImportError) {
    self.file = file
    let descriptor = open(file, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw ImportError(
        .unreadableInput,
        "\(file): cannot open the file: \(String(cString: strerror(errno)))"
      )
    }
    defer { close(descriptor) }
    var reader = CSVReader(descriptor: descriptor)
    do {
      while let record = try reader.next() {
        if header.isEmpty, case .success(let fields) = record.fields {
          header = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
          headerLine = record.line
        } else if header.isEmpty {
          throw ImportError(.invalidInput, "\(file):\(record.line): the header cannot be read")
        } else {
          records.append(record)
        }
      }
    } catch let error as CSVReadError {
      throw ImportError(.unreadableInput, "\(file): cannot read the file (errno \(error.code))")
    } catch let error as ImportError {
      throw error
    } catch {
      throw ImportError(.unreadableInput, "\(file): \(error)")
    }
  }

  /// The location of a record.
  func location(_ record: CSVRecord) -> ImportLocation {
    ImportLocation(file: file, line: record.line)
  }

  /// A record's fields by column, or a miss for a malformed record or one whose field count is
  /// not the header's.
  func fields(_ record: CSVRecord) -> Result<[String], ImportMiss> {
    switch record.fields {
    case .failure(let error):
      return .failure(ImportMiss(location: location(record), subject: nil, message: error.message))
    case .success(let fields):
      guard fields.count == header.count else {
        return .failure(
          ImportMiss(
            location: location(record),
            subject: nil,
            message: "the row has \(fields.count) fields; the header has \(header.count)"
          )
        )
      }
      return .success(fields)
    }
  }
}
